"""Writes go through services that take whitelisted keyword fields and write only those columns;
views read through tournaments.selectors and write through ``locked_write`` (one shape for all)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from tests.tournaments.conftest import EventFactory, RoundFactory, StageFactory, UnitFactory
from tournaments.models import Event, Round, Unit
from tournaments.services import events as event_services
from tournaments.services import registration, rounds, stages

VIEWS = Path(__file__).resolve().parents[2] / "tournaments" / "views"
pytestmark = pytest.mark.django_db


def test_event_update_writes_only_the_fields_it_is_given():
    event = EventFactory(name="Spring cup")
    stale = Event.objects.get(pk=event.pk)
    Event.objects.filter(pk=event.pk).update(name="Renamed elsewhere")
    event_services.event_update(event=stale, venue="Hall B")
    event.refresh_from_db()
    assert (event.name, event.venue) == ("Renamed elsewhere", "Hall B")


def test_event_update_refuses_a_field_outside_its_list():
    with pytest.raises(TypeError, match="results_version"):
        event_services.event_update(event=EventFactory(), results_version=99)


def test_round_update_writes_only_the_start_time():
    round_ = RoundFactory()
    stale = Round.objects.get(pk=round_.pk)
    Round.objects.filter(pk=round_.pk).update(draw_system="swiss")
    starts = dt.datetime(2026, 5, 1, 9, tzinfo=dt.UTC)
    rounds.round_update(round_=stale, starts_at=starts)
    round_.refresh_from_db()
    assert (round_.starts_at, round_.draw_system) == (starts, "swiss")


def test_round_update_takes_no_other_field():
    with pytest.raises(TypeError):
        rounds.round_update(round_=RoundFactory(), status="closed")


def test_round_update_may_clear_the_start_time():
    round_ = RoundFactory(starts_at=dt.datetime(2026, 5, 1, 9, tzinfo=dt.UTC))
    rounds.round_update(round_=round_, starts_at=None)
    round_.refresh_from_db()
    assert round_.starts_at is None


def test_records_are_created_and_edited_by_services():
    event = EventFactory()
    unit = registration.unit_create(event=event, name="Club A", short_name="A")
    registration.unit_update(unit=unit, short_name="CA")
    assert Unit.objects.get(pk=unit.pk).short_name == "CA"
    stage = stages.stage_create(event=event, name="Final", order=2)
    assert stages.stage_update(stage=stage, name="Grand final").name == "Grand final"
    with pytest.raises(TypeError):
        registration.unit_update(unit=UnitFactory(), event=EventFactory())
    with pytest.raises(TypeError):
        stages.stage_update(stage=StageFactory(), event=event)


@pytest.mark.parametrize("path", sorted(VIEWS.glob("*.py")), ids=lambda p: p.name)
def test_views_hold_no_query_lock_or_save_of_their_own(path):
    """No ``select_for_update``, ``check_if_match`` or ``serializer.save()`` in the views: a write is
    ``locked_write`` around a service call, a visibility read is a selector."""
    source = path.read_text(encoding="utf-8")
    assert not re.search(r"select_for_update|check_if_match\(|serializer\.save\(|\bQ\(", source)
