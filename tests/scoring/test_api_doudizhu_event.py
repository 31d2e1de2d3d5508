"""A whole small four-player Dou Dizhu event through the API only (docs/rules/doudizhu.md D8, D10;
docs/events.md "Tables of four"; docs/scoring.md "Tables of four").

Nine players enter alone; each round seats eight at two tables of four and gives one a bye. Every
table plays four deals (``deals_per_round`` overridden to 4), posted in the short form; the
results are submitted by the table's token and confirmed by a scorekeeper. The standings rank the
players by their own points, then points above their table's average, deals won, tables topped.

The four deals every table plays (dealer N, W, S, E: the rotation of D10):
| deal | bidding                          | landlord | winner   | points                      |
| 1    | N 3 (头撂, opening three)          | N at 3   | landlord | N 3 + 1 = 4                 |
| 2    | W pass, S 1, E pass, N pass       | S at 1   | farmers  | W, E, N 1 each              |
| 3    | S 2, E pass, N pass, W pass       | S at 2   | landlord | S 2                         |
| 4    | all pass: E forced (逼打) at 1     | E at 1   | farmers  | N, S, W 1 each              |
Totals: N 4 + 1 + 1 = 6, E 1, S 2 + 1 = 3, W 1 + 1 = 2 (12 points at a table, 3 per seat on average).
Deals won: N 3, E 1, S 2, W 2.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.scoring.conftest import API
from tests.scoring.event_api import EventThroughApi, check

pytestmark = pytest.mark.django_db

SLUG = "ddz-open"
EVENT = f"{API}/events/{SLUG}"


def bids(*pairs):
    return [{"seat": seat, "bid": bid} for seat, bid in pairs]


DEALS = [
    {"dealer": "N", "bids": bids(("N", 3)), "winner": "landlord"},
    {"dealer": "W", "bids": bids(("W", "pass"), ("S", 1), ("E", "pass"), ("N", "pass")), "winner": "farmers"},
    {
        "dealer": "S",
        "bids": bids(("S", 2), ("E", "pass"), ("N", "pass"), ("W", "pass")),
        "winner": "landlord",
    },
    {
        "dealer": "E",
        "bids": bids(("E", "pass"), ("N", "pass"), ("W", "pass"), ("S", "pass")),
        "winner": "farmers",
    },
]
SEAT_POINTS = {"N": 6, "E": 1, "S": 3, "W": 2}
SEAT_DEALS_WON = {"N": 3, "E": 1, "S": 2, "W": 2}


class Doudizhu(EventThroughApi):
    slug, seed = SLUG, 11

    def set_up(self, players: int = 9) -> dict:
        event = self.create(name="Dou Dizhu Open", game="doudizhu4", rule_overrides={"deals_per_round": 4})
        self.players = {}
        for number in range(1, players + 1):
            body = {"player_1": {"name": f"Player {number}"}}
            entrant = check(self.organizer.post(f"{EVENT}/pairs/", body, format="json"), 201)
            self.players[entrant["id"]] = entrant
        self.staff()
        return event

    def play(self, match: dict) -> dict:
        """The table's token posts the four deals and the result; the scorekeeper confirms it."""
        url = f"{API}/matches/{match['id']}"
        token = self.tables[match["table"]]
        for number, deal in enumerate(DEALS, start=1):
            check(token.post(f"{url}/deals/", {"number": number, **deal}, format="json"), 201)
        check(token.post(f"{url}/result", {}, format="json"), 201)
        official = check(self.keeper.post(f"{url}/result/confirm", {}, format="json"))
        assert official["status"] == "confirmed", official
        return official["official"]

    def standings(self, **query) -> dict:
        return check(APIClient().get(f"{EVENT}/standings/", query))


def seated(match: dict) -> dict[str, int]:
    return {seat["seat"]: seat["pair"]["id"] for seat in match["seats"]}


@pytest.fixture(scope="module")
def ddz(django_db_setup, django_db_blocker):
    """The event with round 1 played, once for the module (in a transaction rolled back after its
    last test); the tests read it, and what they write is rolled back after each."""
    with rolled_back(django_db_blocker):
        game = Doudizhu()
        event = game.set_up()
        first = game.draw()
        results = {match["table"]: game.play(match) for match in first if not match["is_bye"]}
        yield game, event, first, results


def test_d10_an_event_of_doudizhu4_takes_players_alone_and_the_table_scoring(ddz):
    game, event, _, _ = ddz
    assert event["match_points"]["method"] == "game_points"
    assert event["level_points"]["method"] == "net_points"
    assert event["tiebreaks"][:3] == ["level_points", "first_places", "wins"]
    assert all(player["player_2"] is None for player in game.players.values())


def test_d10_the_first_round_seats_eight_at_two_tables_and_gives_one_bye(ddz):
    game, _, first, _ = ddz
    tables = [match for match in first if not match["is_bye"]]
    byes = [match for match in first if match["is_bye"]]
    assert [match["table"] for match in tables] == [1, 2]
    assert all(match["ns_pair"] is None and len(match["seats"]) == 4 for match in tables)
    assert [seat["seat"] for seat in tables[0]["seats"]] == ["N", "E", "S", "W"]
    assert len(byes) == 1 and byes[0]["seats"] == []
    placed = [pid for match in tables for pid in seated(match).values()] + [byes[0]["ns_pair"]["id"]]
    assert sorted(placed) == sorted(game.players)


def test_d8_a_confirmed_table_records_each_seats_points(ddz):
    _, _, _, results = ddz
    for result in results.values():
        assert {seat: row["points"] for seat, row in result["seats"].items()} == SEAT_POINTS
        assert {seat: row["deals_won"] for seat, row in result["seats"].items()} == SEAT_DEALS_WON
        assert result["winner"] is None


def test_d10_standings_rank_players_by_their_own_points_and_the_bye_scores_the_average(ddz):
    game, _, first, _ = ddz
    table = game.standings()
    points = {row["pair"]["id"]: row["match_points"] for row in table["rows"]}
    for match in first:
        if match["is_bye"]:
            assert points[match["ns_pair"]["id"]] == 3  # the round's average: 24 points over 8 players
        else:
            for seat, pid in seated(match).items():
                assert points[pid] == SEAT_POINTS[seat]
    assert [row["match_points"] for row in table["rows"]] == sorted(points.values(), reverse=True)
    assert table["match_points"]["method"] == "game_points"


def test_d10_ties_on_points_are_broken_by_points_above_the_table_then_deals_won(ddz):
    game, _, _, _ = ddz
    rows = game.standings()["rows"]
    # The two N seats (6 points) share the top; both S seats and the bye have 3: the S seats
    # are level with their table's average too (0), and the bye has no deals won.
    threes = [row for row in rows if row["match_points"] == 3]
    assert len(threes) == 3
    assert [row["tiebreaks"]["level_points"] for row in threes] == [0, 0, 0]
    assert [row["tiebreaks"]["first_places"] for row in threes] == [2, 2, 0]
    assert threes[1]["decided_by"] == "first_places"


def test_d10_the_next_round_flags_every_repeated_meeting_and_moves_the_bye(ddz):
    """Two tables of four cannot split a table of four: two of its players meet again, and the draw
    says so on the table (``rematch``) and in the round's ``relaxed``."""
    game, _, first, _ = ddz
    check(game.organizer.post(f"{EVENT}/rounds/1/close"))
    second = game.draw()
    met = {
        frozenset(pair)
        for match in first
        if not match["is_bye"]
        for pair in combinations(seated(match).values(), 2)
    }
    for match in second:
        if match["is_bye"]:
            assert match["ns_pair"]["id"] not in {m["ns_pair"]["id"] for m in first if m["is_bye"]}
            continue
        again = sum(frozenset(pair) in met for pair in combinations(seated(match).values(), 2))
        assert ("rematch" in match["flags"]) == bool(again)
    relaxed = check(game.organizer.get(f"{EVENT}/rounds/2/"))["relaxed"]
    assert relaxed and all(note.startswith("rematch:") for note in relaxed)
    for match in second:
        if not match["is_bye"]:
            game.play(match)
    rows = game.standings()["rows"]
    assert sum(row["match_points"] for row in rows) == 2 * 24 + 3 + 3


def test_d2_a_banned_or_out_of_turn_bid_is_refused_with_the_bid_named(ddz):
    game, _, _, _ = ddz
    check(game.organizer.post(f"{EVENT}/rounds/1/close"))
    match = next(m for m in game.draw() if not m["is_bye"])
    url = f"{API}/matches/{match['id']}/deals/"
    token = game.tables[match["table"]]
    wrong = {"number": 1, "dealer": "N", "bids": bids(("E", 1)), "winner": "landlord"}
    body = check(token.post(url, wrong, format="json"), 422)
    assert body["code"] == "not_your_turn" and body["errors"][0]["field"] == "bids.0"
    dealer = {"number": 1, "dealer": "W", "bids": bids(("W", 3)), "winner": "landlord"}
    assert check(token.post(url, dealer, format="json"), 422)["code"] == "wrong_dealer"


def test_d10_a_table_of_four_is_not_forfeited_and_not_edited_by_hand(ddz):
    game, _, first, _ = ddz
    match = next(m for m in first if not m["is_bye"])
    check(game.organizer.post(f"{EVENT}/rounds/1/close"))
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    check(game.organizer.post(f"{EVENT}/rounds/{number}/draw", {"seed": 3}))
    ids = list(game.players)
    body = check(
        game.organizer.post(
            f"{EVENT}/rounds/{number}/swap", {"pair_a": ids[0], "pair_b": ids[1]}, format="json"
        ),
        409,
    )
    assert body["code"] == "not_supported"
    refused = game.organizer.post(
        f"{API}/matches/{match['id']}/result", {"forfeit": {"side": "NS", "kind": "forfeit"}}, format="json"
    )
    assert refused.status_code in (409, 422) and refused.json()["code"] in (
        "not_supported",
        "result_confirmed",
    )


def test_d10_a_second_player_or_a_knockout_stage_is_refused(ddz):
    game, _, _, _ = ddz
    pair = {"player_1": {"name": "A"}, "player_2": {"name": "B"}}
    body = check(game.organizer.post(f"{EVENT}/pairs/", pair, format="json"), 400)
    assert body["code"] == "team_size" and body["errors"][0]["field"] == "player_2"
    stage = {"name": "Final", "kind": "knockout", "order": 2}
    body = check(game.organizer.post(f"{EVENT}/stages/", stage, format="json"), 400)
    assert body["code"] == "not_supported"
    tiebreaks = check(game.organizer.patch(f"{EVENT}/", {"tiebreaks": ["head_to_head"]}, format="json"), 400)
    assert "not_supported" in str(tiebreaks)
