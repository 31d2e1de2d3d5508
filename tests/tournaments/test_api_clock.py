"""The round clock (docs/events.md "The round clock"; G8 time limits): start, pause, resume and
extend, as the round and one table's answers show it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    assert_problem,
    role_client,
)
from tournaments.models import Role, RoundStatus

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def now(monkeypatch):
    """The service's clock, moved by the test: ``now.at(minutes)`` after 09:00."""

    class Now:
        moment = T0

        def at(self, minutes: float) -> None:
            self.moment = T0 + timedelta(minutes=minutes)

    clock = Now()
    monkeypatch.setattr(timezone, "now", lambda: clock.moment)
    return clock


def timed_event(**fields):
    """A published Guandan event played on time (G8 计时制, 50 minutes) with round 1 published."""
    event = EventFactory(published=True, match_format="time_limit", time_limit_minutes=50, **fields)
    stage = StageFactory(event=event)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    match = MatchFactory(
        round=round_, table=1, ns_pair=PairFactory(event=event), ew_pair=PairFactory(event=event)
    )
    return event, round_, match


def url(event, operation: str = "") -> str:
    return f"/api/v1/events/{event.slug}/rounds/1/{operation}"


def test_g8_a_new_round_clock_has_not_started_and_shows_the_whole_limit():
    event, _, _ = timed_event()
    clock = role_client(event, Role.ORGANIZER).get(url(event)).json()["clock"]
    assert clock == {
        "state": "not_started",
        "limit_minutes": 50,
        "extended_minutes": 0,
        "started_at": None,
        "paused_at": None,
        "paused_seconds": 0,
        "ends_at": None,
        "remaining_seconds": 3000,
    }


def test_g8_a_started_clock_ends_when_the_time_limit_is_up(now):
    event, _, _ = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    response = organizer.post(url(event, "clock/start"))
    assert response.status_code == 200, response.json()
    clock = response.json()["clock"]
    assert (clock["state"], clock["started_at"], clock["ends_at"]) == (
        "running",
        "2026-12-05T09:00:00Z",
        "2026-12-05T09:50:00Z",
    )
    assert clock["remaining_seconds"] is None


def test_g8_a_pause_freezes_the_time_left_and_a_resume_pushes_the_end_back(now):
    event, _, _ = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "clock/start"))
    now.at(20)
    paused = organizer.post(url(event, "clock/pause")).json()["clock"]
    assert (paused["state"], paused["remaining_seconds"], paused["ends_at"]) == ("paused", 1800, None)
    now.at(30)  # ten minutes of pause
    resumed = organizer.post(url(event, "clock/start")).json()["clock"]
    assert (resumed["state"], resumed["paused_seconds"], resumed["ends_at"]) == (
        "running",
        600,
        "2026-12-05T10:00:00Z",
    )


def test_g8_an_extension_adds_to_the_time_limit(now):
    event, _, _ = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "clock/start"))
    clock = organizer.post(url(event, "clock/extend"), {"minutes": 5}, format="json").json()["clock"]
    assert (clock["extended_minutes"], clock["ends_at"]) == (5, "2026-12-05T09:55:00Z")


def test_the_clock_is_in_one_tables_answer(now):
    event, _, match = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "clock/start"))
    clock = organizer.get(f"/api/v1/matches/{match.pk}/").json()["clock"]
    assert (clock["state"], clock["ends_at"]) == ("running", "2026-12-05T09:50:00Z")


def test_the_chief_referee_may_pause_the_clock(now):
    event, _, _ = timed_event()
    role_client(event, Role.ORGANIZER).post(url(event, "clock/start"))
    response = role_client(event, Role.CHIEF_REFEREE).post(url(event, "clock/pause"))
    assert response.status_code == 200 and response.json()["clock"]["state"] == "paused"


@pytest.mark.parametrize("role", [Role.REFEREE, Role.SCOREKEEPER])
def test_other_staff_may_not_run_the_clock(role):
    event, _, _ = timed_event()
    assert_problem(role_client(event, role).post(url(event, "clock/start")), 403, "permission_denied")


def test_a_running_clock_cannot_start_again(now):
    event, _, _ = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "clock/start"))
    assert_problem(organizer.post(url(event, "clock/start")), 409, "clock_running")


def test_a_clock_that_is_not_running_cannot_pause():
    event, _, _ = timed_event()
    assert_problem(
        role_client(event, Role.ORGANIZER).post(url(event, "clock/pause")), 409, "clock_not_running"
    )


@pytest.mark.parametrize("status", [RoundStatus.DRAFT, RoundStatus.CLOSED])
def test_only_a_published_rounds_clock_starts(status):
    event, round_, _ = timed_event()
    round_.status = status
    round_.save(update_fields=["status"])
    assert_problem(role_client(event, Role.ORGANIZER).post(url(event, "clock/start")), 409, "round_state")


def test_g8_a_match_played_through_a_has_no_clock_to_extend():
    event = EventFactory(published=True)  # through_a: the default profile's format
    RoundFactory(event=event, stage=StageFactory(event=event), number=1, status=RoundStatus.PUBLISHED)
    organizer = role_client(event, Role.ORGANIZER)
    assert organizer.get(url(event)).json()["clock"]["limit_minutes"] is None
    assert_problem(
        organizer.post(url(event, "clock/extend"), {"minutes": 5}, format="json"), 409, "no_time_limit"
    )


@pytest.mark.parametrize("minutes", [0, 241, "5", None])
def test_an_extension_is_a_whole_number_of_minutes_up_to_240(minutes):
    event, _, _ = timed_event()
    response = role_client(event, Role.ORGANIZER).post(
        url(event, "clock/extend"), {"minutes": minutes}, format="json"
    )
    assert response.status_code == 400


def test_extensions_add_up_to_a_day_at_most():
    event, round_, _ = timed_event()
    round_.clock_extended_minutes = 24 * 60 - 10
    round_.save(update_fields=["clock_extended_minutes"])
    response = role_client(event, Role.ORGANIZER).post(
        url(event, "clock/extend"), {"minutes": 11}, format="json"
    )
    assert_problem(response, 409, "clock_extension_limit")


def test_a_clock_change_is_in_the_audit_log(now):
    event, _, _ = timed_event()
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "clock/start"))
    entries = organizer.get(f"/api/v1/events/{event.slug}/audit/").json()["results"]
    assert any("clock_started_at" in (entry.get("changes") or {}) for entry in entries)
