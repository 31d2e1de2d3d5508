"""Concurrency lives in PostgreSQL: racing writers leave exactly one row, never two.

Two threads post at the same moment (a barrier releases them together), each with its own database
connection. These tests need PostgreSQL's row locks and unique-index waits; on SQLite (one writer
at a time) they are skipped. CI runs them on PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoring.models import Deal, MatchResult
from tests.scoring.conftest import API, NS_SWEEP, deals_url, post_deals, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    role_client,
)
from tournaments.models import Role, RoundStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")


@pytest.fixture(autouse=True)
def _reset_celery_join_flag():
    """Eager Celery tasks run in racing threads toggle one process-wide flag ("inside a task")
    without a lock, and can leave it set; later tests that wait on a result would then be refused."""
    yield
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


def race(*calls):
    """Run the calls in threads released together; return their results in call order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        from django.db import connections

        try:
            barrier.wait()
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def _event(slug: str, pairs: int = 4):
    event = EventFactory(published=True, slug=slug)
    made = [PairFactory(event=event, number=n) for n in range(1, pairs + 1)]
    stage = StageFactory(event=event)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    matches = [
        MatchFactory(round=round_, table=t + 1, ns_pair=made[2 * t], ew_pair=made[2 * t + 1])
        for t in range(pairs // 2)
    ]
    return event, matches


def test_two_threads_posting_the_same_deal_leave_one_row():
    event, (match, _) = _event("race-deal")
    a, b = role_client(event, Role.SCOREKEEPER), role_client(event, Role.SCOREKEEPER)
    body = {"number": 1, "finishing_order": ["N", "S"]}
    responses = race(*(lambda c=c: c.post(deals_url(match), body, format="json") for c in (a, b)))
    assert sorted(r.status_code for r in responses) == [200, 201]
    assert responses[0].json()["state"] == responses[1].json()["state"]
    assert Deal.objects.filter(match=match).count() == 1


def test_two_threads_posting_different_deals_under_one_number_leave_one_and_a_conflict():
    event, (match, _) = _event("race-conflict")
    a, b = role_client(event, Role.SCOREKEEPER), role_client(event, Role.SCOREKEEPER)
    bodies = [{"number": 1, "finishing_order": ["N", "S"]}, {"number": 1, "finishing_order": ["E", "W"]}]
    responses = race(
        *(
            lambda c=c, b=b: c.post(deals_url(match), b, format="json")
            for c, b in zip((a, b), bodies, strict=True)
        )
    )
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert Deal.objects.filter(match=match).count() == 1


def test_two_threads_with_one_idempotency_key_leave_one_row():
    event, (match, _) = _event("race-key")
    keeper = role_client(event, Role.SCOREKEEPER)
    body = {"number": 1, "finishing_order": ["N", "S"]}

    def post():
        return keeper.post(deals_url(match), body, format="json", HTTP_IDEMPOTENCY_KEY="same-key")

    responses = race(post, post)
    # The second is answered the first's result, or asked to retry while the first still runs.
    assert sorted(r.status_code for r in responses) in ([201, 201], [201, 409])
    assert Deal.objects.filter(match=match).count() == 1


def test_two_threads_syncing_one_item_key_apply_it_once():
    event, (match, _) = _event("race-sync")
    keeper = role_client(event, Role.SCOREKEEPER)
    items = [
        {"key": "k1", "kind": "deal", "match": match.pk, "body": {"number": 1, "finishing_order": ["N", "S"]}}
    ]

    def sync():
        return keeper.post(f"{API}/sync", {"items": items}, format="json")

    outcomes = sorted(r.json()["items"][0]["outcome"] for r in race(sync, sync))
    assert outcomes == ["already_applied", "applied"]
    assert Deal.objects.filter(match=match).count() == 1


def test_two_corrections_of_one_version_end_with_one_applied_and_one_conflict():
    event, (match, _) = _event("race-correct")
    keeper = role_client(event, Role.SCOREKEEPER)
    referee = role_client(event, Role.REFEREE)
    sheet = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
    keeper.post(result_url(match), sheet, format="json")
    referee.post(result_url(match, "/confirm"), {}, format="json")
    corrections = [
        {"corrects": 1, "levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9},
        {"corrects": 1, "levels": {"NS": "A+", "EW": "J"}, "deals_played": 9},
    ]
    referees = [referee, role_client(event, Role.REFEREE)]
    responses = race(
        *(
            lambda c=c, b=b: c.post(result_url(match), b, format="json")
            for c, b in zip(referees, corrections, strict=True)
        )
    )
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert [r.json()["code"] for r in responses if r.status_code == 409] == ["version_conflict"]
    assert MatchResult.objects.filter(match=match, status="confirmed").count() == 1
    assert MatchResult.objects.filter(match=match).count() == 2


def test_standings_do_not_depend_on_the_order_in_which_results_arrive():
    tables = []
    for slug in ("order-a", "order-b"):
        event, matches = _event(slug, pairs=8)
        keepers = [role_client(event, Role.SCOREKEEPER) for _ in matches]
        referee = role_client(event, Role.REFEREE)
        tables.append((event, matches, keepers, referee))
    sheets = [
        {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9},
        {"levels": {"NS": "Q", "EW": "A+"}, "deals_played": 10},
        {"levels": {"NS": "A+", "EW": "5"}, "deals_played": 8},
        {"levels": {"NS": "3", "EW": "A+"}, "deals_played": 6},
    ]
    # Event a: one after the other, in table order; event b: all at once, in reverse order.
    event, matches, keepers, referee = tables[0]
    for match, keeper, sheet in zip(matches, keepers, sheets, strict=True):
        keeper.post(result_url(match), {**sheet, "confirm": False}, format="json")
        referee.post(result_url(match, "/confirm"), {}, format="json")
    _, matches_b, keepers_b, referee_b = tables[1]

    def submit_and_confirm(match, keeper, sheet):
        def call():
            keeper.post(result_url(match), sheet, format="json")
            return referee_b.post(result_url(match, "/confirm"), {}, format="json")

        return call

    calls = [submit_and_confirm(m, k, s) for m, k, s in zip(matches_b, keepers_b, sheets, strict=True)]
    assert all(r.status_code == 200 for r in race(*reversed(calls)))

    def rows(client, slug):
        body = client.get(f"{API}/events/{slug}/standings/").json()
        return [
            (r["rank"], r["pair"]["number"], r["match_points"], r["tiebreaks"], r["decided_by"])
            for r in body["rows"]
        ]

    assert rows(referee, "order-a") == rows(referee_b, "order-b")
    assert [r[1] for r in rows(referee, "order-a")][:4] == [
        8,
        5,
        4,
        1,
    ]  # the winners by level points: +12, +10, +3, +2


def test_racing_deals_on_two_tables_both_land():
    event, (first, second) = _event("race-tables")
    a, b = role_client(event, Role.SCOREKEEPER), role_client(event, Role.SCOREKEEPER)
    post_deals(a, first, NS_SWEEP[:1])
    responses = race(
        lambda: a.post(deals_url(first), {"number": 2, "finishing_order": ["N", "S"]}, format="json"),
        lambda: b.post(deals_url(second), {"number": 1, "finishing_order": ["E", "W"]}, format="json"),
    )
    assert [r.status_code for r in responses] == [201, 201]


def test_two_corrections_of_one_deal_version_end_with_one_applied_and_one_conflict():
    event, (match, _) = _event("race-deal-correct")
    keeper = role_client(event, Role.SCOREKEEPER)
    referee = role_client(event, Role.REFEREE)
    post_deals(keeper, match, [["N", "S"], ["N", "S"]])
    url = f"{API}/matches/{match.pk}/deals/1"
    bodies = [
        {"finishing_order": ["N", "W", "S"], "corrects": 1},
        {"finishing_order": ["N", "E", "S"], "corrects": 1},
    ]
    responses = race(
        *(
            lambda c=c, b=b: c.put(url, b, format="json")
            for c, b in zip((keeper, referee), bodies, strict=True)
        )
    )
    assert sorted(r.status_code for r in responses) == [201, 409]
    assert Deal.objects.filter(match=match, number=1).count() == 2  # v1 replaced, one v2
    assert Deal.objects.filter(match=match, number=1, status="current").count() == 1


def test_the_same_deal_correction_racing_itself_is_stored_once():
    event, (match, _) = _event("race-deal-same")
    keeper = role_client(event, Role.SCOREKEEPER)
    post_deals(keeper, match, [["N", "S"]])
    url = f"{API}/matches/{match.pk}/deals/1"
    body = {"finishing_order": ["N", "W", "S"], "corrects": 1}
    responses = race(*(lambda: keeper.put(url, body, format="json") for _ in range(2)))
    assert sorted(r.status_code for r in responses) == [200, 201]
    assert Deal.objects.filter(match=match, number=1).count() == 2
