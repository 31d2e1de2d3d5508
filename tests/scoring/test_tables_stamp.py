"""The public list of an event's tables answered from the stamp of its tables (tournaments.gate,
moved by tournaments.changes): every write of a match moves it once it commits, so a kept list or a 304
is never older than the matches, and a read that finds one reads no match (issue 21, "Reads")."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import MatchFactory, RoundFactory
from tests.scoring.conftest import API, deals_url, result_url
from tournaments import gate
from tournaments.changes import changed
from tournaments.models import Match, RoundStatus
from tournaments.services.rounds import round_delete

pytestmark = pytest.mark.django_db
SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}


def _list(event, etag: str | None = None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return APIClient().get(f"{API}/events/{event.slug}/matches/", {"round": 1}, **headers)


def _status(answer, match) -> str:
    return next(row["status"] for row in answer.json()["results"] if row["id"] == match.pk)


def test_g11_a_304_of_the_tables_reads_no_match(play, shared, django_assert_num_queries):
    etag = _list(play["event"])["ETag"]
    _list(play["event"])  # the event's row is kept now
    with django_assert_num_queries(0):
        assert _list(play["event"], etag).status_code == 304


def test_g11_a_kept_list_is_served_without_reading_the_matches(play, shared, django_assert_num_queries):
    first = _list(play["event"])
    _list(play["event"])
    with django_assert_num_queries(0):
        again = _list(play["event"])
    assert again.status_code == 200 and again.content == first.content and again["ETag"] == first["ETag"]


def test_g11_the_deal_that_starts_a_match_is_a_new_list(
    play, shared, keeper, django_capture_on_commit_callbacks
):
    match = play["matches"][0]
    before = _list(play["event"])
    assert _status(before, match) == "scheduled"
    with django_capture_on_commit_callbacks(execute=True):
        body = {"number": 1, "finishing_order": ["N", "S"]}
        assert keeper.post(deals_url(match), body, format="json").status_code == 201
    after = _list(play["event"], before["ETag"])
    assert after.status_code == 200 and _status(after, match) == "playing"


def test_g11_a_later_deal_leaves_the_list_as_it_was(play, shared, keeper, django_capture_on_commit_callbacks):
    """Only the match's stored state changes (``sheet``, which the list does not show)."""
    match = play["matches"][0]
    with django_capture_on_commit_callbacks(execute=True):
        keeper.post(deals_url(match), {"number": 1, "finishing_order": ["N", "S"]}, format="json")
    etag = _list(play["event"])["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        body = {"number": 2, "finishing_order": ["E", "W"]}
        assert keeper.post(deals_url(match), body, format="json").status_code == 201
    assert _list(play["event"], etag).status_code == 304


def test_g11_a_confirmed_result_is_a_new_list(
    play, shared, keeper, referee, django_capture_on_commit_callbacks
):
    match = play["matches"][0]
    before = _list(play["event"])
    with django_capture_on_commit_callbacks(execute=True):
        assert keeper.post(result_url(match), SHEET, format="json").status_code == 201
    submitted = _list(play["event"], before["ETag"])
    assert submitted.status_code == 200 and _status(submitted, match) == "finished"
    with django_capture_on_commit_callbacks(execute=True):
        assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200
    confirmed = _list(play["event"], submitted["ETag"])
    assert confirmed.status_code == 200 and _status(confirmed, match) == "confirmed"
    row = next(row for row in confirmed.json()["results"] if row["id"] == match.pk)
    assert row["winner"] == match.ns_pair_id


def test_a_change_of_the_tables_moves_the_stamp_once_it_commits(
    play, shared, django_capture_on_commit_callbacks
):
    """The one function that moves it (tournaments.changes), called by every writer of a match."""
    event = play["event"]
    stamp = gate.tables_stamp(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        changed(event.pk, rows=False, tables=True)
        assert gate.tables_stamp(event.pk) == stamp  # not before the commit
    assert gate.tables_stamp(event.pk) != stamp


def test_a_draft_round_deleted_with_its_matches_moves_the_stamp(
    play, shared, django_capture_on_commit_callbacks
):
    event = play["event"]
    draft = RoundFactory(event=event, stage=play["round"].stage, status=RoundStatus.DRAFT)
    MatchFactory(round=draft)
    stamp = gate.tables_stamp(event.pk)
    with django_capture_on_commit_callbacks(execute=True):
        round_delete(round_=draft)
    assert gate.tables_stamp(event.pk) != stamp and not Match.objects.filter(round=draft.pk).exists()


def test_a_stamp_gone_from_the_cache_comes_back_as_a_new_list(play, shared):
    etag = _list(play["event"])["ETag"]
    cache.delete(gate._tables_key(play["event"].pk))
    assert _list(play["event"], etag).status_code == 200


def test_without_a_shared_cache_the_list_is_told_by_its_rows(play, settings, keeper):
    settings.EVENT_GATE_CACHE = False
    match = play["matches"][0]
    etag = _list(play["event"])["ETag"]
    keeper.post(deals_url(match), {"number": 1, "finishing_order": ["N", "S"]}, format="json")
    assert _status(_list(play["event"], etag), match) == "playing"  # no commit callback needed
