"""Registries are the only source of choices (issue 10): the OpenAPI document's enum for each setting
that names a registry entry is that registry's keys, and the models' choices are those keys too.

Scoring methods: engine.scoring.methods.METHODS; tiebreak metrics: engine.scoring.ranking.METRICS;
penalty tables: engine.penalties.TABLES; draw systems: tournaments.draws.DRAW_SYSTEMS (a stage's
``kind``); games:
engine.registry.GAMES, whose entries name methods and tiebreaks by key (``Game.scoring``) and which the
database does not list (adding a game is no migration)."""

from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator

from engine.penalties import TABLES
from engine.registry import GAMES
from engine.scoring.methods import METHODS
from engine.scoring.ranking import METRICS
from tournaments.draws import DRAW_SYSTEMS
from tournaments.models import Event, Stage, StageKind


@pytest.fixture(scope="module")
def document() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def resolve(document: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return resolve(document, schema["allOf"][0])
    return schema


EVENTS = ("Event", "EventRequest", "PatchedEventRequest")
STAGES = ("Stage", "StageRequest", "PatchedStageRequest")


def enum_of(document: dict, component: str, name: str, *path: str) -> list:
    """The enum of ``component``'s property ``name``, down ``path`` (``properties`` keys, or ``items``)."""
    prop = resolve(document, document["components"]["schemas"][component]["properties"][name])
    for step in path:
        prop = resolve(document, prop["items"] if step == "items" else prop["properties"][step])
    return prop["enum"]


@pytest.mark.parametrize("name", ["match_points", "level_points"])
@pytest.mark.parametrize("component", EVENTS)
def test_g9_the_scoring_methods_enum_is_the_methods_registry(document, component, name):
    assert enum_of(document, component, name, "method") == list(METHODS)


@pytest.mark.parametrize("name", ["match_points", "level_points"])
@pytest.mark.parametrize("component", ["Standings", "UnitStandings"])
def test_g9_the_standings_effective_scoring_methods_enum_is_the_methods_registry(document, component, name):
    assert enum_of(document, component, name, "method") == list(METHODS)


@pytest.mark.parametrize("component", [*EVENTS, "Standings", "UnitStandings"])
def test_g10_the_tiebreaks_enum_is_the_metrics_registry(document, component):
    assert enum_of(document, component, "tiebreaks", "items") == list(METRICS)


@pytest.mark.parametrize("component", EVENTS)
def test_g12_the_penalty_tables_enum_is_the_tables_registry(document, component):
    assert enum_of(document, component, "penalty_table", "table") == list(TABLES)


@pytest.mark.parametrize("component", STAGES)
def test_g11_the_stage_kinds_enum_is_the_draw_systems_registry(document, component):
    assert sorted(enum_of(document, component, "kind")) == sorted(str(kind) for kind in DRAW_SYSTEMS)


def test_g11_a_stage_kind_is_a_draw_system_and_every_draw_system_a_stage_kind():
    assert sorted(StageKind.values) == sorted(str(kind) for kind in DRAW_SYSTEMS)
    assert sorted(value for value, _ in Stage._meta.get_field("kind").choices) == sorted(StageKind.values)


@pytest.mark.parametrize("code", list(GAMES))
def test_g9_g10_a_games_scoring_names_methods_and_tiebreaks_of_their_registries(code):
    scoring = GAMES[code].scoring
    assert {scoring.match_points, scoring.level_points} <= set(METHODS)
    assert set(scoring.tiebreaks) | set(scoring.tiebreak_choices or ()) <= set(METRICS)
    assert scoring.tiebreak_choices is None or set(scoring.tiebreaks) <= set(scoring.tiebreak_choices)


@pytest.mark.parametrize("code", list(GAMES))
def test_only_a_game_of_tables_of_four_restricts_its_scoring(code):
    """The API's refusals of a restricted setting say "at tables of four" (EventSerializer)."""
    game = GAMES[code]
    restricted = game.scoring.fixed_methods or game.scoring.tiebreak_choices is not None
    assert not restricted or game.individual


def test_the_database_does_not_list_the_games():
    """Neither a constraint nor the column's choices name a game: adding one is no migration."""
    assert Event._meta.get_field("game").choices is None
    for constraint in Event._meta.constraints:
        assert not any(code in repr(constraint) for code in GAMES), constraint.name
