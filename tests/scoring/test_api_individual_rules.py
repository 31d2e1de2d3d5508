"""An individual event's refusals, permissions, sit-outs and disputes through the API (转蛋 / 个人赛;
docs/duplicate.md "Individual events")."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.scoring.conftest import API
from tests.scoring.event_api import check
from tests.scoring.individual import Individual, seated
from tests.tournaments.conftest import assert_problem, field_errors, role_client
from tournaments.models import Event, Role
from tournaments.pins import pair_pin

pytestmark = pytest.mark.django_db
EVENT = f"{API}/events/{Individual.slug}"


@pytest.fixture
def game() -> Individual:
    game = Individual()
    game.set_up(players=8)
    return game


def test_a_pair_of_two_in_an_individual_event_is_a_400_team_size(game):
    body = {"player_1": {"name": "Ann"}, "player_2": {"name": "Bo"}}
    response = game.organizer.post(f"{EVENT}/pairs/", body, format="json")
    assert_problem(response, 400, "team_size")
    assert field_errors(response) == {"player_2": "team_size"}


def test_individual_entry_in_a_game_of_players_alone_is_a_400_at_entry(game):
    body = {"slug": "ddz-solo", "name": "DDZ", "game": "doudizhu4", "entry": "individual"}
    response = game.organizer.post(f"{API}/events/", body, format="json")
    assert_problem(response, 400, "not_supported")
    assert field_errors(response) == {"entry": "not_supported"}


def test_who_enters_is_locked_once_players_are_registered(game):
    response = game.organizer.patch(f"{EVENT}/", {"entry": "fixed"}, format="json")
    assert_problem(response, 409, "entry_locked")
    assert Event.objects.get(slug=Individual.slug).entry == "individual"


def test_an_individual_event_has_no_knockout_stage(game):
    response = game.organizer.post(f"{EVENT}/stages/", {"name": "KO", "kind": "knockout"})
    assert_problem(response, 400, "not_supported")
    assert field_errors(response) == {"kind": "not_supported"}


def test_the_next_round_is_not_drawn_while_a_table_of_the_last_is_unsettled(game):
    _, matches = game.draw_round()
    game.play(matches[0], "NS")  # table 2 has no result yet
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    response = game.organizer.post(f"{EVENT}/rounds/{number}/draw", {}, format="json")
    assert_problem(response, 409, "results_pending")


def test_a_drawn_table_is_redrawn_not_edited_by_hand(game):
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    check(game.organizer.post(f"{EVENT}/rounds/{number}/draw", {}, format="json"))
    a, b = list(game.players)[:2]
    response = game.organizer.post(f"{EVENT}/rounds/{number}/swap", {"pair_a": a, "pair_b": b}, format="json")
    assert_problem(response, 409, "not_supported")


def test_the_same_seed_draws_the_same_tables_again(game):
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    url = f"{EVENT}/rounds/{number}/draw"

    def tables():
        check(game.organizer.post(url, {"seed": 77}, format="json"))
        matches = check(game.organizer.get(f"{EVENT}/matches/", {"round": number}))["results"]
        return [seated(m) for m in matches]

    first = tables()
    assert tables() == first
    assert check(game.organizer.get(f"{EVENT}/rounds/{number}/"))["draw_seed"] == 77


@pytest.mark.parametrize(("role", "status"), [(Role.SCOREKEEPER, 403), (Role.REFEREE, 403), (None, 401)])
def test_only_the_organizer_draws_a_round(game, role, status):
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    event = Event.objects.get(slug=Individual.slug)
    client = APIClient() if role is None else role_client(event, role)
    assert client.post(f"{EVENT}/rounds/{number}/draw", {}, format="json").status_code == status


def test_fewer_than_four_players_cannot_be_drawn():
    game = Individual()
    game.set_up(players=3)
    number = check(game.organizer.post(f"{EVENT}/rounds/", {"stage": game.stage["id"]}), 201)["number"]
    response = game.organizer.post(f"{EVENT}/rounds/{number}/draw", {}, format="json")
    assert_problem(response, 409, "too_few_entrants")


def submit(client, match, **body):
    return client.post(f"{API}/matches/{match['id']}/result", body, format="json")


def confirm(client, match, **body):
    return client.post(f"{API}/matches/{match['id']}/result/confirm", body, format="json")


def test_either_player_of_the_other_side_confirms_with_their_pin_and_only_they(game):
    _, matches = game.draw_round()
    first, second = matches[0], matches[1]
    for match in (first, second):
        token = game.tables[match["table"]]
        check(submit(token, match, side="NS", levels={"NS": "A+", "EW": "5"}, deals_played=9), 201)
    token, seats = game.tables[first["table"]], seated(first)
    # NS's own players speak for NS: no double entry; said to be EW's, the PIN is wrong.
    assert_problem(confirm(token, first, side="NS", pin=pair_pin(seats["S"])), 409, "same_side")
    assert_problem(confirm(token, first, side="EW", pin=pair_pin(seats["N"])), 403, "wrong_pin")
    assert check(confirm(token, first, side="EW", pin=pair_pin(seats["E"])))["status"] == "confirmed"
    token, seats = game.tables[second["table"]], seated(second)
    assert check(confirm(token, second, side="EW", pin=pair_pin(seats["W"])))["status"] == "confirmed"


def test_two_differing_level_sheets_open_a_dispute(game):
    _, matches = game.draw_round()
    match = matches[0]
    token = game.tables[match["table"]]
    check(submit(token, match, side="NS", levels={"NS": "A+", "EW": "K"}, deals_played=9), 201)
    answer = check(submit(game.keeper, match, side="EW", levels={"NS": "A+", "EW": "Q"}, deals_played=9), 201)
    assert answer["status"] == "disputed"
    referee = role_client(Event.objects.get(slug=Individual.slug), Role.REFEREE)
    disputes = check(referee.get(f"{EVENT}/disputes/"))["results"]
    assert [d["match"]["id"] for d in disputes] == [match["id"]]


def test_thirteen_players_one_sits_out_each_round_never_the_same_twice():
    """13 players: three tables and one bye a round; the bye is scored as the event's method scores
    a bye (a win: 2 match points under the default 2 / 1 / 0)."""
    game = Individual()
    game.set_up(players=13)
    out = []
    for number in (1, 2, 3):
        _, matches = game.draw_round()
        byes = [m for m in matches if m["is_bye"]]
        assert len(byes) == 1 and byes[0]["table"] == 4 and byes[0]["seats"] == []
        out.append(byes[0]["ns_pair"]["id"])
        for match in matches:
            if not match["is_bye"]:
                game.play(match, "NS")
        check(game.organizer.post(f"{EVENT}/rounds/{number}/close"))
    assert len(set(out)) == 3
    rows = {row["pair"]["id"]: row for row in check(APIClient().get(f"{EVENT}/standings/"))["rows"]}
    assert all(rows[player]["played"] == 3 for player in out)
    assert sum(row["match_points"] for row in rows.values()) == 3 * (3 * 2 * 2 + 2)


def test_a_referee_records_a_sides_forfeit_and_both_its_opponents_score_the_win(game):
    _, matches = game.draw_round()
    first, second = matches[0], matches[1]
    referee = role_client(Event.objects.get(slug=Individual.slug), Role.REFEREE)
    body = {"forfeit": {"side": "EW", "kind": "forfeit"}, "confirm": True}
    answer = check(submit(referee, first, **body), 201)
    assert answer["status"] == "confirmed", answer
    game.play(second, "EW")
    rows = {row["pair"]["id"]: row for row in check(APIClient().get(f"{EVENT}/standings/"))["rows"]}
    seats = seated(first)
    assert [rows[seats[s]]["match_points"] for s in "NSEW"] == [2, 2, 0, 0]
    assert all(rows[seats[s]]["wins"] == 1 for s in "NS")


def test_a_disqualified_players_tables_forfeit_their_side_under_disqualified_results_forfeit(game):
    """docs/referees.md §2: a disqualified entrant's matches score as its forfeits; at an individual
    table the side of the player disqualified (here the S player) forfeits it."""
    _, matches = game.draw_round()
    for match in matches:
        game.play(match, "NS")
    seats = seated(matches[0])
    body = {"penalty_table": {"disqualified_results": "forfeit"}}
    check(game.organizer.patch(f"{EVENT}/", body, format="json"))
    check(game.organizer.patch(f"{EVENT}/pairs/{seats['S']}/", {"status": "disqualified"}, format="json"))
    rows = {row["pair"]["id"]: row for row in check(APIClient().get(f"{EVENT}/standings/"))["rows"]}
    assert [rows[seats[s]]["match_points"] for s in "NEW"] == [0, 2, 2]


def test_a_referees_rulings_at_a_seat_reach_the_player_and_their_side(game):
    """A ruling at an individual table accuses a seat (docs/referees.md "Tables of four"): match points
    to the player alone; a forfeit of the player forfeits their side's table (the other side wins)."""
    _, matches = game.draw_round()
    for match in matches:
        game.play(match, "NS")
    event = Event.objects.get(slug=Individual.slug)
    referee = role_client(event, Role.REFEREE)
    first, second = seated(matches[0]), seated(matches[1])

    def rule(match, seat, effects):
        body = {
            "match": match["id"],
            "infraction": "player_change",
            "seat": seat,
            "description": "at the table",
        }
        incident = check(referee.post(f"{EVENT}/incidents/", body, format="json"), 201)
        body = {"effects": effects, "override_reason": "left the table"}
        check(referee.post(f"{EVENT}/incidents/{incident['id']}/rule", body, format="json"), 201)

    rule(matches[0], "S", [{"kind": "forfeit"}])
    rule(matches[1], "W", [{"kind": "match_points", "to": "offender", "amount": -1}])
    rows = {row["pair"]["id"]: row for row in check(APIClient().get(f"{EVENT}/standings/"))["rows"]}
    assert [rows[first[s]]["match_points"] for s in "NSEW"] == [0, 0, 2, 2]
    assert [rows[second[s]]["match_points"] for s in "NSEW"] == [2, 2, 0, -1]
    assert rows[second["W"]]["penalty_points"] == -1
    results = check(APIClient().get(f"{EVENT}/results/", {"round": 1}))["rows"]
    line = next(row for row in results if row["match"] == matches[1]["id"])
    assert {seat["seat"]: seat["penalty_points"] for seat in line["seats"]}["W"] == -1


def test_four_players_repeat_a_partnership_only_when_every_other_was_played():
    """Four players have three partnerships to split into: rounds 1-3 use each once (every
    opponent met again from round 2: ``rematch``), round 4 must repeat one: ``repeat_partner`` on
    the table and in ``relaxed``, by the players' numbers."""
    game = Individual()
    game.set_up(players=4)
    number = {pid: entrant["number"] for pid, entrant in game.players.items()}
    splits = []
    for round_number in (1, 2, 3, 4):
        drawn, [match] = game.draw_round()
        seats = seated(match)
        splits.append(frozenset({frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))}))
        assert ("rematch" in match["flags"]) == (round_number > 1)
        assert ("repeat_partner" in match["flags"]) == (round_number == 4)
        repeated = sorted(note for note in drawn["relaxed"] if note.startswith("repeat_partner:"))
        if round_number == 4:
            expected = sorted(
                "repeat_partner:{}-{}".format(*sorted(number[p] for p in pair)) for pair in splits[-1]
            )
            assert repeated == expected
        else:
            assert repeated == []
        game.play(match, "NS")
        check(game.organizer.post(f"{EVENT}/rounds/{round_number}/close"))
    assert len(set(splits[:3])) == 3 and splits[3] in splits[:3]


def test_a_shuangkou_event_can_be_individual_too():
    """Any game of partnerships (``team_size`` 2): Shuangkou's players enter alone and are drawn."""
    game = Individual()
    game.slug = "sk-solo"
    event = game.set_up(players=4, game="shuangkou", ruleset="shuangkou-standard")
    assert event["entry"] == "individual"
    drawn, [match] = game.draw_round()
    assert drawn["draw_system"] == "rotating_partners" and sorted(seated(match)) == ["E", "N", "S", "W"]
