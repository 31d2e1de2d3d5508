"""core.fast.updates: a row saved by an UPDATE made once per model and set of fields is the row the ORM's
compiler writes."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError
from django.db.models import F, Value
from django.db.models.sql.compiler import SQLUpdateCompiler
from django.utils import timezone

from core.fast import updates
from scoring.models import MatchResult
from tests.core.test_inserts import a_result, saved_row
from tests.tournaments.conftest import MatchFactory, new_user

pytestmark = pytest.mark.django_db


def confirm(result: MatchResult, user, at) -> None:
    result.status, result.confirmed_at, result.confirmed_by = "confirmed", at, user
    result.save(update_fields=["status", "confirmed_at", "confirmed_by"])


def test_an_updated_row_is_the_compilers_and_its_statement_is_made_once():
    user, at = new_user(), timezone.now()
    by_compiler, by_statement = a_result(MatchFactory()), a_result(MatchFactory())
    by_compiler.save()
    by_statement.save()
    with mock.patch.object(updates, "VENDORS", ()):  # the ORM's compiler writes it
        confirm(by_compiler, user, at)
    confirm(by_statement, user, at)  # its statement made now …
    assert saved_row(by_statement) == saved_row(by_compiler)
    by_statement.confirmed_by = None
    with mock.patch.object(SQLUpdateCompiler, "as_sql", side_effect=AssertionError("compiled")):
        by_statement.save(update_fields=["confirmed_by"])  # … and not again; None is NULL
    assert MatchResult.objects.get(pk=by_statement.pk).confirmed_by is None


def test_an_expression_among_the_values_is_the_compilers_to_write():
    result = a_result(MatchFactory())
    result.save()
    result.note, result.ns_level = Value("from an expression"), F("ns_level") - 1
    result.save(update_fields=["note", "ns_level"])
    assert MatchResult.objects.values_list("note", "ns_level").get(pk=result.pk) == ("from an expression", 13)


def test_a_save_of_a_row_gone_says_so():
    """As the compiler's: no row updated, and Django's save(update_fields=…) raises."""
    result = a_result(MatchFactory())
    result.save()
    MatchResult.objects.filter(pk=result.pk).delete()
    result.note = "late"
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        result.save(update_fields=["note"])
