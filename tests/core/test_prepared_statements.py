"""core.fast.postgresql: the hot reads of core.fast.prepared are prepared by PostgreSQL, planned once per
connection instead of on every request (docs/deploy.md "Planned once")."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from core.fast.prepared import Prepared
from tests.tournaments.conftest import EventFactory, MatchFactory, RoundFactory
from tournaments.models import Match, RoundStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")


def _by_table(shape, *, event, table):
    return Match.objects.filter(round__event=event, table=table).values_list("id")


def _by_tables(shape, *, event, **tables):
    return Match.objects.filter(round__event=event, table__in=list(tables.values())).values_list("id")


@pytest.fixture
def matches():
    event = EventFactory(published=True)
    round_ = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    return event, [MatchFactory(round=round_, table=table) for table in range(1, 4)]


def _prepared() -> list[tuple[int, int, str]]:
    """This connection's prepared statements: (generic plans, custom plans, statement)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT generic_plans, custom_plans, statement FROM pg_prepared_statements")
        return cursor.fetchall()


def _of(read_sql_part: str) -> list[tuple[int, int, str]]:
    return [row for row in _prepared() if read_sql_part in row[2]]


def test_a_read_with_few_values_is_prepared_once_and_its_plan_kept(matches):
    event, tables = matches
    read = Prepared(Match, _by_table)
    before = len(_of('"tournaments_match"."table" = $2'))
    for run in range(10):
        table = tables[run % 3]
        assert read.rows(None, event=event.pk, table=table.table) == [(table.pk,)]
    (statement,) = _of('"tournaments_match"."table" = $2')[before:]
    generic, custom, _ = statement
    assert generic + custom == 10  # one statement, run ten times
    assert generic >= 1  # PostgreSQL kept a plan for it instead of planning each run


def test_a_read_of_many_values_is_bound_in_the_client(matches):
    """A page of ids is a new statement at every length: not prepared."""
    event, tables = matches
    read = Prepared(Match, _by_tables)
    values = {f"t{number}": number for number in range(1, 31)}
    assert sorted(read.rows(None, event=event.pk, **values)) == sorted((m.pk,) for m in tables)
    assert not _of("= ANY") and not _of('"tournaments_match"."table" IN')


def test_a_prepared_read_is_logged_with_its_values(matches):
    event, _ = matches
    read = Prepared(Match, _by_table)
    with CaptureQueriesContext(connection) as queries:
        read.rows(None, event=event.pk, table=2)
    (query,) = queries.captured_queries
    assert '"tournaments_match"."table" = 2' in query["sql"]
    assert f'"tournaments_round"."event_id" = {event.pk}' in query["sql"] and "$1" not in query["sql"]


def test_with_preparing_off_the_same_rows_are_read_unprepared(matches):
    """``DB_PREPARED_STATEMENTS=false`` (a pooler that does not keep a session's statements)."""
    event, tables = matches
    read = Prepared(Match, _by_table)
    connection.ensure_connection()
    raw = connection.connection
    threshold, raw.prepare_threshold = raw.prepare_threshold, None
    try:
        before = _prepared()
        assert read.rows(None, event=event.pk, table=3) == [(tables[2].pk,)]
        assert _prepared() == before
    finally:
        raw.prepare_threshold = threshold


def test_a_locking_read_prepared_inside_a_transaction_survives_its_rollback(matches):
    """PostgreSQL keeps a statement prepared in a transaction that rolled back: the next request
    runs it again on the same connection."""
    _, tables = matches
    read = Prepared(Match, lambda shape, *, pk: Match.objects.filter(pk=pk).select_for_update())
    try:
        with transaction.atomic():
            read.objects(None, pk=tables[0].pk)
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    with transaction.atomic():
        assert [m.pk for m in read.objects(None, pk=tables[1].pk)] == [tables[1].pk]
