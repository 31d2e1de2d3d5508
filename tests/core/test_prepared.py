"""core.fast.prepared: a read compiled once gives exactly the rows its queryset gives, or is left to the
ORM."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import transaction
from django.db.models import Count, F, Window
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

from core.fast.prepared import Prepared
from tests.tournaments.conftest import EventFactory, MatchFactory, PairFactory, RoundFactory
from tournaments.models import Event, Match, Pair, RoundStatus
from tournaments.selectors import with_count

pytestmark = pytest.mark.django_db

COLUMNS = ("id", "round__number", "table", "status", "flags", "ew_pair_id")


def _matches(shape, *, event, **lookups):
    return Match.objects.filter(round__event=event, **lookups).order_by("table").values_list(*shape)


@pytest.fixture
def tables():
    event = EventFactory(published=True)
    round_ = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    matches = [
        MatchFactory(round=round_, table=1, flags=["rematch", "same_unit"]),
        MatchFactory(round=round_, table=2, status="playing"),
        MatchFactory(round=round_, table=3, ew_pair=None, flags=["bye"]),
    ]
    MatchFactory(round=RoundFactory(event=EventFactory(published=True), number=1), table=1)  # elsewhere
    return event, matches


def orm(build, shape, *, limit=None, offset=0, **values):
    queryset = build(shape, **values)
    return list(queryset if limit is None else queryset[offset : offset + limit])


@pytest.mark.parametrize(
    "values",
    [{}, {"table": 2}, {"table": 9}, {"status": "playing"}, {"table": 3, "status": "scheduled"}],
)
def test_rows_are_the_querysets(tables, values):
    event, _ = tables
    read = Prepared(Match, _matches)
    for _ in range(2):  # compiled by the first call, reused by the second
        assert read.rows(COLUMNS, event=event.pk, **values) == orm(
            _matches, COLUMNS, event=event.pk, **values
        )
    assert all(compiled is not None for compiled in read._compiled.values())


def test_converters_apply_as_in_values_list(tables):
    event, _ = tables
    read = Prepared(Event, lambda shape, slug: Event.objects.filter(slug=slug).values_list(*shape))
    columns = ("id", "publish_pairings", "match_points", "created_at")
    rows = read.rows(columns, slug=event.slug)
    assert rows == list(Event.objects.filter(slug=event.slug).values_list(*columns))
    assert rows[0][1] is True and isinstance(rows[0][2], dict)  # SQLite stores 1 and text


@pytest.mark.parametrize(("limit", "offset"), [(1, 0), (2, 1), (5, 2), (1, 9)])
def test_limit_and_offset_are_parameters(tables, limit, offset):
    event, _ = tables
    read = Prepared(Match, _matches)
    got = read.rows(COLUMNS, limit=limit, offset=offset, event=event.pk)
    assert got == orm(_matches, COLUMNS, limit=limit, offset=offset, event=event.pk)
    assert len(read._compiled) == 1 or offset == 0  # one compiled query serves every page


def test_a_window_count_comes_with_each_row(tables):
    event, matches = tables

    def counted(shape, *, event):
        return (
            Match.objects.filter(round__event=event)
            .order_by("table")
            .annotate(_count=Window(Count("pk")))
            .values_list(*shape, "_count")
        )

    rows = Prepared(Match, counted).rows(("id",), limit=2, offset=0, event=event.pk)
    assert rows == [(matches[0].pk, 3), (matches[1].pk, 3)]


def test_a_page_of_ids_past_fifty_is_read(tables):
    event, _ = tables
    pairs = [PairFactory(event=event) for _ in range(60)]
    read = Prepared(
        Pair, lambda shape, **ids: Pair.objects.filter(pk__in=list(ids.values())).values_list(*shape)
    )
    wanted = {f"id{n}": pair.pk for n, pair in enumerate(pairs[5:60])}
    assert sorted(read.rows(("id", "number"), **wanted)) == sorted((p.pk, p.number) for p in pairs[5:60])


def test_compiled_sql_is_not_compiled_again(tables):
    event, _ = tables
    read = Prepared(Match, _matches)
    first = read.rows(COLUMNS, event=event.pk, table=1)
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        assert read.rows(COLUMNS, event=event.pk, table=1) == first


@pytest.mark.parametrize(
    "build",
    [
        # a value the SQL does not carry as a parameter
        lambda shape, *, event, table: Match.objects.filter(round__event=event).values_list(*shape),
        # a constant parameter equal to a stand-in
        lambda shape, *, event, table: (
            Match.objects.filter(round__event=event, table=table).exclude(table=20011).values_list(*shape)
        ),
        # known to be empty before any SQL
        lambda shape, *, event, table: Match.objects.none().values_list(*shape),
        # not a values_list
        lambda shape, *, event, table: Match.objects.filter(round__event=event, table=table),
    ],
)
def test_what_cannot_be_prepared_is_left_to_the_orm(tables, build):
    event, _ = tables
    read = Prepared(Match, build)
    expected = list(build(COLUMNS, event=event.pk, table=2))
    assert read.rows(COLUMNS, event=event.pk, table=2) == expected
    assert list(read._compiled.values()) == [None]


def test_values_of_another_type_are_another_shape(tables):
    event, _ = tables
    read = Prepared(Event, lambda shape, slug: Event.objects.filter(slug=slug).values_list(*shape))
    assert read.rows(("slug",), slug=event.slug) == [(event.slug,)]
    assert read.rows(("slug",), slug=12345) == []  # an int where a string was: not the string's SQL
    assert len(read._compiled) == 2


def _match_with_round(lock, *, event, table):
    matches = (
        Match.objects.filter(round__event=event, table=table)
        .select_related("round__event", "ns_pair", "ew_pair")
        .annotate(round_number=F("round__number"))
        .order_by()
    )
    return matches.select_for_update(of=("self",)) if lock else matches


def _fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


@pytest.mark.parametrize("table", [1, 3, 9])
def test_objects_are_the_querysets_instances_with_their_related_rows(
    tables, table, django_assert_num_queries
):
    event, _ = tables
    read = Prepared(Match, _match_with_round)
    for _ in range(2):  # compiled by the first call, reused by the second
        expected = list(_match_with_round(False, event=event.pk, table=table))
        with django_assert_num_queries(1):
            got = read.objects(False, event=event.pk, table=table)
            # select_related: the round, its event and the pairs come with the match (no query)
            related = [(m.round.number, m.round.event.slug, m.ns_pair, m.ew_pair) for m in got]
        assert [_fields(m) for m in got] == [_fields(m) for m in expected]
        assert related == [(m.round.number, m.round.event.slug, m.ns_pair, m.ew_pair) for m in expected]
        assert [m.round_number for m in got] == [m.round_number for m in expected]
        assert all(not m._state.adding and m._state.db == "default" for m in got)
    assert all(compiled is not None and compiled.objects for compiled in read._compiled.values())


@pytest.mark.django_db(transaction=True)
def test_a_locking_read_is_refused_outside_a_transaction(tables):
    event, _ = tables
    read = Prepared(Match, _match_with_round)
    with transaction.atomic():
        assert len(read.objects(True, event=event.pk, table=1)) == 1
    with pytest.raises(TransactionManagementError):
        read.objects(True, event=event.pk, table=1)


def test_a_model_read_is_not_compiled_again(tables):
    event, _ = tables
    read = Prepared(Match, _match_with_round)
    first = read.objects(False, event=event.pk, table=2)
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        assert [m.pk for m in read.objects(False, event=event.pk, table=2)] == [first[0].pk]


def test_a_values_list_is_not_read_as_objects(tables):
    """Each kind of read is compiled for itself: a values_list build asked for objects is the ORM's."""
    event, _ = tables
    read = Prepared(Match, _matches)
    assert read.objects(COLUMNS, event=event.pk, table=1) == orm(_matches, COLUMNS, event=event.pk, table=1)
    assert list(read._compiled.values()) == [None]


def test_a_value_used_twice_is_put_in_both_places(tables):
    """A page and the subquery that counts all its rows both filter by the event: one value, two
    parameters (tournaments.selectors.with_count)."""
    event, matches = tables
    other = EventFactory(published=True)
    MatchFactory(round=RoundFactory(event=other, number=1), table=1)

    def counted(shape, *, event):
        return with_count(Match.objects.filter(round__event=event).order_by("table")).values_list(
            *shape, "_count"
        )

    read = Prepared(Match, counted)
    assert read.rows(("id",), limit=2, offset=0, event=event.pk) == [(matches[0].pk, 3), (matches[1].pk, 3)]
    assert read.rows(("id",), limit=5, offset=0, event=other.pk) == orm(counted, ("id",), event=other.pk)
    assert all(compiled is not None for compiled in read._compiled.values())
