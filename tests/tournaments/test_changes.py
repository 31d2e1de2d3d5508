"""One write path of an event's derived state (issue 36): ``tournaments.changes.changed`` is what every
writer calls, the layers above subscribe to it once, and no model signal of a domain model moves a
stamp, ``results_version`` or the ratings behind the writers' backs."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save

from scoring.models import WebhookDelivery
from scoring.services.changes import hear
from seasons import receivers as season_receivers
from tests.factories import EventFactory, PairFactory
from tournaments import changes
from tournaments.models import Event

DOMAIN_APPS = ("tournaments", "scoring", "referee", "seasons", "core")
MODEL_SIGNALS = {
    "pre_save": pre_save,
    "post_save": post_save,
    "pre_delete": pre_delete,
    "post_delete": post_delete,
}


def _foreign_receivers(signal, model) -> list[str]:
    """The receivers of ``signal`` for ``model`` other than django-auditlog's own (its log is fine)."""
    sync, async_ = signal._live_receivers(model)
    names = [f"{r.__module__}.{getattr(r, '__qualname__', r)}" for r in [*sync, *async_]]
    return [name for name in names if not name.startswith("auditlog.")]


def test_no_model_signal_receiver_on_a_domain_model():
    """Derived state has one write path (DEVELOPERS.md: no business logic in signals): a receiver of
    a domain model's save or delete coming back fails here, naming it."""
    found = {
        f"{model._meta.label} {name}": receivers
        for label in DOMAIN_APPS
        for model in apps.get_app_config(label).get_models()
        for name, signal in MODEL_SIGNALS.items()
        if (receivers := _foreign_receivers(signal, model))
    }
    assert found == {}


def test_the_layers_above_subscribe_once_at_start_up():
    """Scoring (results_version, the webhooks) and seasons (the ratings) hear every change, once each."""
    assert changes.subscribers() == (hear, season_receivers._changed)
    changes.subscribe(hear)  # a second subscription changes nothing
    assert changes.subscribers() == (hear, season_receivers._changed)


@pytest.mark.django_db
def test_a_change_of_an_event_moves_its_results_version():
    event = EventFactory()
    before = Event.objects.get(pk=event.pk).results_version
    changes.changed(event.pk)
    assert Event.objects.get(pk=event.pk).results_version == before + 1


@pytest.mark.django_db
def test_a_change_of_its_tables_alone_leaves_the_results_version():
    event = EventFactory()
    before = Event.objects.get(pk=event.pk).results_version
    changes.changed(event, rows=False, tables=True)
    assert Event.objects.get(pk=event.pk).results_version == before


@pytest.mark.django_db
def test_standings_updated_is_queued_only_for_a_change_the_standings_show():
    """Written in the writer's transaction (its delivery after the commit, never run here)."""
    pair = PairFactory(event__published=True)
    pair.event.webhooks.create(url="https://club.example/hook", secret="s" * 32, events=["standings.updated"])
    changes.changed(pair.event, shows=False)
    assert not WebhookDelivery.objects.exists()
    changes.changed(pair.event, shows=True)
    assert list(WebhookDelivery.objects.values_list("event_type", flat=True)) == ["standings.updated"]


@pytest.mark.django_db
def test_differs_compares_the_fields_written_with_the_row_read():
    pair = PairFactory(name="A")
    assert not changes.differs(pair, {"name": "A", "seed": 3}, {"name"})
    assert changes.differs(pair, {"name": "B"}, {"name"})
    assert not changes.differs(pair, {"player_1": pair.player_1}, {"player_1"})
    assert changes.differs(pair, {"player_1": pair.player_2}, {"player_1"})
