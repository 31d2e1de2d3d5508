"""A duplicate teams-of-four event through the API (docs/duplicate.md "Teams of four"): four teams
(units of two pairs), a round robin of three rounds drawn team by team, every table playing the
round's deals of a deal set; each team match compares the two tables where its pairs sat in
opposite directions, and the teams rank by match points."""

from __future__ import annotations

from itertools import combinations

import pytest
from rest_framework.test import APIClient

from engine.duplicate.scoring import deal_points
from engine.duplicate.teams import team_deal
from tests.conftest import rolled_back
from tests.scoring.conftest import API
from tests.tournaments.conftest import client_for, new_user

pytestmark = pytest.mark.django_db

ORDERS = (["N", "S"], ["N", "E", "S"], ["W", "N", "E"], ["E", "W"], ["S", "W", "E"], ["E", "S", "N", "W"])


def check(response, status: int = 200):
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


def order_for(round_: int, table: int, k: int) -> list[str]:
    return ORDERS[(round_ * 5 + table * 2 + k * 3 + table * k) % len(ORDERS)]


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """The round robin, played once for the four tests that read it (built again for each, it was
    their whole time): they only read its answers, and its rows are rolled back after the module."""
    with rolled_back(django_db_blocker):
        yield _played("round_robin")


def _played(kind: str):
    EVENT = f"{API}/events/dup-teams-{kind.replace('_', '-')}"
    organizer = client_for(new_user("organizer"))
    keeper = client_for(new_user("keeper"))
    referee = client_for(new_user("referee"))
    body = {
        "slug": EVENT.rsplit("/", 1)[1],
        "name": "Teams",
        "game": "guandan_duplicate",
        "rule_overrides": {"deals_per_round": 4},
    }
    check(organizer.post(f"{API}/events/", body, format="json"), 201)
    check(organizer.patch(f"{EVENT}/", {"status": "published"}))
    for client, role in ((keeper, "scorekeeper"), (referee, "referee")):
        check(organizer.post(f"{EVENT}/roles/", {"username": client.user.username, "role": role}), 201)
    for team in range(1, 5):
        unit = check(organizer.post(f"{EVENT}/units/", {"name": f"Team {team}"}), 201)["id"]
        for member in (1, 2):
            pair = {
                "player_1": {"name": f"T{team}P{member}a"},
                "player_2": {"name": f"T{team}P{member}b"},
                "unit": unit,
            }
            check(organizer.post(f"{EVENT}/pairs/", pair, format="json"), 201)
    stage = check(organizer.post(f"{EVENT}/stages/", {"name": "Teams", "kind": kind}), 201)
    deal_set = check(
        organizer.post(f"{EVENT}/deal-sets/", {"name": "S", "count": 12, "seed": 9}, format="json"), 201
    )
    rounds = []
    for number in (1, 2, 3):
        assert check(organizer.post(f"{EVENT}/rounds/", {"stage": stage["id"]}), 201)["number"] == number
        drawn = check(organizer.post(f"{EVENT}/rounds/{number}/team-draw"))
        assert len(drawn) == 2
        body = {"deal_set": deal_set["id"], "first": 1 + 4 * (number - 1)}
        check(organizer.put(f"{EVENT}/rounds/{number}/deals/", body, format="json"))
        check(organizer.post(f"{EVENT}/rounds/{number}/publish"))
        matches = check(organizer.get(f"{EVENT}/matches/", {"round": number}))["results"]
        for match in matches:
            url = f"{API}/matches/{match['id']}"
            for k in range(1, 5):
                deal = {"number": k, "finishing_order": order_for(number, match["table"], k)}
                check(keeper.post(f"{url}/deals/", deal, format="json"), 201)
            check(keeper.post(f"{url}/result", {}, format="json"), 201)
            check(referee.post(f"{url}/result/confirm", {}, format="json"))
        check(organizer.post(f"{EVENT}/rounds/{number}/close"))
        rounds.append((matches, check(APIClient().get(f"{EVENT}/rounds/{number}/team-matches/"))))
    return rounds, check(APIClient().get(f"{EVENT}/duplicate/teams/standings/"))


def test_a_team_match_seats_a_teams_pairs_in_opposite_directions(played):
    rounds, _ = played
    for matches, _ in rounds:
        by_table = {m["table"]: m for m in matches}
        for k in (1, 2):
            first, second = by_table[2 * k - 1], by_table[2 * k]
            assert first["ns_pair"]["unit"] == second["ew_pair"]["unit"]
            assert first["ew_pair"]["unit"] == second["ns_pair"]["unit"]


def test_every_team_meets_every_other_once(played):
    rounds, _ = played
    met = [frozenset((tm["a"]["id"], tm["b"]["id"])) for _, team_matches in rounds for tm in team_matches]
    assert len(met) == 6 and len(set(met)) == 6
    teams = {team for pair in met for team in pair}
    assert set(met) == {frozenset(p) for p in combinations(sorted(teams), 2)}


def test_a_team_deals_swing_is_its_two_pairs_scores(played):
    rounds, _ = played
    for number, (_, team_matches) in enumerate(rounds, start=1):
        for tm in team_matches:
            first, second = tm["tables"]
            swings = [
                team_deal(deal_points(order_for(number, first, k)), deal_points(order_for(number, second, k)))
                for k in range(1, 5)
            ]
            assert [d["swing"] for d in tm["deals"]] == swings
            assert [d["board"] for d in tm["deals"]] == [4 * (number - 1) + k for k in range(1, 5)]
            assert tm["a_total"] == sum(s for s in swings if s > 0)
            assert tm["b_total"] == -sum(s for s in swings if s < 0)
            won = {"A": (2, 0), "B": (0, 2), None: (1, 1)}[tm["winner"]]
            assert (tm["a_match_points"], tm["b_match_points"]) == won


def test_the_teams_rank_by_match_points(played):
    _, standings = played
    rows = standings["rows"]
    assert len(rows) == 4 and all(row["matches"] == 3 for row in rows)
    assert sum(row["match_points"] for row in rows) == 12
    assert [row["match_points"] for row in rows] == sorted(
        (row["match_points"] for row in rows), reverse=True
    )
    assert sum(row["difference"] for row in rows) == 0


def test_a_team_draw_needs_teams_of_two_pairs():
    organizer = client_for(new_user("organizer"))
    body = {"slug": "dup-odd", "name": "Odd", "game": "guandan_duplicate"}
    check(organizer.post(f"{API}/events/", body, format="json"), 201)
    for number in range(1, 4):
        pair = {"player_1": {"name": f"P{number}a"}, "player_2": {"name": f"P{number}b"}}
        check(organizer.post(f"{API}/events/dup-odd/pairs/", pair, format="json"), 201)
    stage = check(organizer.post(f"{API}/events/dup-odd/stages/", {"name": "T", "kind": "round_robin"}), 201)
    check(organizer.post(f"{API}/events/dup-odd/rounds/", {"stage": stage["id"]}), 201)
    refused = check(organizer.post(f"{API}/events/dup-odd/rounds/1/team-draw"), 400)
    assert refused["code"] == "team_size"


def test_g11_a_swiss_of_teams_pairs_them_by_match_points_and_never_twice():
    rounds, standings = _played("swiss")
    meetings = [frozenset((m["a"]["id"], m["b"]["id"])) for _, played in rounds for m in played]
    assert len(meetings) == 6 and len(set(meetings)) == 6  # 4 teams, 3 rounds: each meets each once
    first = rounds[0][1]
    leaders = {m["a"]["id"] if m["winner"] == "A" else m["b"]["id"] for m in first if m["winner"]}
    assert len(leaders) == 2  # the deals posted give each round-1 match a winner
    # round 2 is score-paired: round 1's two winners meet
    assert frozenset(leaders) in {frozenset((m["a"]["id"], m["b"]["id"])) for m in rounds[1][1]}
    assert len(standings["rows"]) == 4


@pytest.mark.parametrize(
    "path",
    [
        "duplicate/standings/",
        "duplicate/teams/standings/",
        "rounds/1/team-matches/",
        "rounds/1/deals/1/traveller",
    ],
)
def test_an_event_that_is_not_duplicate_has_no_duplicate_reads(path):
    """A Guandan event's duplicate reads are a 409 ``not_duplicate`` (its deal sets' writes are too),
    not a 500 over a rule profile without a comparison."""
    organizer = client_for(new_user("organizer"))
    body = {"slug": "plain", "name": "Plain", "game": "guandan"}
    check(organizer.post(f"{API}/events/", body, format="json"), 201)
    check(organizer.patch(f"{API}/events/plain/", {"status": "published"}))
    answer = organizer.get(f"{API}/events/plain/{path}")
    assert (answer.status_code, answer.json()["code"]) == (409, "not_duplicate")


def test_an_undeclared_method_on_a_duplicate_read_is_a_405_on_any_event():
    organizer = client_for(new_user("organizer"))
    check(
        organizer.post(
            f"{API}/events/", {"slug": "plain", "name": "Plain", "game": "guandan"}, format="json"
        ),
        201,
    )
    answer = organizer.generic("TRACE", f"{API}/events/plain/duplicate/standings/")
    assert answer.status_code == 405
