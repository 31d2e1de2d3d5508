"""Daguai Luzi's six seats (issue 35 defect 4; docs/rules/daguai.md K1: team A at seats 1, 3, 5 —
the match's NS side — team B at 2, 4, 6): its incidents name the six seats of its table and no
compass seat, a four-seat table none of the six (the seats are the game's, ``Game.seats``), and an
infraction counted per player names the seat, so that each player's offences are their own (G12)."""

from __future__ import annotations

import pytest

from tests.referee.incidents.conftest import incidents_url, table_of
from tests.tournaments.conftest import assert_problem, role_client
from tournaments.models import Role

pytestmark = pytest.mark.django_db


def call(match, **fields):
    event = match.round.event
    body = {"match": match.pk, "infraction": "slow_play", "description": "called", **fields}
    return role_client(event, Role.REFEREE).post(incidents_url(event), body, format="json")


@pytest.mark.parametrize(("seat", "side"), [("1", "NS"), ("4", "EW"), ("5", "NS"), ("6", "EW")])
def test_k1_an_incident_names_any_of_the_six_seats_and_its_team(seat, side):
    match, _ = table_of("daguai")
    response = call(match, seat=seat)
    assert response.status_code == 201, response.json()
    assert (response.json()["seat"], response.json()["side"]) == (seat, side)
    assert response.json()["pair"]["id"] == (match.ns_pair_id if side == "NS" else match.ew_pair_id)


@pytest.mark.parametrize(
    ("game", "seat"), [("daguai", "E"), ("daguai", "N"), ("guandan", "5"), ("doudizhu4", "1")]
)
def test_k1_a_seat_the_table_does_not_have_is_a_400(game, seat):
    match, _ = table_of(game)
    body = assert_problem(call(match, seat=seat), 400, "unknown_seat")
    assert body["errors"][0]["field"] == "seat"


def test_k1_a_seat_of_the_other_team_is_a_400():
    match, _ = table_of("daguai")
    assert_problem(call(match, seat="2", side="NS"), 400, "seat_not_in_side")


def test_g12_an_infraction_counted_per_player_named_by_side_is_a_400():
    match, _ = table_of("daguai")
    body = assert_problem(call(match, side="EW"), 400, "seat_required")
    assert body["errors"][0]["field"] == "seat"
    # one counted per side may still name the side alone
    assert call(match, side="EW", infraction="hidden_card").status_code == 201


def test_g12_each_players_offences_are_their_own_at_a_six_seat_table():
    """Seats 1 and 3 are one team, two players: seat 1's second slow play is its 2nd, seat 3's first
    its 1st."""
    match, _ = table_of("daguai")
    event = match.round.event
    referee = role_client(event, Role.CHIEF_REFEREE)
    counts = []
    for seat in ("1", "1", "3"):
        incident = call(match, seat=seat).json()
        ruling = referee.post(incidents_url(event, f"{incident['id']}/rule"), {}, format="json")
        assert ruling.status_code == 201, ruling.json()
        counts.append(ruling.json()["rulings"][0]["count"])
    assert counts == [1, 2, 1]
