"""A whole pairs-duplicate event through the API (docs/duplicate.md "Running a session"): 16 pairs at 8
tables, 3 rounds of 4 deals of a deal set made by the service; every table plays the round's deals,
the deals are checked against the set, the travellers compare the tables and the standings rank the
pairs by percentage. The deal set is the staff's until a closed round has played its deals."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from engine.duplicate.dealing import generate
from tests.scoring.conftest import API
from tests.tournaments.conftest import client_for, new_user

pytestmark = pytest.mark.django_db

SLUG = "dup-open"
EVENT = f"{API}/events/{SLUG}"
ORDERS = (["N", "S"], ["N", "E", "S"], ["W", "N", "E"], ["E", "W"], ["S", "W", "E"], ["E", "S", "N", "W"])


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


def order_for(round_: int, table: int, k: int) -> list[str]:
    return ORDERS[(round_ * 7 + table * 3 + k * 5 + table * k) % len(ORDERS)]


class Duplicate:
    def __init__(self, pairs: int = 16, rounds: int = 3, per_round: int = 4):
        self.organizer = client_for(new_user("organizer"))
        self.keeper = client_for(new_user("keeper"))
        self.referee = client_for(new_user("referee"))
        self.per_round = per_round
        body = {
            "slug": SLUG,
            "name": "Duplicate Open",
            "game": "guandan_duplicate",
            "rule_overrides": {"deals_per_round": per_round},
        }
        check(self.organizer.post(f"{API}/events/", body, format="json"), 201)
        check(self.organizer.patch(f"{EVENT}/", {"status": "published"}))
        for client, role in ((self.keeper, "scorekeeper"), (self.referee, "referee")):
            check(
                self.organizer.post(f"{EVENT}/roles/", {"username": client.user.username, "role": role}), 201
            )
        for number in range(1, pairs + 1):
            body = {"player_1": {"name": f"Player {number}a"}, "player_2": {"name": f"Player {number}b"}}
            check(self.organizer.post(f"{EVENT}/pairs/", body), 201)
        self.stage = check(self.organizer.post(f"{EVENT}/stages/", {"name": "Swiss", "kind": "swiss"}), 201)
        self.deal_set = check(
            self.organizer.post(
                f"{EVENT}/deal-sets/",
                {"name": "Session", "count": rounds * per_round, "seed": 2026},
                format="json",
            ),
            201,
        )

    def draw(self, round_: int) -> list[dict]:
        number = check(self.organizer.post(f"{EVENT}/rounds/", {"stage": self.stage["id"]}), 201)["number"]
        assert number == round_
        check(self.organizer.post(f"{EVENT}/rounds/{number}/draw", {"seed": 40 + number}))
        body = {"deal_set": self.deal_set["id"], "first": 1 + (number - 1) * self.per_round}
        check(self.organizer.put(f"{EVENT}/rounds/{number}/deals/", body, format="json"))
        check(self.organizer.post(f"{EVENT}/rounds/{number}/publish"))
        return check(self.organizer.get(f"{EVENT}/matches/", {"round": number}))["results"]

    def play(self, round_: int, matches: list[dict]) -> None:
        for match in matches:
            url = f"{API}/matches/{match['id']}"
            for k in range(1, self.per_round + 1):
                body = {"number": k, "finishing_order": order_for(round_, match["table"], k)}
                check(self.keeper.post(f"{url}/deals/", body, format="json"), 201)
            check(self.keeper.post(f"{url}/result", {}, format="json"), 201)
            check(self.referee.post(f"{url}/result/confirm", {}, format="json"))

    def close(self, round_: int) -> None:
        check(self.organizer.post(f"{EVENT}/rounds/{round_}/close"))


@pytest.fixture
def event():
    return Duplicate()


def test_a_pairs_duplicate_event_of_8_tables_and_3_rounds(event):
    anonymous = APIClient()
    tables = {}
    for round_ in (1, 2, 3):
        matches = event.draw(round_)
        assert len(matches) == 8
        if round_ == 1:  # before a round is closed its deals are the staff's
            assert check(anonymous.get(f"{EVENT}/deal-sets/{event.deal_set['id']}/"))["deals"] == []
            staff = check(event.organizer.get(f"{EVENT}/deal-sets/{event.deal_set['id']}/"))
            assert len(staff["deals"]) == 12 and staff["seed"] == 2026 and staff["algorithm"] == 1
        event.play(round_, matches)
        tables[round_] = matches
        event.close(round_)
    # The set's deals are the generator's: the same seed, the same deals.
    made = generate(2026, 12)
    public = check(anonymous.get(f"{EVENT}/deal-sets/{event.deal_set['id']}/"))
    assert [d["hands"] for d in public["deals"]] == [d.to_dict()["hands"] for d in made]
    # A traveller: the 8 tables of round 2's first deal (deal 5 of the set), compared in each direction.
    traveller = check(anonymous.get(f"{EVENT}/rounds/2/deals/5/traveller"))
    lines = traveller["tables"]
    assert len(lines) == 8 and traveller["comparison"] == "matchpoints"
    assert all(line["ns_percent"] + line["ew_percent"] == 100 for line in lines)
    assert [line["ns_score"] for line in lines] == sorted((line["ns_score"] for line in lines), reverse=True)
    assert lines[0]["ns_percent"] >= lines[-1]["ns_percent"]
    # The standings: every pair, 12 deals each, by percentage; the percentages average 50.
    standings = check(anonymous.get(f"{EVENT}/duplicate/standings/"))
    rows = standings["rows"]
    assert len(rows) == 16 and all(row["deals"] == 12 and row["tops"] == 12 * 14 for row in rows)
    assert [row["percent"] for row in rows] == sorted((row["percent"] for row in rows), reverse=True)
    assert abs(sum(row["percent"] for row in rows) / 16 - 50) < 0.01
    assert rows[0]["place"] == 1


def test_a_deal_is_checked_against_the_sets(event):
    (match, *_) = event.draw(1)
    url = f"{API}/matches/{match['id']}/deals/"
    other = generate(1, 1)[0].to_dict()["hands"]
    refused = check(
        event.keeper.post(url, {"number": 1, "finishing_order": ["N", "S"], "hands": other}, format="json"),
        422,
    )
    assert refused["code"] == "not_the_sets_hand"
    refused = check(
        event.keeper.post(url, {"number": 1, "finishing_order": ["N", "S"], "board": 3}, format="json"), 422
    )
    assert refused["code"] == "wrong_board"
    own = generate(2026, 1)[0].to_dict()["hands"]
    posted = check(
        event.keeper.post(url, {"number": 1, "finishing_order": ["N", "S"], "hands": own}, format="json"), 201
    )
    assert posted["state"]["points"] == {"NS": 3, "EW": 0}
    for k in (2, 3, 4):
        check(event.keeper.post(url, {"number": k, "finishing_order": ["E", "W"]}, format="json"), 201)
    refused = check(event.keeper.post(url, {"number": 5, "finishing_order": ["E", "W"]}, format="json"), 422)
    assert refused["code"] == "unknown_deal"


def test_the_deal_set_is_the_staffs_and_made_by_the_organizer(event):
    check(APIClient().get(f"{EVENT}/deal-sets/"), 401)
    check(event.keeper.post(f"{EVENT}/deal-sets/", {"name": "x", "count": 2, "seed": 1}, format="json"), 403)
    listed = check(event.keeper.get(f"{EVENT}/deal-sets/"))
    assert [(s["name"], s["deal_count"], s["source"]) for s in listed] == [("Session", 12, "generated")]


def test_an_imported_set_is_refused_row_by_row(event):
    bad = generate(3, 2)
    text = "\n".join(["deal 1 level 2 leader N", *(f"{s}: {' '.join(bad[0].hands[s][:26])}" for s in "NESW")])
    refused = check(
        event.organizer.post(
            f"{EVENT}/deal-sets/import", {"name": "x", "format": "text", "content": text}, format="json"
        ),
        400,
    )
    assert refused["code"] == "invalid_deal_set" and refused["errors"][0]["code"] == "wrong_hand_size"
    from engine.duplicate.importing import to_text

    made = check(
        event.organizer.post(
            f"{EVENT}/deal-sets/import",
            {"name": "Imported", "format": "text", "content": to_text(bad)},
            format="json",
        ),
        201,
    )
    assert made["source"] == "imported" and made["deal_count"] == 2 and made["seed"] is None


def test_a_round_cannot_play_deals_the_set_does_not_have(event):
    check(event.organizer.post(f"{EVENT}/rounds/", {"stage": event.stage["id"]}), 201)
    body = {"deal_set": event.deal_set["id"], "first": 10}
    assert (
        check(event.organizer.put(f"{EVENT}/rounds/1/deals/", body, format="json"), 422)["code"]
        == "unknown_deal"
    )
    body = {"deal_set": event.deal_set["id"], "count": 3}
    assert (
        check(event.organizer.put(f"{EVENT}/rounds/1/deals/", body, format="json"), 422)["code"]
        == "wrong_deal_count"
    )
    body = {"deal_set": 999999}
    assert (
        check(event.organizer.put(f"{EVENT}/rounds/1/deals/", body, format="json"), 404)["code"]
        == "deal_set_not_found"
    )


def test_a_guandan_event_has_no_deal_sets():
    organizer = client_for(new_user("organizer"))
    check(organizer.post(f"{API}/events/", {"slug": "plain", "name": "Plain"}, format="json"), 201)
    refused = check(
        organizer.post(f"{API}/events/plain/deal-sets/", {"name": "x", "count": 2, "seed": 1}, format="json"),
        409,
    )
    assert refused["code"] == "not_duplicate"


def test_the_duplicate_tables_deal_form_asks_only_the_finishing_order(event):
    (match, *_) = event.draw(1)
    form = check(event.keeper.get(f"{API}/matches/{match['id']}/deal-form"))["form"]
    assert [field["name"] for field in form["fields"]] == ["finishing_order"]
    assert form["number"] == 1
