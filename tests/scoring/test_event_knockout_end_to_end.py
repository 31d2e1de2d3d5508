"""A knockout event of eight seeded pairs through the API to its winner (G8, G11): every tie is a
best of three (the stage's ``best_of``); each round is drawn, published, scored and confirmed, and
only confirmed winners go through to the next round.

Only the users and their tokens are made outside the API. The ``cup`` fixture plays the event once
for the module (in a transaction rolled back after its last test) and records what each test looks
at; each test runs in a savepoint of its own. A tie of a single game, on an event of its own, is in
test_event_knockout_tie.py.
"""

from __future__ import annotations

import pytest

from tests.conftest import rolled_back
from tests.scoring.conftest import API, EW_SWEEP, NS_SWEEP
from tests.tournaments.conftest import assert_problem, client_for, new_user

pytestmark = pytest.mark.django_db

SLUG = "spring-cup"
EVENT = f"{API}/events/{SLUG}"
SETTINGS = {"match_format": "deal_count", "deal_limit": 8, "tiebreaks": ["level_points"]}

# Seeds that win their tie (the 5 seed upsets the 4 seed in the first round).
WINNERS = {1: {1, 5, 3, 2}, 2: {1, 2}, 3: {1}}


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


def opposite(side: str) -> str:
    return "EW" if side == "NS" else "NS"


class Cup:
    def __init__(self, *, best_of: int = 3, pairs: int = 8):
        self.organizer = client_for(new_user("organizer"))
        self.keeper = client_for(new_user("keeper"))
        self.referee = client_for(new_user("referee"))
        check(self.organizer.post(f"{API}/events/", {"slug": SLUG, "name": "Spring Cup", **SETTINGS}), 201)
        check(self.organizer.patch(f"{EVENT}/", {"status": "published"}))
        for client, role in ((self.keeper, "scorekeeper"), (self.referee, "referee")):
            check(
                self.organizer.post(f"{EVENT}/roles/", {"username": client.user.username, "role": role}), 201
            )
        self.seed_of: dict[int, int] = {}  # pair id → seed
        for seed in range(1, pairs + 1):
            body = {
                "player_1": {"name": f"Seed {seed} A"},
                "player_2": {"name": f"Seed {seed} B"},
                "seed": seed,
            }
            self.seed_of[check(self.organizer.post(f"{EVENT}/pairs/", body), 201)["id"]] = seed
        stage = {"name": "Cup", "kind": "knockout", "best_of": best_of}
        self.stage = check(self.organizer.post(f"{EVENT}/stages/", stage), 201)["id"]
        self.observed: dict = {}

    def new_round(self) -> int:
        return check(self.organizer.post(f"{EVENT}/rounds/", {"stage": self.stage}), 201)["number"]

    def draw(self, number: int):
        return self.organizer.post(f"{EVENT}/rounds/{number}/draw", {"seed": 7 * number})

    def publish(self, number: int) -> list[dict]:
        check(self.organizer.post(f"{EVENT}/rounds/{number}/publish"))
        return check(self.organizer.get(f"{EVENT}/matches/", {"round": number}))["results"]

    def seeds(self, match: dict) -> tuple[int, int]:
        return self.seed_of[match["ns_pair"]["id"]], self.seed_of[match["ew_pair"]["id"]]

    def winning_side(self, number: int, match: dict) -> str:
        ns, ew = self.seeds(match)
        assert (ns in WINNERS[number]) != (ew in WINNERS[number])
        return "NS" if ns in WINNERS[number] else "EW"

    def submit(self, match: dict, winner: str) -> None:
        """The scorekeeper enters the tie: posted deals at table 1, else the level sheet of each game."""
        url = f"{API}/matches/{match['id']}"
        loser = opposite(winner)
        if match["table"] == 1:  # 2-1 in games, every deal posted
            sweeps = {"NS": NS_SWEEP, "EW": EW_SWEEP}
            orders = [*sweeps[winner], *sweeps[loser], *sweeps[winner]]
            for number, order in enumerate(orders, start=1):
                check(self.keeper.post(f"{url}/deals/", {"number": number, "finishing_order": order}), 201)
            check(self.keeper.post(f"{url}/result", {}), 201)
            return
        games = [
            {"levels": {winner: "10", loser: "6"}, "deals_played": 8},
            {"levels": {winner: "6", loser: "10"}, "deals_played": 8},
            {"levels": {"NS": "9", "EW": "9"}, "deals_played": 8, "winner": winner},  # equal: one more deal
        ]
        if match["table"] == 2:
            games = [games[0], {"levels": {winner: "9", loser: "7"}, "deals_played": 8}]  # 2-0
        check(self.keeper.post(f"{url}/result", {"games": games}), 201)

    def confirm(self, match: dict) -> dict:
        official = check(self.referee.post(f"{API}/matches/{match['id']}/result/confirm", {}))
        assert official["status"] == "confirmed", official
        return official["official"]


@pytest.fixture(scope="module")
def cup(django_db_setup, django_db_blocker) -> Cup:
    with rolled_back(django_db_blocker):
        yield played()


def played() -> Cup:
    cup = Cup()
    for number in (1, 2, 3):
        assert cup.new_round() == number
        check(cup.draw(number))
        matches = cup.publish(number)
        cup.observed[f"round_{number}"] = matches
        for match in matches:
            cup.submit(match, cup.winning_side(number, match))
        *confirmed, last = matches
        for match in confirmed:
            cup.confirm(match)
        if number < 3:  # the next round is drawn only from confirmed winners
            following = cup.new_round()
            cup.observed[f"early_draw_{following}"] = cup.draw(following)
            cup.organizer.delete(f"{EVENT}/rounds/{following}/")
        cup.observed[f"official_{number}"] = cup.confirm(last)
        check(cup.organizer.post(f"{EVENT}/rounds/{number}/close"))
    return cup


def seeds_at_tables(cup: Cup, number: int) -> list[set[int]]:
    return [set(cup.seeds(match)) for match in cup.observed[f"round_{number}"]]


def test_g11_the_first_round_follows_the_seeding(cup):
    assert seeds_at_tables(cup, 1) == [{1, 8}, {4, 5}, {3, 6}, {2, 7}]
    assert {match["best_of"] for match in cup.observed["round_1"]} == {3}


@pytest.mark.parametrize(("number", "pending"), [(2, 4), (3, 2)])
def test_g11_winners_go_through_only_from_confirmed_results(cup, number, pending):
    # The last table of the round before was scored but not confirmed yet.
    body = assert_problem(cup.observed[f"early_draw_{number}"], 409, "results_pending")
    assert body["detail"] == f"The previous round has no confirmed winner at tables [{pending}]."


def test_g11_the_winners_of_neighbouring_tables_meet(cup):
    assert seeds_at_tables(cup, 2) == [{1, 5}, {3, 2}]
    assert seeds_at_tables(cup, 3) == [{1, 2}]


def test_g8_a_best_of_three_is_decided_by_games(cup):
    official = cup.observed["official_1"]  # table 4 of round 1: seed 2 against seed 7, from the sheet
    assert [game["winner"] for game in official["games"]] == [
        official["winner"],
        opposite(official["winner"]),
        official["winner"],
    ]
    assert official["games"][2]["tiebreak"] == "extra_deal"
    assert cup.seed_of[official["winner_pair"]] == 2


def test_the_finals_winner_wins_the_event(cup):
    (final,) = cup.observed["round_3"]
    official = cup.observed["official_3"]
    assert cup.seed_of[official["winner_pair"]] == 1
    assert check(cup.organizer.get(f"{API}/matches/{final['id']}/"))["winner"] == official["winner_pair"]
    standings = check(cup.organizer.get(f"{EVENT}/standings/"))["rows"]
    assert (standings[0]["rank"], standings[0]["pair"]["id"]) == (1, official["winner_pair"])
    assert (standings[0]["wins"], standings[0]["losses"]) == (3, 0)


def test_g11_after_the_final_the_stage_is_complete(cup):
    number = cup.new_round()
    assert_problem(cup.draw(number), 409, "stage_complete")
