"""A post's read of the match it locks is a statement PostgreSQL prepares (core.fast.postgresql,
docs/deploy.md "Planned once"): through the API, the next post of the connection runs it again."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.scoring.conftest import deals_url

pytestmark = pytest.mark.postgres


def _match_locks() -> list[tuple[int, int]]:
    """(generic, custom) plans of this connection's prepared reads that lock a match."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE '%%FROM \"tournaments_match\"%%' AND statement LIKE '%%FOR UPDATE%%'"
        )
        return cursor.fetchall()


def test_deal_posts_run_the_prepared_read_of_their_match(play, keeper):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")
    before = sum(map(sum, _match_locks()))
    for number in (1, 2):
        for match in play["matches"]:
            body = {"number": number, "finishing_order": ["N", "S"]}
            answer = keeper.post(deals_url(match), body, format="json")
            assert answer.status_code == 201, answer.content
    # Four posts ran the one prepared read of the match they lock, none as a statement of its own.
    assert sum(map(sum, _match_locks())) - before == 4
    assert len(_match_locks()) == 1
