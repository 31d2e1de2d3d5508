"""The tables list's prepared reads (tournaments.selectors, core.fast.prepared) answer exactly what the ORM
path answers: the same status, body and ETag, for every kind of caller, filter and page."""

from __future__ import annotations

import gzip
from unittest import mock

import pytest
from django.core.cache import cache
from django.db.models.sql.compiler import SQLCompiler
from rest_framework.test import APIClient

from core import representations
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    UnitFactory,
    actor_client,
    assert_problem,
    confirm,
)
from tournaments.models import Match, Pair, RoundStatus
from tournaments.selectors import match_page
from tournaments.serializers.registration import PairSerializer
from tournaments.serializers.schedule import MatchSerializer
from tournaments.views.schedule import EventMatchViewSet

pytestmark = pytest.mark.django_db


def _schedule(event):
    """Round 1 published (named and plain pairs, a withdrawal, a bye, a winner, flags); round 2 a draft."""
    first = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    unit = UnitFactory(event=event)
    named = PairFactory(event=event, name="Dragons", unit=unit, seed=3, grade="A")
    withdrawn = PairFactory(event=event, status="withdrawn", status_reason="ill")
    MatchFactory(round=first, table=1, ns_pair=named, ew_pair=PairFactory(event=event), flags=["rematch"])
    MatchFactory(round=first, table=2, ns_pair=withdrawn, ew_pair=None, flags=["bye"])
    decided = MatchFactory(round=first, table=3, bracket_slot=4)
    confirm(decided, decided.ew_pair)
    MatchFactory(round=first, table=4, status="playing")
    second = RoundFactory(event=event, number=2, stage=first.stage, status=RoundStatus.DRAFT)
    MatchFactory(round=second, table=1)
    MatchFactory(round=second, table=2)


def _slow_path():
    """The list as the ORM reads it: the event by visible_events, the filter set, DRF's pagination
    (with the window count), the pairs by a queryset."""
    return (
        mock.patch("core.fast.lean_filters.filter_lookups", return_value=None),
        mock.patch.object(EventMatchViewSet, "_public_read", return_value=False),
        mock.patch(
            "tournaments.selectors.pair_rows",
            lambda ids: list(Pair.objects.filter(pk__in=ids).values_list(*PairSerializer.COLUMNS)),
        ),
    )


def _answer(client, url, query, headers=None):
    response = client.get(url, query, **(headers or {}))
    body = response.json() if response.content else None
    if body is not None and "request_id" in body:
        body.pop("request_id")
    return response.status_code, body, response.get("ETag")


def _both(client, url, query):
    cache.clear()  # no answer kept from the other path (core.conditional.cached_answer)
    with mock.patch("tournaments.views.schedule.match_page", wraps=match_page) as prepared:
        fast = _answer(client, url, query)
    cache.clear()
    slow_path = _slow_path()
    with slow_path[0], slow_path[1], slow_path[2]:
        slow = _answer(client, url, query)
    return fast, slow, prepared.called


QUERIES = [
    {},
    {"round": 1},
    {"round": 2},
    {"round": 1, "table": 3},
    {"table": 2},
    {"status": "confirmed"},
    {"status": "playing", "round": 1},
    {"round": 7},
    {"page_size": 2},
    {"page_size": 2, "page": 2},
    {"page_size": 2, "page": "last"},
    {"page": 9},
    {"page": "x"},
    {"round": "x"},
    {"round": "01"},
    {"status": "nonsense"},
    {"page_size": 0},
]
ACTORS = ["anonymous", "outsider", "organizer", "referee", "scorekeeper", "table_scorekeeper", "table_token"]


@pytest.mark.fast_path("prepared_reads")
@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("publish_pairings", [True, False])
def test_every_caller_gets_what_the_orm_path_gives(actor, publish_pairings):
    event = EventFactory(published=True, publish_pairings=publish_pairings)
    _schedule(event)
    client = actor_client(event, actor)
    url = f"/api/v1/events/{event.slug}/matches/"
    prepared = []
    for query in QUERIES:
        fast, slow, used = _both(client, url, query)
        assert fast == slow, query
        prepared.append(used)
    # The prepared read served the plain queries of every caller it can serve.
    limited = actor in ("table_scorekeeper", "table_token")
    hidden = actor in ("anonymous", "outsider") and not publish_pairings
    assert prepared[0] is not (limited or hidden)


@pytest.mark.parametrize("actor", ["anonymous", "organizer"])
def test_a_hidden_event_is_the_same_404(actor):
    event = EventFactory()  # a draft
    _schedule(event)
    client = actor_client(event, actor)
    for url in (f"/api/v1/events/{event.slug}/matches/", "/api/v1/events/no-such-event/matches/"):
        fast, slow, _ = _both(client, url, {"round": 1})
        assert fast == slow


def test_the_rows_are_the_match_serializers(event, api_client):
    _schedule(event)
    listed = api_client.get(f"/api/v1/events/{event.slug}/matches/", {"page_size": 3, "page": 2}).json()
    published = Match.objects.filter(round__event=event, round__status=RoundStatus.PUBLISHED)
    assert listed["results"] == MatchSerializer(published.order_by("table")[3:], many=True).data


@pytest.mark.fast_path("prepared_reads")
def test_the_reads_are_compiled_once(event, api_client):
    _schedule(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    first = api_client.get(url, {"round": 1})
    cache.clear()
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled again")):
        again = api_client.get(url, {"round": 1})
        assert (again.status_code, again.content) == (200, first.content)
        not_modified = api_client.get(url, {"round": 1}, HTTP_IF_NONE_MATCH=first["ETag"])
        assert (not_modified.status_code, not_modified["ETag"]) == (304, first["ETag"])


# ---- the answers kept under their ETag (core.conditional.cached_answer) -------------------------
def test_a_second_reader_gets_the_same_bytes_after_two_reads(event, api_client, django_assert_num_queries):
    _schedule(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    first = api_client.get(url, {"round": 1})
    with (
        mock.patch.object(MatchSerializer, "from_row", side_effect=AssertionError("built")),
        mock.patch.object(PairSerializer, "from_row", side_effect=AssertionError("built")),
        django_assert_num_queries(2),  # the event, and the page's matches with their count
    ):
        again = APIClient().get(url, {"round": 1})
    assert (again.status_code, again.content, again["ETag"]) == (200, first.content, first["ETag"])
    assert again["Content-Type"] == first["Content-Type"] == "application/json"
    keeper = actor_client(event, "scorekeeper")  # any caller who sees these rows sees this page
    assert keeper.get(url, {"round": 1}).content == first.content


def test_a_change_to_what_the_page_shows_is_a_new_answer(event, organizer, api_client):
    _schedule(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    first = api_client.get(url, {"round": 1}).json()
    pair = first["results"][0]["ns_pair"]
    assert (
        organizer.patch(f"/api/v1/events/{event.slug}/pairs/{pair['id']}/", {"name": "Tigers"}).status_code
        == 200
    )
    again = api_client.get(url, {"round": 1}).json()
    assert again["results"][0]["ns_pair"]["name"] == "Tigers"
    Match.objects.filter(round__event=event, table=4).update(status="finished")  # as a deal post, unversioned
    assert api_client.get(url, {"round": 1}).json()["results"][3]["status"] == "finished"


def test_g11_a_kept_page_goes_out_gzipped_to_a_reader_that_accepts_it(event, api_client, monkeypatch):
    """A page of fifty tables is some 37 kB of JSON: a reader that accepts gzip gets the kept bytes
    compressed (core.representations), with a weak ETag that still gets the 304."""
    monkeypatch.setattr(representations, "GZIP_MIN_BYTES", 0)  # this round has four tables
    _schedule(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    plain = api_client.get(url, {"round": 1})
    packed = APIClient().get(url, {"round": 1}, HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip" and gzip.decompress(packed.content) == plain.content
    assert packed["ETag"] == f"W/{plain['ETag']}" and "Accept-Encoding" in plain["Vary"]
    again = APIClient().get(url, {"round": 1}, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"])
    assert again.status_code == 304


# ---- one round among several (?round=N): read by the round's id, in table order ------------------
def _rounds(event):
    """Rounds 1 and 2 closed and published, round 3 a draft; their tables made out of order, and
    another event with a round 2 of its own."""
    stage = RoundFactory(event=event, number=1, status=RoundStatus.CLOSED).stage
    for table in (3, 1, 2):
        MatchFactory(round=event.rounds.get(number=1), table=table)
    second = RoundFactory(event=event, number=2, stage=stage, status=RoundStatus.PUBLISHED)
    for table in (4, 2, 5, 1, 3):
        MatchFactory(round=second, table=table)
    draft = RoundFactory(event=event, number=3, stage=stage, status=RoundStatus.DRAFT)
    for table in (2, 1):
        MatchFactory(round=draft, table=table)
    MatchFactory(round=RoundFactory(event=EventFactory(published=True), number=2), table=6)


def test_a_round_among_several_lists_its_own_tables_in_table_order_with_their_count(event, api_client):
    _rounds(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    first = api_client.get(url, {"round": 2, "page_size": 3}).json()
    second = api_client.get(url, {"round": 2, "page_size": 3, "page": 2}).json()
    assert (first["count"], second["count"]) == (5, 5)
    listed = first["results"] + second["results"]
    assert [(match["round"], match["table"]) for match in listed] == [(2, table) for table in range(1, 6)]
    second_round = Match.objects.filter(round__event=event, round__number=2).order_by("table")
    assert [match["id"] for match in listed] == list(second_round.values_list("pk", flat=True))
    assert_problem(api_client.get(url, {"round": 2, "page_size": 3, "page": 3}), 404, "not_found")


def test_a_draft_round_among_several_is_listed_to_its_organizers_only(event, api_client):
    _rounds(event)
    url = f"/api/v1/events/{event.slug}/matches/"
    assert api_client.get(url, {"round": 3}).json()["count"] == 0
    listed = actor_client(event, "organizer").get(url, {"round": 3}).json()
    assert (listed["count"], [match["table"] for match in listed["results"]]) == (2, [1, 2])


@pytest.mark.fast_path("prepared_reads")
def test_a_rounds_page_is_one_query_on_the_matches_alone(event, api_client, django_assert_num_queries):
    """The page and its count read the round by its id (the (round, table) index), not through a
    join to the rounds ordered by their number."""
    _rounds(event)
    with django_assert_num_queries(3) as queries:  # the event, the page with its count, its pairs
        assert api_client.get(f"/api/v1/events/{event.slug}/matches/", {"round": 2}).status_code == 200
    page = next(query["sql"] for query in queries.captured_queries if "_count" in query["sql"])
    assert "JOIN" not in page and page.endswith("ORDER BY 3 ASC LIMIT 50 OFFSET 0")
