"""Every game's deal keeps its record whole in ``Deal.record`` (issue 36): migration 0007 moves a
Guandan deal's five columns into it, as the Guandan scoresheet writes a record, and back; the deal's
trigger (0005, the match's stored state) survives it on SQLite, which rebuilds a table to change it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoring.models import Deal
from tests.factories import MatchFactory

BEFORE = ("scoring", "0006_result_cause")
AFTER = ("scoring", "0007_deal_record_for_every_game")
TRIBUTE = {"tributes": [{"from": "E", "to": "N", "card": "HA"}], "returns": [], "anti_tribute": None}


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


@pytest.fixture
def at_0006(transactional_db):
    match = MatchFactory()
    apps = _migrate(BEFORE)
    try:
        yield match, apps
    finally:
        # Every app's last migration: going back to 0006 also took back the tournaments migrations
        # that depend on scoring's later ones (0017 and after), which the other tests' rows need.
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


def _columns(apps, match, **columns):
    return apps.get_model("scoring", "Deal").objects.create(
        match_id=match.pk, number=1, level=2, content_hash="x", **columns
    )


def test_a_guandan_deals_columns_become_its_record(at_0006):
    match, apps = at_0006
    row = _columns(apps, match, game=2, finishing_order=["N", "E", "S", "W"], tribute=TRIBUTE, leader="E")
    _migrate(AFTER)
    assert Deal.objects.get(pk=row.pk).record == {
        "game": 2,
        "finishing_order": ["N", "E", "S", "W"],
        "tribute": TRIBUTE,
        "hands": None,
        "leader": "E",
        "plays": None,
    }


def test_a_leader_not_recorded_is_none_in_the_record(at_0006):
    match, apps = at_0006
    row = _columns(apps, match, finishing_order=["N", "S"], leader="")
    _migrate(AFTER)
    assert Deal.objects.get(pk=row.pk).record["leader"] is None


def test_another_games_record_stays_as_it_is(at_0006):
    match, apps = at_0006
    record = {"dealer": "N", "finishing_order": ["N", "E"], "score": 2}
    row = _columns(apps, match, record=record)
    _migrate(AFTER)
    assert Deal.objects.get(pk=row.pk).record == record


def test_the_migration_goes_back_to_the_columns(at_0006):
    match, apps = at_0006
    row = _columns(apps, match, finishing_order=["N", "E", "S", "W"], tribute=TRIBUTE, leader="S")
    _migrate(AFTER)
    back = _migrate(BEFORE).get_model("scoring", "Deal").objects.get(pk=row.pk)
    assert (back.record, back.finishing_order, back.tribute, back.leader) == (
        None,
        ["N", "E", "S", "W"],
        TRIBUTE,
        "S",
    )


def _triggers() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s", ["scoring_deal"]
            )
        else:
            cursor.execute("SELECT tgname FROM pg_trigger WHERE tgrelid = 'scoring_deal'::regclass")
        return {name for (name,) in cursor.fetchall()}


def test_the_migration_leaves_the_deal_tables_triggers_as_they_were(at_0006):
    before = _triggers()
    _migrate(AFTER)
    assert _triggers() == before
