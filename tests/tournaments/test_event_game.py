"""An event's game is a code of the game registry (engine.registry), checked by the model's ``clean``
and the services, not by the database: adding a game is no migration (docs/rules/index.md). A new
event takes its game's scoring (``Game.scoring``, docs/scoring.md "Defaults by game")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command

from engine import DEFAULT_GAME, get_game
from engine.errors import BadInput
from engine.registry import GAMES
from engine.scoring.methods import build_method
from tests.tournaments.conftest import EventFactory
from tournaments.models import Event
from tournaments.services import events as event_services

pytestmark = pytest.mark.django_db


def test_the_model_refuses_an_unknown_game():
    event = EventFactory.build(game="chess")
    with pytest.raises(ValidationError) as caught:
        event.clean()
    assert caught.value.error_dict["game"][0].code == "unknown_game"
    EventFactory.build(game=DEFAULT_GAME).clean()


def test_event_update_refuses_an_unknown_game():
    event = EventFactory()
    with pytest.raises(BadInput) as caught:
        event_services.event_update(event=event, game="chess")
    assert (caught.value.code, caught.value.field) == ("unknown_game", "game")
    assert Event.objects.get(pk=event.pk).game == event.game


@pytest.mark.parametrize("code", list(GAMES))
def test_a_new_event_takes_its_games_profile_and_scoring(code):
    by = get_user_model().objects.create(username=f"organizer-{code}")
    event = event_services.event_create(by=by, slug=f"cup-{code}", name="Cup", game=code)
    game = get_game(code)
    assert event.ruleset == game.default_profile
    # stored as the effective setting, every number filled in (docs/scoring.md §4)
    assert event.match_points == build_method({"method": game.scoring.match_points}).to_dict()
    assert event.level_points == build_method({"method": game.scoring.level_points}).to_dict()
    assert event.tiebreaks == list(game.scoring.tiebreaks)


def test_the_columns_default_to_the_default_games_profile_and_scoring():
    event = Event()
    game = get_game(DEFAULT_GAME)
    assert (event.game, event.ruleset) == (DEFAULT_GAME, game.default_profile)
    assert (event.match_points, event.level_points) == (
        build_method({"method": game.scoring.match_points}).to_dict(),
        build_method({"method": game.scoring.level_points}).to_dict(),
    )


def test_the_migrations_match_the_models():
    """``makemigrations --check`` finds nothing to write: the registry's codes are in no column."""
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
