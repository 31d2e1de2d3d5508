"""A post's read of the match it locks is a statement PostgreSQL prepares (Django's server-side
binding with psycopg's prepare_threshold, docs/deploy.md "Planned once"): through the API, every post
of the connection runs the one statement again instead of sending new text to be planned."""

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
    if connection.vendor != "postgresql" or not connection.features.uses_server_side_binding:
        pytest.skip("needs PostgreSQL (set DATABASE_URL) binding on the server; CI runs it")
    threshold = connection.connection.prepare_threshold
    before = sum(map(sum, _match_locks(True)))
    posts = 0
    for number in range(1, threshold + 4):
        for match in play["matches"]:
            # Each side in turn, so that neither passes A within the posts.
            body = {"number": number, "finishing_order": ["N", "S"] if number % 2 else ["E", "W"]}
            answer = keeper.post(deals_url(match), body, format="json")
            assert answer.status_code == 201, answer.content
            posts += 1
    # Every post after a match's first locks the match with its state (a first post finds no state
    # row yet): one statement for all of them, prepared once psycopg had seen it threshold times and
    # run prepared by the posts after that.
    locking = posts - len(play["matches"])
    (runs,) = _match_locks(True)
    assert locking - threshold <= sum(runs) - before <= locking
