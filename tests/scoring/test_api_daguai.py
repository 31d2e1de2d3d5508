"""A whole small Daguai Luzi event through the API only (docs/rules/daguai.md K1, K5-K7): an organizer
creates it (the K7 defaults), registers four teams of three, draws and publishes two Swiss rounds;
a scorekeeper and the table tokens post every deal (one with a trapped player, one stopped by the
clock), submit and confirm the results; the standings rank by match points, then net points, then
first-outs.

Round 1: table 1 is a draw on points (4-4) whose NS team went out first more often (4 first-outs to
2): the two teams tie on match points and net points, and first-outs separate them. Table 2's NS
team wins by 5. Round 2: the winner beats a drawn team by 5, the loser beats the other by 2: the
two drawn teams tie on match points again (1 each) and net points (−2 against −5) separate them.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.models import MatchResult
from tests.conftest import rolled_back
from tests.scoring.conftest import API
from tests.scoring.event_api import EventThroughApi, check

pytestmark = pytest.mark.django_db

SLUG = "daguai-open"
EVENT = f"{API}/events/{SLUG}"
MIRROR = {"1": "2", "2": "1", "3": "4", "4": "3", "5": "6", "6": "5"}  # team A's seats ↔ team B's

# Deals as (finishing order, stopped); team A = seats 1, 3, 5 (NS), team B = 2, 4, 6 (EW). K5 points:
# | order   | first out | ends                         | points    |
# | 135     | A         | 3 of B caught                | A 8       |
# | 12435   | A         | 1 of B caught                | A 3       |
# | 12436   | A         | B all out, 1 of A trapped    | A 1       |
# | 1246    | A         | B all out, 2 of A trapped    | A 0       |
# | 12 (K6) | A         | stopped, 2 of A still in     | A 0       |
# | 21436   | B         | 1 of A caught                | B 3       |
# | 21435   | B         | A all out, 1 of B trapped    | B 1       |
DRAW_4_4 = [
    ("12435", False),
    ("21436", False),
    ("12436", False),
    ("21435", False),
    ("1246", False),
    ("12", True),
]
WIN_BY_5 = [("135", False), ("21436", False), *[("1246", False)] * 4]  # A 8, B 3; A 5 first-outs, B 1
WIN_BY_2 = [("12435", False), ("21435", False), *[("1246", False)] * 4]  # A 3, B 1


def mirrored(deals):
    """The same deals with the teams' seats swapped: team B wins what team A won."""
    return [("".join(MIRROR[seat] for seat in order), stopped) for order, stopped in deals]


class Daguai(EventThroughApi):
    slug, seed = SLUG, 7

    def set_up(self) -> dict:
        event = self.create(name="Daguai Open", game="daguai", ruleset="daguai-standard")
        self.teams = {}
        for number in range(1, 5):
            body = {f"player_{i}": {"name": f"Player {number}{'abc'[i - 1]}"} for i in (1, 2, 3)}
            team = check(self.organizer.post(f"{EVENT}/pairs/", body, format="json"), 201)
            self.teams[team["id"]] = team
        self.staff()
        return event

    def play(self, match: dict, deals) -> dict:
        """Post the deals (table 1: the scorekeeper, table 2: the table's token) and settle the result;
        the last deal's answer."""
        url = f"{API}/matches/{match['id']}"
        poster = self.keeper if match["table"] == 1 else self.tables[2]
        answer: dict = {}
        for number, (order, stopped) in enumerate(deals, start=1):
            body = {"number": number, "dealer": str((number - 1) % 6 + 1), "finishing_order": list(order)}
            if stopped:
                body["stopped"] = True
            answer = check(poster.post(f"{url}/deals/", body, format="json"), 201)
        if match["table"] == 1:
            check(self.keeper.post(f"{url}/result", {"side": "NS"}, format="json"), 201)
            official = check(self.tables[1].post(f"{url}/result/confirm", {}, format="json"))
        else:
            check(self.tables[2].post(f"{url}/result", {}, format="json"), 201)
            official = check(self.keeper.post(f"{url}/result/confirm", {"side": "EW"}, format="json"))
        assert official["status"] == "confirmed", official
        return answer

    def standings(self, **query) -> list[tuple]:
        rows = check(APIClient().get(f"{EVENT}/standings/", query))["rows"]
        return [(row["pair"]["id"], row["match_points"], row["tiebreaks"], row["decided_by"]) for row in rows]


@pytest.fixture(scope="module")
def daguai(django_db_setup, django_db_blocker) -> dict:
    """The event played over two rounds, once for the module (in a transaction rolled back after its
    last test); the tests only read it, each in a savepoint of its own."""
    with rolled_back(django_db_blocker):
        yield played()


def played() -> dict:
    game = Daguai()
    seen: dict = {"event": game.set_up()}
    first = game.draw()
    by_table = {match["table"]: match for match in first}
    seen["draw_answer"] = game.play(by_table[1], DRAW_4_4)
    game.play(by_table[2], WIN_BY_5)
    drawn = (by_table[1]["ns_pair"]["id"], by_table[1]["ew_pair"]["id"])  # 4 and 2 first-outs
    winner, loser = by_table[2]["ns_pair"]["id"], by_table[2]["ew_pair"]["id"]
    seen["round_1"] = game.standings(round=1)
    check(game.organizer.post(f"{EVENT}/rounds/1/close"))
    second = game.draw()
    beaten = {}
    for match in second:
        ns, ew = match["ns_pair"]["id"], match["ew_pair"]["id"]
        assert {ns, ew} not in ({*drawn}, {winner, loser}), "the Swiss draw pairs no rematch"
        lead, deals = (winner, WIN_BY_5) if winner in (ns, ew) else (loser, WIN_BY_2)
        beaten[lead] = ew if lead == ns else ns
        game.play(match, deals if lead == ns else mirrored(deals))
    seen.update(
        final=game.standings(),
        ids={"winner": winner, "loser": loser, "drawn": drawn, "beaten": beaten},
        first=first,
    )
    return seen


def test_k7_a_new_daguai_event_takes_the_k7_scoring_and_tiebreaks(daguai):
    event = daguai["event"]
    assert (event["game"], event["match_points"]["method"], event["level_points"]["method"]) == (
        "daguai",
        "win_draw_loss",
        "net_points",
    )
    assert event["tiebreaks"] == [
        "level_points",
        "first_places",
        "progressive",
        "progressive_cut1",
        "progressive_cut2",
        "lots",
    ]


def test_k5_the_answer_to_a_deal_is_the_match_state_in_points(daguai):
    state = daguai["draw_answer"]["state"]
    assert state["points"] == {"A": 4, "B": 4} and state["first_outs"] == {"A": 4, "B": 2}
    assert (state["deals"], state["finished"], state["winner"]) == (6, True, None)


def test_k5_the_result_stores_each_teams_points_and_first_outs(daguai):
    drawn = daguai["ids"]["drawn"]
    result = MatchResult.objects.get(match__ns_pair_id=drawn[0], match__round__number=1, status="confirmed")
    assert (result.ns_points, result.ew_points, result.ns_first_outs, result.ew_first_outs) == (4, 4, 4, 2)
    assert result.winner in ("", None) and result.deals_played == 6


def test_k7_equal_match_points_and_net_points_are_separated_by_first_outs(daguai):
    ids = daguai["ids"]
    (ns_drawn, ew_drawn) = ids["drawn"]
    rows = daguai["round_1"]
    assert [(pair, points) for pair, points, _, _ in rows] == [
        (ids["winner"], 2),
        (ns_drawn, 1),
        (ew_drawn, 1),
        (ids["loser"], 0),
    ]
    assert rows[1][2]["level_points"] == rows[2][2]["level_points"] == 0
    assert (rows[1][2]["first_places"], rows[2][2]["first_places"]) == (4, 2)
    assert rows[1][3] == "first_places"


def test_k7_equal_match_points_are_separated_by_net_points(daguai):
    ids = daguai["ids"]
    beaten_by_winner, beaten_by_loser = ids["beaten"][ids["winner"]], ids["beaten"][ids["loser"]]
    rows = daguai["final"]
    assert [(pair, points) for pair, points, _, _ in rows] == [
        (ids["winner"], 4),
        (ids["loser"], 2),
        (beaten_by_loser, 1),
        (beaten_by_winner, 1),
    ]
    assert (rows[0][2]["level_points"], rows[1][2]["level_points"]) == (10, -3)
    assert (rows[2][2]["level_points"], rows[3][2]["level_points"]) == (-2, -5)
    assert rows[2][3] == "level_points"


def test_k1_the_draw_shows_teams_of_three(daguai):
    match = daguai["first"][0]
    assert match["ns_pair"]["player_3"]["name"].endswith("c")


def test_k7_the_results_and_the_standings_name_every_player_of_a_team(daguai):
    rows = check(APIClient().get(f"{EVENT}/results/", {"round": 1}))["rows"]
    assert [(row["table"], row["deals_played"], row["levels"]) for row in rows] == [
        (1, 6, None),
        (2, 6, None),
    ]
    assert [row["level_points"] for row in rows] == [{"NS": 0, "EW": 0}, {"NS": 5, "EW": -5}]
    standings = check(APIClient().get(f"{EVENT}/standings/"))["rows"]
    assert all(row["pair"]["name"].count(" / ") == 2 for row in standings)


def test_k5_the_results_show_each_teams_points_over_the_deals(daguai):
    rows = check(APIClient().get(f"{EVENT}/results/", {"round": 1}))["rows"]
    for row in rows:
        points, net = row["points"], row["level_points"]  # net points (净胜分) is the event's level points
        assert points is not None and points["NS"] >= 0 and points["EW"] >= 0
        assert points["NS"] - points["EW"] == net["NS"]
