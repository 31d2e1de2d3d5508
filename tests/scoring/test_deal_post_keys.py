"""An ``Idempotency-Key`` on a deal post (docs/api.md): the key is recorded with its answer at the
end of the post's transaction (``IdempotentMixin.atomic_post``), and answers as a claim made first
would: the stored answer again, 422 for another request, 409 while a claim of the first scheme may
still run, taken over once it is abandoned."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.utils import timezone

from core.models import IdempotencyRecord
from scoring.models import Deal
from tests.scoring.conftest import deals_url
from tests.scoring.test_concurrency import _event, race
from tests.tournaments.conftest import assert_problem, role_client
from tournaments.models import Role


def post(client, match, key: str, **body):
    return client.post(deals_url(match), body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_retried_post_answers_the_first_answer_and_stores_nothing_more(play, table_1):
    match = play["matches"][0]
    first = post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    again = post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["ETag"] == first["ETag"]
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert Deal.objects.filter(match=match).count() == 1
    assert IdempotencyRecord.objects.get().status_code == 201


def test_a_retry_after_later_deals_still_answers_the_first_answer(play, table_1):
    match = play["matches"][0]
    first = post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    post(table_1, match, "k2", number=2, finishing_order=["N", "W", "E"])
    again = post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    assert again.status_code == 201 and again.json() == first.json()


def test_a_key_used_for_another_deal_is_422_and_the_post_is_undone(play, table_1):
    match = play["matches"][0]
    post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    assert_problem(
        post(table_1, match, "k", number=2, finishing_order=["E", "W"]), 422, "idempotency_key_reused"
    )
    assert Deal.objects.filter(match=match).count() == 1


def test_a_key_used_for_another_request_is_422_even_when_this_one_is_refused(play, table_1):
    match = play["matches"][0]
    post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    response = post(table_1, match, "k", number=5, finishing_order=["N", "S"])  # out of order: a 409
    assert_problem(response, 422, "idempotency_key_reused")


def test_a_refused_post_leaves_its_key_free(play, table_1):
    match = play["matches"][0]
    assert_problem(post(table_1, match, "k", number=2, finishing_order=["N", "S"]), 409, "deal_out_of_order")
    assert not IdempotencyRecord.objects.exists()
    assert post(table_1, match, "k", number=1, finishing_order=["N", "S"]).status_code == 201


def test_a_claim_of_the_first_scheme_is_409_then_taken_over(play, table_1):
    match = play["matches"][0]
    post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    Deal.objects.all().delete()  # as if the first scheme's request died before its work
    IdempotencyRecord.objects.update(status_code=None)
    response = post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    assert_problem(response, 409, "idempotency_key_in_use")
    assert not Deal.objects.exists()  # undone
    IdempotencyRecord.objects.update(created_at=timezone.now() - datetime.timedelta(hours=1))
    response = post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert Deal.objects.count() == 1
    assert IdempotencyRecord.objects.get().status_code == 201


def test_keys_belong_to_their_caller(play, table_1, keeper):
    match = play["matches"][0]
    post(table_1, match, "k", number=1, finishing_order=["N", "S"])
    response = post(keeper, match, "k", number=2, finishing_order=["E", "W"])
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert IdempotencyRecord.objects.count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_posts_racing_with_one_key_both_answer_the_first_answer():
    """The second waits on the match lock, does its work, finds the key taken at the end, undoes
    its work and replays the first's answer: never the 409 a claim made first could answer."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL); CI runs it")
    event, (match, _) = _event("race-key-answer")
    keeper = role_client(event, Role.SCOREKEEPER)
    body = {"number": 1, "finishing_order": ["N", "S"]}

    def send():
        return keeper.post(deals_url(match), body, format="json", HTTP_IDEMPOTENCY_KEY="same-key")

    first, second = race(send, send)
    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json() == second.json()
    assert Deal.objects.filter(match=match).count() == 1
    assert IdempotencyRecord.objects.get().status_code == 201


def void_from(client, match, first: int):
    response = client.post(f"{deals_url(match)}void", {"from": first, "note": "wrong table"}, format="json")
    assert response.status_code == 200, response.json()


def test_a_key_whose_deal_was_voided_since_is_409_deal_voided_not_replayed(play, table_1):
    """Issue 23: the replay answered 201 with deal 2 current and next_deal 3 while the match
    expected deal 2 again: a phone's outbox believed a voided deal was stored."""
    match = play["matches"][0]
    post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    post(table_1, match, "k2", number=2, finishing_order=["N", "W", "E"])
    void_from(table_1, match, 2)
    body = assert_problem(
        post(table_1, match, "k2", number=2, finishing_order=["N", "W", "E"]), 409, "deal_voided"
    )
    assert (body["deal"], body["version"], body["void_note"]) == (2, 1, "wrong table")
    assert body["voided_at"] is not None
    assert list(Deal.objects.filter(match=match, status="current").values_list("number", flat=True)) == [1]


def test_a_key_whose_deal_stands_is_replayed_after_a_later_void(play, table_1):
    match = play["matches"][0]
    first = post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    post(table_1, match, "k2", number=2, finishing_order=["N", "W", "E"])
    void_from(table_1, match, 2)
    again = post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    assert (again.status_code, again.json()) == (201, first.json())


def test_a_voided_deal_posted_again_under_a_new_key_is_stored(play, table_1):
    match = play["matches"][0]
    post(table_1, match, "k1", number=1, finishing_order=["E", "N", "W"])
    void_from(table_1, match, 1)
    response = post(table_1, match, "k1-again", number=1, finishing_order=["E", "N", "W"])
    assert response.status_code == 201
    assert response.json()["deal"]["version"] == 2
