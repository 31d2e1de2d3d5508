"""Every game's default penalty table proposes only what its game can take (issue 35 defect 3, G12,
docs/referees.md "What a ruling may apply"): confirming the table's proposal — no effects given, no
override — is a ruling at every table of every game, whatever the infraction. A game whose levels
follow its deals alone reads the table's level changes as match points; a table of four as a player
alone's."""

from __future__ import annotations

import pytest

from engine.penalties import TABLES, Infraction, build_table, propose
from engine.registry import game_codes, get_game
from referee.incidents.choices import effect_choices
from tests.referee.incidents.conftest import incidents_url, table_of
from tests.tournaments.conftest import role_client
from tournaments.models import Role

pytestmark = pytest.mark.django_db

GAMES = game_codes()


@pytest.mark.parametrize("infraction", list(Infraction))
@pytest.mark.parametrize("game_code", GAMES)
def test_g12_the_default_proposal_is_a_ruling_at_every_game(game_code, infraction):
    match, seat = table_of(game_code)
    event = match.round.event
    referee = role_client(event, Role.CHIEF_REFEREE)
    body = {"match": match.pk, "infraction": str(infraction), "seat": seat, "description": "called"}
    incident = referee.post(incidents_url(event), body, format="json")
    assert incident.status_code == 201, incident.json()
    ruling = referee.post(incidents_url(event, f"{incident.json()['id']}/rule"), {}, format="json")
    assert ruling.status_code == 201, ruling.json()
    (made,) = ruling.json()["rulings"]
    assert made["effects"] == made["proposed"]["effects"]


@pytest.mark.parametrize("table_key", list(TABLES))
@pytest.mark.parametrize("game_code", GAMES)
def test_g12_every_step_of_every_built_in_table_is_what_the_game_takes(game_code, table_key):
    """Every step of every row (and a late arrival's minutes) of each built-in table, as the game
    reads it, is among the effects a ruling at its table may apply (the services' own checks)."""
    match, _ = table_of(game_code)
    game = get_game(game_code)
    table = build_table(
        {"table": table_key},
        seat_rows=game.seat_penalty_rows(),
        levels=game.match_sheet.takes_level_changes,
    )
    allowed = {(choice.kind, target) for choice in effect_choices(match) for target in choice.targets}
    for infraction, row in table.rows.items():
        for earlier in range(len(row.steps) + 1):
            for minutes in (None, 3, 7, 12, 20):
                proposal = propose(table, infraction, earlier=earlier, minutes_late=minutes)
                for effect in proposal.effects:
                    assert (str(effect.kind), str(effect.to)) in allowed, (
                        infraction,
                        earlier,
                        minutes,
                        effect,
                    )
