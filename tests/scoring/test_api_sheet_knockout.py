"""Knockout stages of the games kept on a scoresheet, through the API: a Shuangkou match level on time
goes to the side holding the deal (docs/rules/shuangkou.md S10, ``equal_levels: dealer_side``, the
knockout's own setting), a Daguai Luzi match level on points cannot be confirmed without a winner
(docs/rules/daguai.md K5 names no tiebreak: ``422 knockout_needs_winner``), and the winners go
through to the next round."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.scoring.conftest import API
from tests.tournaments.conftest import assert_problem, client_for, new_user

pytestmark = pytest.mark.django_db


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


class Cup:
    """A published knockout event of four seeded sides of ``game``, its first round drawn and published."""

    def __init__(self, game: str, *, players: int = 2, settings: dict | None = None):
        self.url = f"{API}/events/{game}-cup"
        self.organizer = client_for(new_user("organizer"))
        self.keeper = client_for(new_user("keeper"))
        self.referee = client_for(new_user("referee"))
        body = {"slug": f"{game}-cup", "name": "Cup", "game": game, **(settings or {})}
        check(self.organizer.post(f"{API}/events/", body, format="json"), 201)
        check(self.organizer.patch(f"{self.url}/", {"status": "published"}))
        for client, role in ((self.keeper, "scorekeeper"), (self.referee, "referee")):
            body = {"username": client.user.username, "role": role}
            check(self.organizer.post(f"{self.url}/roles/", body), 201)
        for seed in range(1, 5):
            pair = {f"player_{n}": {"name": f"Seed {seed}-{n}"} for n in range(1, players + 1)}
            check(self.organizer.post(f"{self.url}/pairs/", {**pair, "seed": seed}, format="json"), 201)
        stage = check(self.organizer.post(f"{self.url}/stages/", {"name": "Cup", "kind": "knockout"}), 201)
        self.stage = stage["id"]
        self.matches = self.round()

    def round(self) -> list[dict]:
        number = check(self.organizer.post(f"{self.url}/rounds/", {"stage": self.stage}), 201)["number"]
        check(self.organizer.post(f"{self.url}/rounds/{number}/draw", {"seed": 3}))
        check(self.organizer.post(f"{self.url}/rounds/{number}/publish"))
        return check(self.organizer.get(f"{self.url}/matches/", {"round": number}))["results"]

    def play(self, match: dict, deals: list[dict], result: dict | None = None):
        """Post the deals, then submit the result; the submission's response."""
        url = f"{API}/matches/{match['id']}"
        for number, deal in enumerate(deals, start=1):
            check(self.keeper.post(f"{url}/deals/", {"number": number, **deal}, format="json"), 201)
        return self.keeper.post(f"{url}/result", result or {}, format="json")

    def confirm(self, match: dict) -> dict:
        return check(self.referee.post(f"{API}/matches/{match['id']}/result/confirm", {}, format="json"))

    def close(self) -> None:
        check(self.organizer.post(f"{self.url}/rounds/1/close"))


def sk(dealer: str, points: int) -> dict:
    return {"dealer": dealer, "attackers_points": points}


# NS keep the deal and climb 2 → 10 → J → K → NT, then win their no-trump deal (S10).
NS_WIN_NO_TRUMP = [sk("N", 0), sk("S", 65), sk("N", 0), sk("S", 0), sk("N", 40)]
# EW take the deal on 80 without a rise: 2 : 2, and EW (E) hold the deal when the clock ends it.
LEVEL_ON_TIME = [sk("N", 80)]


def test_s10_a_knockout_shuangkou_match_level_on_time_goes_to_the_side_holding_the_deal(db):
    cup = Cup("shuangkou")
    response = cup.play(cup.matches[0], LEVEL_ON_TIME, {"time_up": True})
    body = check(response, 201)["versions"][-1]
    assert body["levels"] == {"NS": "2", "EW": "2"}
    assert (body["winner"], body["games"][0]["end_reason"]) == ("EW", "time_limit")


def test_s10_the_same_level_match_in_a_swiss_round_is_a_draw(db):
    cup = Cup("shuangkou")
    # The knockout's round settled first (docs/events.md "Unsettled rounds").
    for knockout_match in cup.matches:
        check(cup.play(knockout_match, NS_WIN_NO_TRUMP), 201)
        cup.confirm(knockout_match)
    swiss = check(cup.organizer.post(f"{cup.url}/stages/", {"name": "Swiss", "kind": "swiss"}), 201)
    cup.stage = swiss["id"]
    match = cup.round()[0]
    body = check(cup.play(match, LEVEL_ON_TIME, {"time_up": True}), 201)["versions"][-1]
    assert (body["winner"], body["games"][0]["draw"]) == (None, True)


def test_s10_knockout_shuangkou_winners_go_through_to_the_next_round(db):
    cup = Cup("shuangkou")
    first, second = cup.matches
    check(cup.play(first, NS_WIN_NO_TRUMP), 201)
    check(cup.play(second, LEVEL_ON_TIME, {"time_up": True}), 201)
    for match in (first, second):
        cup.confirm(match)
    cup.close()
    (final,) = cup.round()
    through = {first["ns_pair"]["id"], second["ew_pair"]["id"]}
    assert {final["ns_pair"]["id"], final["ew_pair"]["id"]} == through


def dg(number: int, order: str) -> dict:
    return {"dealer": str(number), "finishing_order": list(order)}


A_ONE, B_ONE = "12436", "21345"  # team A (resp. B) goes out first and scores 1 (one of its own trapped)
LEVEL_POINTS = [dg(n, A_ONE if n % 2 else B_ONE) for n in range(1, 7)]  # 3 : 3
A_WINS = [dg(n, A_ONE) for n in range(1, 7)]  # 6 : 0


def test_k5_a_knockout_daguai_match_level_on_points_is_a_422_without_a_winner(db):
    cup = Cup("daguai", players=3)
    body = assert_problem(cup.play(cup.matches[0], LEVEL_POINTS), 422, "knockout_needs_winner")
    assert "docs/rules/daguai.md" in body["detail"]
    confirm = cup.referee.post(f"{API}/matches/{cup.matches[0]['id']}/result/confirm", {})
    assert confirm.status_code == 409, "nothing was submitted to confirm"
    assert APIClient().get(f"{API}/matches/{cup.matches[0]['id']}/").json()["status"] != "confirmed"


def test_k5_knockout_daguai_winners_go_through_to_the_next_round(db):
    cup = Cup("daguai", players=3)
    first, second = cup.matches
    assert check(cup.play(first, A_WINS), 201)["versions"][-1]["winner"] == "NS"
    # The level match is decided by a referee: the side that loses the tie is named as forfeiting.
    assert_problem(cup.play(second, LEVEL_POINTS), 422, "knockout_needs_winner")
    forfeit = {"forfeit": {"side": "NS", "kind": "withdrawal"}}
    url = f"{API}/matches/{second['id']}/result"
    assert check(cup.referee.post(url, forfeit, format="json"), 201)["versions"][-1]["winner"] == "EW"
    for match in (first, second):
        cup.confirm(match)
    cup.close()
    (final,) = cup.round()
    through = {first["ns_pair"]["id"], second["ew_pair"]["id"]}
    assert {final["ns_pair"]["id"], final["ew_pair"]["id"]} == through
