"""Standings are recomputed by a Celery task queued on commit, and cached per results version (G10)."""

from __future__ import annotations

import gzip
import time

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from core import representations
from scoring import tasks
from scoring.selectors import standings as standings_selectors
from scoring.selectors.standings import standings_table
from scoring.views.standings import StandingsView
from tests.scoring.conftest import API, result_url
from tournaments.models import Event

pytestmark = pytest.mark.django_db
SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}


def _queue_into(queued: list[int], monkeypatch) -> None:
    """The refreshes queued are listed (their event's id), not run: the worker has not taken them."""
    monkeypatch.setattr(
        tasks.standings_refresh, "apply_async", lambda args, countdown: queued.append(args[0])
    )


def _key(event: Event) -> str:
    return f"standings:v1:{event.pk}:{event.results_version}:pairs:all"


def test_a_confirmation_queues_the_recomputation_after_commit(
    play, keeper, referee, django_capture_on_commit_callbacks
):
    match = play["matches"][1]
    keeper.post(result_url(match), SHEET, format="json")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        referee.post(result_url(match, "/confirm"), {}, format="json")
    assert callbacks  # the refresh (and the webhooks) run only once the confirmation committed
    event = Event.objects.get(pk=play["event"].pk)
    cached = cache.get(_key(event))
    assert cached is not None and cached["rows"][0]["pair"]["id"] == match.ns_pair_id


def test_confirmations_in_a_row_queue_one_refresh_until_it_starts(
    play, keeper, referee, organizer, django_capture_on_commit_callbacks, monkeypatch
):
    queued: list[int] = []
    _queue_into(queued, monkeypatch)  # queued, not yet run
    event = play["event"]
    for match, levels in zip(
        play["matches"], ({"NS": "A+", "EW": "K"}, {"NS": "K", "EW": "A+"}), strict=True
    ):
        keeper.post(result_url(match), {**SHEET, "levels": levels}, format="json")
        with django_capture_on_commit_callbacks(execute=True):
            assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200
    assert queued == [event.pk]  # one pending: the second confirmation rode on it

    tasks.standings_refresh(event.pk)  # the worker takes it and computes the latest version
    latest = Event.objects.get(pk=event.pk)
    refreshed = cache.get(_key(latest))
    cache.clear()
    assert refreshed == standings_table(latest)
    assert {row["pair"]["id"] for row in refreshed["rows"][:2]} == {play["pairs"][0].pk, play["pairs"][3].pk}

    # Once it started, the next change queues another (one in flight, one pending at most).
    with django_capture_on_commit_callbacks(execute=True):
        organizer.patch(
            f"{API}/events/{event.slug}/pairs/{play['pairs'][0].pk}/", {"name": "Renamed"}, format="json"
        )
    assert queued == [event.pk, event.pk]


def test_a_refresh_waits_the_refresh_delay_in_the_worker_before_it_starts(
    play, keeper, referee, django_capture_on_commit_callbacks, monkeypatch, settings
):
    """The confirmations of a round that arrive while a refresh waits ride on it (docs/scoring.md)."""
    settings.STANDINGS_REFRESH_DELAY = 0.25
    waits: list[float] = []
    monkeypatch.setattr(
        tasks.standings_refresh, "apply_async", lambda args, countdown: waits.append(countdown)
    )
    match = play["matches"][0]
    keeper.post(result_url(match), SHEET, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200
    assert waits == [0.25]


def test_the_refresh_ranks_once_for_both_tables(play, monkeypatch):
    ranked = []
    real = standings_selectors.rank
    monkeypatch.setattr(standings_selectors, "rank", lambda *a, **k: ranked.append(1) or real(*a, **k))
    assert tasks.standings_refresh(play["event"].pk) == 4
    assert len(ranked) == 1
    assert cache.get(_key(Event.objects.get(pk=play["event"].pk)).replace(":pairs:", ":units:")) is not None


def test_a_cached_table_is_served_without_ranking_again(play, api_client):
    url = f"{API}/events/{play['event'].slug}/standings/"
    api_client.get(url)
    with CaptureQueriesContext(connection) as queries:
        api_client.get(url)
    assert not any("scoring_matchresult" in q["sql"] for q in queries.captured_queries)


def test_a_new_result_makes_a_new_cache_generation(play, keeper, referee):
    url = f"{API}/events/{play['event'].slug}/standings/"
    before = referee.get(url).json()
    match = play["matches"][1]
    keeper.post(result_url(match), SHEET, format="json")
    referee.post(result_url(match, "/confirm"), {}, format="json")
    after = referee.get(url).json()
    assert after["results_version"] > before["results_version"]
    assert after["rows"][0]["match_points"] == 2


@pytest.mark.redis
def test_standings_are_cached_in_redis_when_cache_url_says_so(play, redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location},
    }
    redis = caches["default"]
    redis.clear()
    event = Event.objects.get(pk=play["event"].pk)
    table = standings_table(event)
    other_process_view = caches.create_connection("default")  # as another web process sees Redis
    assert other_process_view.get(_key(event)) == table
    redis.clear()


@pytest.fixture
def builds(monkeypatch) -> list[str]:
    """The standings answers built (not served from the kept bytes), by format."""
    built: list[str] = []
    real = StandingsView.build

    def build(self, request):
        built.append(request.accepted_renderer.format)
        return real(self, request)

    monkeypatch.setattr(StandingsView, "build", build)
    cache.clear()
    return built


def test_the_next_reader_of_the_standings_gets_the_first_answers_bytes(play, builds):
    url = f"{API}/events/{play['event'].slug}/standings/"
    first, second = APIClient().get(url), APIClient().get(url)
    assert builds == ["json"]  # built once: the second reader got what the first one rendered
    assert (second.status_code, second.content, second["ETag"]) == (200, first.content, first["ETag"])


def test_a_result_is_a_new_standings_answer_not_the_kept_one(play, keeper, referee, builds):
    url = f"{API}/events/{play['event'].slug}/standings/"
    before = APIClient().get(url)
    match = play["matches"][0]
    keeper.post(result_url(match), SHEET, format="json")
    referee.post(result_url(match, "/confirm"), {}, format="json")
    after = APIClient().get(url)
    assert builds == ["json", "json"]
    assert after["ETag"] != before["ETag"] and after.json()["rows"][0]["pair"]["id"] == match.ns_pair_id


def test_a_standings_file_is_built_for_every_reader(play, builds):
    url = f"{API}/events/{play['event'].slug}/standings/export"
    first, second = APIClient().get(url), APIClient().get(url)
    assert builds == ["csv", "csv"]  # its name is a header the kept bytes would not carry
    assert second["Content-Disposition"] == first["Content-Disposition"]


def _confirm(match, keeper, referee, capture, levels=SHEET["levels"]) -> None:
    keeper.post(result_url(match), {**SHEET, "levels": levels}, format="json")
    with capture(execute=True):
        assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200


def _standings_url(event: Event) -> str:
    return f"{API}/events/{event.slug}/standings/"


def test_while_a_refresh_is_pending_readers_get_the_last_table_computed(
    play, keeper, referee, api_client, django_capture_on_commit_callbacks, monkeypatch
):
    queued: list[int] = []
    _queue_into(queued, monkeypatch)  # queued, not yet run
    event, url = play["event"], _standings_url(play["event"])
    first = api_client.get(url)
    _confirm(play["matches"][0], keeper, referee, django_capture_on_commit_callbacks)
    assert queued == [event.pk]

    with CaptureQueriesContext(connection) as queries:
        meanwhile = api_client.get(url)
    assert not any("scoring_matchresult" in q["sql"] for q in queries.captured_queries)  # nothing computed
    assert meanwhile.json()["results_version"] == first.json()["results_version"]
    assert meanwhile["ETag"] == first["ETag"]  # the ETag names the table given, not the event's version
    assert api_client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304

    tasks.standings_refresh(event.pk)
    after = api_client.get(url)
    assert after.json()["results_version"] == Event.objects.get(pk=event.pk).results_version
    assert after["ETag"] != first["ETag"]
    assert after.json()["rows"][0]["pair"]["id"] == play["matches"][0].ns_pair_id


def test_readers_compute_the_table_themselves_once_a_refresh_mark_is_old(
    play, keeper, referee, api_client, django_capture_on_commit_callbacks, monkeypatch
):
    _queue_into([], monkeypatch)  # a task the broker lost
    event, url = play["event"], _standings_url(play["event"])
    api_client.get(url)
    _confirm(play["matches"][0], keeper, referee, django_capture_on_commit_callbacks)
    pending = standings_selectors.refresh_mark_key(event.pk, standings_selectors.PENDING)
    cache.set(pending, {"at": time.time() - standings_selectors.REFRESH_GRACE_SECONDS - 1})

    answer = api_client.get(url).json()
    assert answer["results_version"] == Event.objects.get(pk=event.pk).results_version
    assert answer["rows"][0]["pair"]["id"] == play["matches"][0].ns_pair_id


def test_a_result_confirmed_while_a_refresh_runs_is_in_the_next_one(
    play, keeper, referee, organizer, api_client, django_capture_on_commit_callbacks, monkeypatch
):
    queued: list[int] = []
    _queue_into(queued, monkeypatch)
    event = play["event"]
    _confirm(play["matches"][0], keeper, referee, django_capture_on_commit_callbacks)
    real = tasks.refresh_tables

    def computing_while_a_result_comes(computed_event):
        tables = real(computed_event)  # the first result's version, read before the second result
        _confirm(
            play["matches"][1], keeper, referee, django_capture_on_commit_callbacks, {"NS": "K", "EW": "A+"}
        )
        return tables

    monkeypatch.setattr(tasks, "refresh_tables", computing_while_a_result_comes)
    tasks.standings_refresh(event.pk)  # in flight when the second result is confirmed
    assert queued == [event.pk, event.pk]  # so the second result queued the next refresh
    with django_capture_on_commit_callbacks(execute=True):  # a third change while that one is pending
        organizer.patch(
            f"{API}/events/{event.slug}/pairs/{play['pairs'][0].pk}/", {"name": "R"}, format="json"
        )
    assert queued == [event.pk, event.pk]  # one pending at most

    monkeypatch.setattr(tasks, "refresh_tables", real)
    tasks.standings_refresh(event.pk)
    latest = Event.objects.get(pk=event.pk)
    refreshed = cache.get(_key(latest))
    assert refreshed is not None  # the last change's version is computed: no reader computes it
    assert {row["pair"]["id"] for row in refreshed["rows"][:2]} == {play["pairs"][0].pk, play["pairs"][3].pk}
    assert api_client.get(_standings_url(event)).json()["results_version"] == latest.results_version


def test_a_refresh_leaves_the_version_being_computed_to_the_refresh_running(play, monkeypatch):
    event = Event.objects.get(pk=play["event"].pk)
    running = standings_selectors.refresh_mark_key(event.pk, standings_selectors.RUNNING)
    cache.set(running, {"version": event.results_version, "at": time.time()})
    monkeypatch.setattr(tasks, "refresh_tables", lambda event: pytest.fail("computed twice"))
    assert tasks.standings_refresh(event.pk) == 0


def test_a_kept_standings_answer_reads_only_the_events_gate_fields(play, builds):
    url = f"{API}/events/{play['event'].slug}/standings/"
    first = APIClient().get(url)
    with CaptureQueriesContext(connection) as queries:
        second = APIClient().get(url)
    assert second.content == first.content and builds == ["json"]
    assert len(queries) == 1  # the event, only the columns of who may read and of the version
    assert '"results_version"' in queries[0]["sql"] and '"name"' not in queries[0]["sql"]


def test_an_anonymous_reader_who_builds_the_table_gets_the_staffs_table(play, organizer):
    url = f"{API}/events/{play['event'].slug}/standings/"
    public = APIClient().get(url)  # the event read twice: its gate fields, then every field to build
    cache.clear()
    staff = organizer.get(url)
    assert public.status_code == staff.status_code == 200
    assert public.json() == staff.json()


def test_g10_kept_standings_go_out_gzipped_to_a_reader_that_accepts_it(play, builds, monkeypatch):
    """A national table is 1.6 MB of JSON: a reader that accepts gzip gets the kept bytes compressed
    (core.representations), and its weak ETag still gets the 304."""
    monkeypatch.setattr(representations, "GZIP_MIN_BYTES", 0)  # this event's table is small
    url = f"{API}/events/{play['event'].slug}/standings/"
    plain = APIClient().get(url)
    packed = APIClient().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert builds == ["json"]
    assert packed["Content-Encoding"] == "gzip" and gzip.decompress(packed.content) == plain.content
    assert packed["ETag"] == f"W/{plain['ETag']}" and "Accept-Encoding" in packed["Vary"]
    again = APIClient().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"])
    assert again.status_code == 304
