"""Django's server-side binding (config/settings.py ``DB_SERVER_SIDE_BINDING``, the default): the hot
reads of core.fast.prepared are prepared by PostgreSQL once psycopg has seen them ``prepare_threshold``
times, and planned once per connection instead of on every request (docs/deploy.md "Planned once")."""

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


def _threshold() -> int:
    """How often psycopg sees a statement before it has it prepared (a test of preparing skips with
    ``DB_SERVER_SIDE_BINDING=false``: values written into the SQL, nothing prepared)."""
    if not connection.features.uses_server_side_binding:
        pytest.skip("DB_SERVER_SIDE_BINDING=false: values written into the SQL, nothing prepared")
    connection.ensure_connection()
    return connection.connection.prepare_threshold


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
    runs = 20
    for run in range(runs):
        table = tables[run % 3]
        assert read.rows(None, event=event.pk, table=table.table) == [(table.pk,)]
    (statement,) = _of('"tournaments_match"."table" = $2')  # one statement, however many values
    generic, custom, _ = statement
    assert generic + custom >= runs - _threshold()  # prepared once psycopg had seen it that often
    assert generic >= 1  # PostgreSQL kept a plan for it instead of planning each run


def test_a_read_of_many_values_has_them_written_into_its_sql(matches):
    """A page of ids is a new statement at every length: its integers are written into the SQL, so
    no statement of as many placeholders is prepared, however often the page is read."""
    event, tables = matches
    read = Prepared(Match, _by_tables)
    values = {f"t{number}": number for number in range(1, 31)}
    for _ in range(_threshold() + 2):
        assert sorted(read.rows(None, event=event.pk, **values)) == sorted((m.pk,) for m in tables)
    (page,) = _of('"tournaments_match"."table" IN (')  # the same page read again: prepared
    assert '"tournaments_match"."table" IN (1, 10, 11' in page[2] and "$" not in page[2]


def test_a_prepared_read_is_logged_with_its_values(matches):
    event, _ = matches
    read = Prepared(Match, _by_table)
    with CaptureQueriesContext(connection) as queries:
        read.rows(None, event=event.pk, table=2)
    (query,) = queries.captured_queries
    assert '"tournaments_match"."table" = 2' in query["sql"]
    assert f'"tournaments_round"."event_id" = {event.pk}' in query["sql"] and "$1" not in query["sql"]


def test_with_preparing_off_the_same_rows_are_read_unprepared(matches):
    """``DB_PREPARED_STATEMENTS=false`` (a pooler that does not keep a session's statements): bound
    on the server, never prepared."""
    event, tables = matches
    read = Prepared(Match, _by_table)
    threshold = _threshold()
    raw = connection.connection
    raw.prepare_threshold = None
    try:
        before = _prepared()
        for _ in range(threshold + 2):
            assert read.rows(None, event=event.pk, table=3) == [(tables[2].pk,)]
        assert _prepared() == before
    finally:
        raw.prepare_threshold = threshold


def test_a_locking_read_prepared_inside_a_transaction_survives_its_rollback(matches):
    """A statement prepared in a transaction that rolled back (psycopg deallocates every prepared
    statement of the connection at a rollback): the next request runs it again on the same
    connection."""
    _, tables = matches
    read = Prepared(Match, lambda shape, *, pk: Match.objects.filter(pk=pk).select_for_update())
    for _ in range(_threshold()):  # seen that often, the next run prepares it
        with transaction.atomic():
            read.objects(None, pk=tables[2].pk)
    try:
        with transaction.atomic():
            read.objects(None, pk=tables[0].pk)
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    with transaction.atomic():
        assert [m.pk for m in read.objects(None, pk=tables[1].pk)] == [tables[1].pk]
