"""core.bulk_audit's diffs are django-auditlog's own, of a created row and of an update, field for field:
its included, excluded and masked fields, its JSON values, its strings of what it cannot keep as JSON."""

from __future__ import annotations

from copy import copy

import pytest
from auditlog.diff import model_instance_diff
from auditlog.registry import auditlog
from django.conf import settings

from core.fast.audit_diffs import created_changes, updated_changes
from scoring.models import Deal, MatchResult, Webhook
from tests.factories import MatchFactory, MemberFactory, PairFactory
from tests.scoring.conftest import result_url
from tests.scoring.test_deal_post_queries import a_match, post_up_to
from tests.scoring.test_result_post_queries import sweep
from tests.tournaments.conftest import table_client
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def _auditlogs(old, new=None, fields=None) -> dict | None:
    """auditlog's own diff: of a created row ``old``, or of an update of ``fields`` of it to ``new``."""
    if new is None:
        old, new = None, old
    return model_instance_diff(old, new, fields, use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES)


@pytest.mark.parametrize("model", sorted(auditlog.get_models(), key=lambda model: model._meta.label))
def test_a_new_instance_of_every_audited_model_has_auditlogs_changes(model):
    instance = model()
    assert created_changes(instance) == _auditlogs(instance)


def test_rows_as_the_api_writes_them_have_auditlogs_changes():
    match = a_match()
    table = table_client(match.round.event, 1)
    post_up_to(table, match, 6, sweep)  # NS to A+ in five deals
    assert table.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    rows = [
        *Deal.objects.filter(match=match),
        MatchResult.objects.get(match=match),
        MatchFactory(),
        PairFactory(),
        MemberFactory(email="ada@example.org", phone="+86 138 0000 0000"),  # masked fields
        Webhook.objects.create(event=match.round.event, url="https://club.example.org/hook"),
    ]
    changes = [created_changes(row) for row in rows]
    assert changes == [_auditlogs(row) for row in rows]
    assert "content_hash" not in changes[3]  # a result's is left out of its entries
    assert changes[-1]["secret"] == (None, "********")  # a webhook's secret is masked
    assert changes[-2]["email"] == (None, "********")  # and so is a member's email


def test_updates_as_the_api_writes_them_have_auditlogs_changes():
    match = a_match()
    table = table_client(match.round.event, 1)
    post_up_to(table, match, 6, sweep)
    before = {"match": copy(Match.objects.get(pk=match.pk)), "webhook": None}
    assert table.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    after = Match.objects.get(pk=match.pk)
    hook = Webhook.objects.create(event=match.round.event, url="https://club.example.org/hook")
    before["webhook"] = copy(hook)
    hook.secret, hook.active = "another secret", False
    for old, new, fields in [
        (before["match"], after, ["status", "sheet"]),
        (before["match"], after, ["winner_id", "status"]),  # a foreign key by its column's name
        (before["webhook"], hook, ["secret", "active"]),  # a masked field
    ]:
        assert updated_changes(old, new, fields) == _auditlogs(old, new, fields)
    assert updated_changes(before["webhook"], hook, ["secret"]) == {"secret": ("********", "********")}
