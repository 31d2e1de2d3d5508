"""A whole individual Guandan event through the API only (转蛋 / 个人赛: rotating partners;
docs/duplicate.md "Individual events").

Twelve players enter alone (``entry: "individual"``); three rounds are drawn by the engine's
individual draw from the event's own history and its published ``lots_seed``, three tables of four
a round, N/S partners against E/W partners. Every table posts its deals by finishing order from its
token (one side sweeps: 2 → A, then A passed), submits the result for NS, and the EW side confirms
on the same phone with the PIN of one of its two players. The standings credit each side's result
to both its players, and are checked against a computation made here from the tables played.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

import pytest
from rest_framework.test import APIClient

from engine.duplicate.individual import draw_rounds
from tests.conftest import rolled_back
from tests.factories import ClubFactory, MemberFactory
from tests.scoring.conftest import API
from tests.scoring.event_api import check
from tests.scoring.individual import SIDES, Individual, seated
from tournaments.models import Event, Pair, Player

pytestmark = pytest.mark.django_db

SEED = 20261203
EVENT = f"{API}/events/{Individual.slug}"
LEVEL = {"2": 2, "A+": 15}  # what a sweep leaves: the winners passed A, the losers still on 2


def winner_of(round_number: int, table: int) -> str:
    return "NS" if (round_number + table) % 2 == 0 else "EW"


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """The event with its three rounds drawn and played, once for the module."""
    with rolled_back(django_db_blocker):
        game = Individual()
        event = game.set_up(lots_seed=SEED)
        rounds = []
        for number in (1, 2, 3):
            drawn, matches = game.draw_round()
            results = {}
            for match in matches:
                if not match["is_bye"]:
                    results[match["table"]] = game.play(match, winner_of(number, match["table"]))
            check(game.organizer.post(f"{EVENT}/rounds/{number}/close"))
            rounds.append((drawn, matches, results))
        yield game, event, rounds


def test_an_individual_event_registers_each_player_alone(played):
    game, event, _ = played
    assert event["entry"] == "individual"
    assert len(game.players) == 12 and all(p["player_2"] is None for p in game.players.values())


def test_each_round_seats_three_tables_of_four_and_nobody_partners_anyone_twice(played):
    game, _, rounds = played
    partnered: set[frozenset] = set()
    for _, matches, _ in rounds:
        assert [m["table"] for m in matches] == [1, 2, 3]
        assert all(m["ns_pair"] is None and m["ew_pair"] is None for m in matches)
        placed = [pid for m in matches for pid in seated(m).values()]
        assert sorted(placed) == sorted(game.players)
        for match in matches:
            seats = seated(match)
            for a, b in ((seats["N"], seats["S"]), (seats["E"], seats["W"])):
                assert frozenset((a, b)) not in partnered
                partnered.add(frozenset((a, b)))
            assert "repeat_partner" not in match["flags"]


def test_the_rounds_are_the_engines_draw_of_the_players_numbers_from_the_event_seed(played):
    """Anyone with the registration (the players' numbers) and the published seed draws the same
    three rounds (engine.duplicate.individual.draw_rounds)."""
    game, _, rounds = played
    number = {pid: entrant["number"] for pid, entrant in game.players.items()}
    expected = draw_rounds(sorted(number.values()), 3, seed=SEED)
    for drawn, (_, matches, _) in zip(expected, rounds, strict=True):
        tables = [seated(m) for m in matches]
        assert [((number[t["N"]], number[t["S"]]), (number[t["E"]], number[t["W"]])) for t in tables] == [
            (table.ns, table.ew) for table in drawn.tables
        ]


def test_the_round_records_the_event_seed_and_the_draw_system(played):
    _, event, rounds = played
    for number, (drawn, _, _) in enumerate(rounds, start=1):
        assert drawn["draw_seed"] == event["lots_seed"]
        assert drawn["draw_system"] == "rotating_partners"
        assert not [note for note in drawn["relaxed"] if note.startswith("repeat_partner")]
        assert drawn["number"] == number


def test_a_confirmed_table_is_the_two_partnerships_result(played):
    _, _, rounds = played
    for number, (_, _, results) in enumerate(rounds, start=1):
        for table, result in results.items():
            winner = winner_of(number, table)
            assert result["winner"] == winner
            assert result["levels"][winner] == "A+"
            assert result["status"] == "confirmed"


def expected_standings(rounds) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Match points (2 a win, 0 a loss), level points (net levels) and opponents' points (both
    opponents' totals at each table), computed from the tables as drawn."""
    points: dict[int, int] = defaultdict(int)
    levels: dict[int, int] = defaultdict(int)
    met: dict[int, list[int]] = defaultdict(list)
    for number, (_, matches, _) in enumerate(rounds, start=1):
        for match in matches:
            winner = winner_of(number, match["table"])
            for seat, player in seated(match).items():
                won = SIDES[seat] == winner
                points[player] += 2 if won else 0
                levels[player] += (LEVEL["A+"] - LEVEL["2"]) * (1 if won else -1)
                met[player] += [p for s, p in seated(match).items() if SIDES[s] != SIDES[seat]]
    opponents = {player: sum(points[other] for other in others) for player, others in met.items()}
    return points, levels, opponents


def test_standings_credit_each_sides_result_to_both_its_players(played):
    _, _, rounds = played
    table = check(APIClient().get(f"{EVENT}/standings/"))
    points, levels, opponents = expected_standings(rounds)
    rows = {row["pair"]["id"]: row for row in table["rows"]}
    assert {pid: row["match_points"] for pid, row in rows.items()} == points
    assert {pid: row["tiebreaks"]["level_points"] for pid, row in rows.items()} == levels
    assert {pid: row["tiebreaks"]["opponents_points"] for pid, row in rows.items()} == opponents
    assert all(row["played"] == 3 for row in rows.values())
    order = [row["pair"]["id"] for row in table["rows"]]
    key = {pid: (-points[pid], -levels[pid]) for pid in points}
    assert order == sorted(order, key=key.__getitem__)


def test_the_results_list_each_tables_players_with_their_sides_points(played):
    _, _, rounds = played
    rows = check(APIClient().get(f"{EVENT}/results/", {"round": 1}))["rows"]
    _, matches, _ = rounds[0]
    by_match = {m["id"]: m for m in matches}
    for row in rows:
        seats = {seat["seat"]: seat for seat in row["seats"]}
        assert {s: seat["pair"]["id"] for s, seat in seats.items()} == seated(by_match[row["match"]])
        winner = winner_of(1, row["table"])
        for seat, line in seats.items():
            assert line["match_points"] == (2 if SIDES[seat] == winner else 0)


def test_a_players_tables_show_partner_and_opponents(played):
    game, _, _ = played
    player = next(iter(game.players))
    number = game.players[player]["number"]
    tables = check(game.organizer.get(f"{EVENT}/matches/", {"pair": number}))["results"]
    assert len(tables) == 3
    partners = set()
    for match in tables:
        seats = seated(match)
        mine = next(seat for seat, pid in seats.items() if pid == player)
        partners |= {pid for seat, pid in seats.items() if SIDES[seat] == SIDES[mine] and pid != player}
    assert len(partners) == 3  # a new partner every round


def test_no_opponent_is_met_more_than_twice_in_three_rounds(played):
    """Twelve players, three rounds: each meets two opponents a round, and the draw spreads them."""
    _, _, rounds = played
    met: dict[frozenset, int] = defaultdict(int)
    for _, matches, _ in rounds:
        for match in matches:
            seats = seated(match)
            for a, b in combinations(seats, 2):
                if SIDES[a] != SIDES[b]:
                    met[frozenset((seats[a], seats[b]))] += 1
    assert max(met.values()) <= 2


@pytest.mark.parametrize(
    "path",
    [
        "/standings/export?format=csv",
        "/results/export?format=csv",
        "/standings/units/",
        "/rounds/2/explain",
        "/rounds/3/",
    ],
)
def test_the_events_other_reads_answer_for_an_individual_event(played, path):
    game, _, _ = played
    response = game.organizer.get(f"{EVENT}{path}")
    assert response.status_code == 200, (path, response.content[:300])


def test_the_table_reads_its_match_and_the_match_reads_its_seats(played):
    game, _, rounds = played
    _, matches, _ = rounds[-1]
    table = check(game.tables[1].get(f"{API}/table/"))
    assert table["id"] == matches[0]["id"] and seated(table) == seated(matches[0])
    assert table["state"]["levels"]["NS" if winner_of(3, 1) == "NS" else "EW"] == "A+"
    detail = check(game.organizer.get(f"{API}/matches/{matches[0]['id']}/"))
    assert seated(detail) == seated(matches[0])


@pytest.mark.parametrize(
    "path", ["/", "/rounds/1/", "/rounds/1/results/", "/standings/", "/screen/", "/print/standings"]
)
def test_the_public_pages_of_an_individual_event_answer(played, path):
    response = APIClient().get(f"/e/{Individual.slug}{path}")
    assert response.status_code == 200, (path, response.status_code)


def test_a_members_history_names_the_partner_and_the_two_opponents_of_each_table(played):
    """docs/clubs.md "A member's history": at an individual event's table the player beside the
    member is their partner, the other side's two players their opponents."""
    _, _, rounds = played
    club = ClubFactory()
    member = MemberFactory(club=club, name="Li Lei")
    event = Event.objects.get(slug=Individual.slug)
    Event.objects.filter(pk=event.pk).update(club=club)
    _, matches, _ = rounds[0]
    player = seated(matches[0])["N"]
    Player.objects.filter(pk=Pair.objects.get(pk=player).player_1_id).update(member=member)
    history = check(APIClient().get(f"{API}/clubs/{club.slug}/members/{member.pk}/history"))
    [entry] = history["events"]
    results = entry["results"]
    assert len(results) == 3
    for number, ((_, round_matches, _), result) in enumerate(zip(rounds, results, strict=True), start=1):
        match = next(m for m in round_matches if player in seated(m).values())
        seats = seated(match)
        mine = next(seat for seat, pid in seats.items() if pid == player)
        side = SIDES[mine]
        assert result["partner"]["id"] == next(
            p for s, p in seats.items() if SIDES[s] == side and p != player
        )
        assert sorted(o["id"] for o in result["opponents"]) == sorted(
            p for s, p in seats.items() if SIDES[s] != side
        )
        assert result["outcome"] == ("win" if winner_of(number, match["table"]) == side else "loss")
