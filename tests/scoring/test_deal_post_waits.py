"""A deal post that waits for the match's lock plays its deal on what the writer before it left
(docs/scoring.md "The stored state"): the stored state is in the locked row, so a result submitted
while the post waited is seen. PostgreSQL only (row locks); CI runs it."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from scoring.models import Deal
from tests.scoring.conftest import deals_url, post_deals, result_url
from tests.scoring.test_concurrency import _event, race
from tests.tournaments.conftest import role_client
from tournaments.models import Match, Role

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")


def _someone_waits_for_a_lock(limit: float = 10.0) -> bool:
    """Whether another connection of this database waits for a lock (polled, up to ``limit`` s)."""
    deadline = time.monotonic() + limit
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # the view is read once a transaction
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0]:
                return True
            time.sleep(0.02)
    return False


def test_a_result_submitted_while_a_post_waits_for_the_lock_is_seen():
    event, (match, _) = _event("wait-result")
    event.match_format, event.time_limit_minutes = "time_limit", 40
    event.save()
    keeper = role_client(event, Role.SCOREKEEPER)
    post_deals(keeper, match, [["N", "S"], ["E", "N", "W"]])  # the state stored with deal 2
    locked = threading.Event()

    def submit_while_holding_the_lock():
        with transaction.atomic():
            Match.objects.select_for_update().get(pk=match.pk)
            locked.set()
            waited = _someone_waits_for_a_lock()
            response = keeper.post(result_url(match), {"time_up": True}, format="json")
        return waited, response.status_code

    def post_deal_3():
        assert locked.wait(10)
        return keeper.post(deals_url(match), {"number": 3, "finishing_order": ["N", "S"]}, format="json")

    (waited, submitted), posted = race(submit_while_holding_the_lock, post_deal_3)
    assert waited and submitted == 201
    assert (posted.status_code, posted.json()["code"]) == (409, "result_submitted")
    assert Deal.objects.filter(match=match).count() == 2
