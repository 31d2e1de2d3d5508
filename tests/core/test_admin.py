"""The Django admin (issue 34): superusers only, and it cannot write what the rules own — a match's
winner and status, pairings, a round's status and draw, an event's rules, scoring, status and
results_version, a pair's number and status, roles and table tokens — nor add or delete the rows
the services make. Results, deals, rulings and penalties are not in the admin at all."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client

from core.admin_fields import ServiceOwnedAdmin
from core.models import AuditEntry
from scoring.models import WebhookDelivery
from tests.factories import MatchFactory
from tests.tournaments.conftest import new_user
from tournaments import models

pytestmark = pytest.mark.django_db

#: What a rule owns, by model: none of these may be written in the admin.
RULE_OWNED = {
    models.Match: [
        "winner",
        "status",
        "ns_pair",
        "ew_pair",
        "round",
        "table",
        "flags",
        "best_of",
        "bracket_slot",
    ],
    models.Round: [
        "status",
        "draw_seed",
        "draw_system",
        "relaxed",
        "drawn_at",
        "published_at",
        "closed_at",
        "stage",
    ],
    models.Event: [
        "status",
        "game",
        "ruleset",
        "rule_overrides",
        "tiebreaks",
        "match_points",
        "level_points",
        "penalty_table",
        "lots_seed",
        "correction_minutes",
        "club",
        "slug",
        "publish_rulings",
    ],
    models.Pair: ["number", "status", "status_reason", "player_1", "player_2", "unit", "seed", "event"],
    models.EventRole: ["event", "user", "role", "tables"],
    models.TableToken: ["event", "table", "key", "revoked_at"],
    models.Stage: ["kind", "order", "event", "advance_count"],
}


def superuser_client() -> Client:
    client = Client()
    client.force_login(new_user("root", is_superuser=True, is_staff=True))
    return client


def test_a_staff_account_that_is_not_a_superuser_is_sent_to_the_admins_login():
    client = Client()
    client.force_login(new_user("staff", is_staff=True))
    response = client.get("/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_a_superuser_opens_the_admin():
    assert superuser_client().get("/admin/").status_code == 200


@pytest.mark.parametrize(("model", "field"), [(m, f) for m, fields in RULE_OWNED.items() for f in fields])
def test_what_a_rule_owns_is_read_only_in_the_admin(model, field, rf):
    model_admin = admin.site._registry[model]
    request = rf.get("/")
    request.user = new_user("root", is_superuser=True, is_staff=True)
    assert field in model_admin.get_readonly_fields(request, None)


def test_no_results_deals_rulings_or_penalties_are_in_the_admin():
    labels = {model._meta.app_label for model in admin.site._registry}
    assert not labels & {"scoring", "referee", "seasons"}


def test_every_row_of_the_project_in_the_admin_is_made_and_deleted_by_its_services_only(rf):
    request = rf.get("/")
    request.user = new_user("root", is_superuser=True, is_staff=True)
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label in ("auth", "authtoken") or model is AuditEntry:
            continue
        assert isinstance(model_admin, ServiceOwnedAdmin), model
        assert not model_admin.has_add_permission(request) and not model_admin.has_delete_permission(request)


def test_the_audit_log_is_read_only_in_the_admin(rf):
    request = rf.get("/")
    request.user = new_user("root", is_superuser=True, is_staff=True)
    log = admin.site._registry[AuditEntry]
    assert not log.has_add_permission(request) and not log.has_change_permission(request)


def test_a_post_to_a_matchs_change_form_cannot_set_its_winner():
    match = MatchFactory()
    client = superuser_client()
    form = client.get(f"/admin/tournaments/match/{match.pk}/change/").content.decode()
    assert 'name="winner"' not in form and 'name="status"' not in form
    client.post(
        f"/admin/tournaments/match/{match.pk}/change/",
        {"winner": match.ns_pair_id, "status": "confirmed", "table": 99},
    )
    match.refresh_from_db()
    assert match.winner_id is None and match.status == models.MatchStatus.SCHEDULED and match.table != 99


def test_an_events_name_may_still_be_corrected_but_not_its_status():
    match = MatchFactory()
    event = match.round.event
    response = superuser_client().post(
        f"/admin/tournaments/event/{event.pk}/change/",
        {"name": "Corrected name", "venue": "Hall B", "status": "finished"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert event.name == "Corrected name" and event.venue == "Hall B" and event.status != "finished"


def test_a_pair_renamed_in_the_admin_is_told_as_a_service_tells_it():
    """The admin is a writer too (tournaments.changes): the event's results_version moves and the club
    websites hear that the standings changed (a pair's name is shown)."""
    match = MatchFactory()
    pair, event = match.ns_pair, match.round.event
    event.webhooks.create(url="https://club.example/hook", events=["standings.updated"])
    before = models.Event.objects.get(pk=event.pk).results_version
    response = superuser_client().post(f"/admin/tournaments/pair/{pair.pk}/change/", {"name": "新名字"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert models.Event.objects.get(pk=event.pk).results_version == before + 1
    assert list(WebhookDelivery.objects.values_list("event_type", flat=True)) == ["standings.updated"]


def test_an_event_renamed_in_the_admin_moves_its_version_but_tells_no_standings():
    event = MatchFactory().round.event
    event.webhooks.create(url="https://club.example/hook", events=["standings.updated"])
    before = models.Event.objects.get(pk=event.pk).results_version
    response = superuser_client().post(f"/admin/tournaments/event/{event.pk}/change/", {"name": "Renamed"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert models.Event.objects.get(pk=event.pk).results_version == before + 1
    assert not WebhookDelivery.objects.exists()
