"""Standings are recomputed by a Celery task queued on commit, and cached per results version (G10)."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from scoring import tasks
from scoring.selectors import standings as standings_selectors
from scoring.selectors.standings import standings_table
from tests.scoring.conftest import API, result_url
from tournaments.models import Event

pytestmark = pytest.mark.django_db
SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}


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
    monkeypatch.setattr(tasks.standings_refresh, "delay", queued.append)  # queued, not yet run
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
    from scoring.views.standings import StandingsView

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
