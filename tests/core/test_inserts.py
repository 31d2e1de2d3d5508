"""core.fast.inserts: rows written by an INSERT made once per model are the rows the ORM writes."""

from __future__ import annotations

from unittest import mock

import pytest
from auditlog.context import disable_auditlog
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Value
from django.db.models.sql.compiler import SQLInsertCompiler
from django.test.utils import CaptureQueriesContext

from core.fast import inserts
from core.fast.inserts import insert
from core.models import AuditEntry
from scoring.models import MatchResult
from tests.tournaments.conftest import MatchFactory, new_user

pytestmark = pytest.mark.django_db


def entries(user) -> list[AuditEntry]:
    kind = ContentType.objects.get_for_model(MatchResult)
    return [
        AuditEntry(
            content_type=kind,
            object_pk=7,
            object_id=7,
            object_repr="a result",
            action=AuditEntry.Action.UPDATE,
            changes={"status": ["submitted", "confirmed"], "games": [None, '[{"x": 1}]']},
            additional_data={"event_id": 3},
            event_id=3,
            actor=user,
            via="token:abcdefgh",
            remote_addr="127.0.0.1",
        ),
        AuditEntry(content_type=kind, object_pk="8", object_repr="another", action=AuditEntry.Action.CREATE),
    ]


def rows() -> list[dict]:
    return [{k: v for k, v in row.items() if k != "id"} for row in AuditEntry.objects.order_by("id").values()]


def test_inserted_rows_are_bulk_creates_in_one_statement():
    user = new_user()
    AuditEntry.objects.bulk_create(entries(user))
    expected = rows()
    AuditEntry.objects.all().delete()
    made = entries(user)
    for entry, row in zip(made, expected, strict=True):
        entry.timestamp = row["timestamp"]
    with CaptureQueriesContext(connection) as queries:
        insert(AuditEntry, made)
    assert len(queries) == 1
    assert rows() == expected
    assert all(not entry._state.adding for entry in made)


def a_result(match, **fields) -> MatchResult:
    return MatchResult(
        **{"version": 1, **fields},
        match=match,
        source="levels",
        ns_level=14,
        ew_level=13,
        winner="NS",
        games=[{"ns_level": 14}],
        content_hash="h",
        party="side:NS",
    )


def saved_row(result: MatchResult) -> dict:
    row = MatchResult.objects.filter(pk=result.pk).values().get()
    return {k: v for k, v in row.items() if k not in ("id", "created_at", "match_id")}


def test_a_saved_row_is_the_compilers_and_its_statement_is_made_once():
    first, second = MatchFactory(), MatchFactory()
    with mock.patch.object(inserts, "_returning", return_value=None):  # the ORM's compiler writes it
        by_compiler = a_result(first, note="n")
        by_compiler.save()
    statement = a_result(second, note="n")
    statement.save()  # its statement made now …
    assert statement.pk is not None and statement.pk != by_compiler.pk
    assert saved_row(statement) == saved_row(by_compiler)
    again = a_result(second, note="again", version=2)
    with (
        disable_auditlog(),  # its entry is another model's insert
        mock.patch.object(SQLInsertCompiler, "as_sql", side_effect=AssertionError("compiled")),
    ):
        again.save()  # … and not again
    assert MatchResult.objects.get(pk=again.pk).note == "again"


def test_an_expression_among_the_values_is_the_compilers_to_write():
    result = a_result(MatchFactory(), note=Value("from an expression"))
    result.save()
    assert MatchResult.objects.get(pk=result.pk).note == "from an expression"
