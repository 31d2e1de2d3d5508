"""A post's read of the match it locks is a statement PostgreSQL prepares (core.fast.postgresql,
docs/deploy.md "Planned once"): through the API, the next post of the connection runs it again."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.scoring.conftest import deals_url

pytestmark = pytest.mark.postgres


def _match_locks(with_state: bool) -> list[tuple[int, int]]:
    """(generic, custom) plans of this connection's prepared reads that lock a match (with its
    derived state, scoring's MatchState row, or alone: a match's first post finds no state row yet)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE '%%FROM \"tournaments_match\"%%' AND statement LIKE '%%FOR UPDATE%%'"
            " AND (statement LIKE '%%\"scoring_matchstate\"%%') = %s",
            [with_state],
        )
        return cursor.fetchall()


def test_deal_posts_run_the_prepared_read_of_their_match(play, keeper):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")
    before = sum(map(sum, _match_locks(True))), sum(map(sum, _match_locks(False)))
    for number in (1, 2):
        for match in play["matches"]:
            body = {"number": number, "finishing_order": ["N", "S"]}
            answer = keeper.post(deals_url(match), body, format="json")
            assert answer.status_code == 201, answer.content
    # Four posts ran the one prepared read of the match and its state that they lock, none as a
    # statement of its own; each match's first post ran the prepared read of the match alone first.
    assert sum(map(sum, _match_locks(True))) - before[0] == 4
    assert sum(map(sum, _match_locks(False))) - before[1] == 2
    assert len(_match_locks(True)) == len(_match_locks(False)) == 1
