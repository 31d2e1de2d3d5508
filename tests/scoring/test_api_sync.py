"""``POST /sync``: an offline phone's batch, applied item by item, safe to send again (services/sync.py)."""

from __future__ import annotations

import pytest

from scoring.models import Deal, MatchResult
from tests.openapi_conformance import document
from tests.openapi_conformance import is_component as valid
from tests.scoring.conftest import API, NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import assert_problem, client_for, new_user, role_client
from tournaments.models import Role

pytestmark = pytest.mark.django_db
SYNC = f"{API}/sync"


def deal(key: str, match, number: int, order) -> dict:
    return {
        "key": key,
        "kind": "deal",
        "match": match.pk,
        "body": {"number": number, "finishing_order": order},
    }


def outcomes(response) -> list[tuple[str, str]]:
    assert response.status_code == 200, response.json()
    return [(item["key"], item["outcome"]) for item in response.json()["items"]]


def test_a_batch_is_applied_in_order_and_answered_item_by_item(play, keeper):
    match = play["matches"][0]
    items = [deal(f"k{n}", match, n, order) for n, order in enumerate(NS_SWEEP, start=1)]
    items.append({"key": "r", "kind": "result", "match": match.pk, "body": {"side": "NS"}})
    response = keeper.post(SYNC, {"items": items}, format="json")
    assert outcomes(response) == [*((f"k{n}", "applied") for n in range(1, 6)), ("r", "applied")]
    answers = response.json()["items"]
    assert answers[4]["body"]["state"]["levels"] == {"NS": "A+", "EW": "2"}
    assert answers[5]["body"]["status"] == "submitted"


def test_a_batch_sent_again_is_already_applied_and_changes_nothing(play, keeper):
    match = play["matches"][0]
    items = [deal(f"k{n}", match, n, order) for n, order in enumerate(NS_SWEEP[:3], start=1)]
    first = keeper.post(SYNC, {"items": items}, format="json")
    again = keeper.post(SYNC, {"items": items}, format="json")
    assert outcomes(again) == [
        ("k1", "already_applied"),
        ("k2", "already_applied"),
        ("k3", "already_applied"),
    ]
    assert [i["body"] for i in again.json()["items"]] == [i["body"] for i in first.json()["items"]]
    assert Deal.objects.filter(match=match).count() == 3


def test_a_half_applied_batch_is_completed_when_sent_again(play, keeper):
    """The connection dropped after two items: the phone sends the whole batch again."""
    match = play["matches"][0]
    items = [deal(f"k{n}", match, n, order) for n, order in enumerate(NS_SWEEP[:4], start=1)]
    keeper.post(SYNC, {"items": items[:2]}, format="json")
    assert outcomes(keeper.post(SYNC, {"items": items}, format="json")) == [
        ("k1", "already_applied"),
        ("k2", "already_applied"),
        ("k3", "applied"),
        ("k4", "applied"),
    ]


def test_a_deal_posted_online_before_is_already_applied_under_a_new_key(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:1])
    assert outcomes(keeper.post(SYNC, {"items": [deal("new", match, 1, ["N", "S"])]}, format="json")) == [
        ("new", "already_applied")
    ]


def test_another_deal_under_a_stored_number_is_a_conflict_naming_it(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP[:1])
    item = keeper.post(SYNC, {"items": [deal("x", match, 1, ["E", "W"])]}, format="json").json()["items"][0]
    assert (item["outcome"], item["status"], item["body"]["code"]) == ("conflict", 409, "deal_conflict")
    assert item["body"]["stored"]["finishing_order"] == ["N", "S", "E", "W"]


def test_a_wrong_item_is_refused_and_the_others_go_on(play, keeper):
    match, other = play["matches"]
    items = [
        deal("a", match, 1, ["N", "E"]),  # not a finished deal
        deal("b", other, 1, ["E", "W"]),
        {"key": "c", "kind": "deal", "match": 999999, "body": {"number": 1, "finishing_order": ["N", "S"]}},
        {"key": "d", "kind": "deal", "match": other.pk, "body": {"finishing_order": ["N", "S"]}},
    ]
    answers = keeper.post(SYNC, {"items": items}, format="json").json()["items"]
    assert [(a["outcome"], a["status"], a["body"].get("code")) for a in answers] == [
        ("refused", 400, "finishing_order_incomplete"),
        ("applied", 201, None),
        ("refused", 404, "not_found"),
        ("refused", 400, "required"),
    ]
    assert not Deal.objects.filter(match=match).exists()


def test_a_refused_item_can_be_sent_again_with_its_key_once_fixed(play, keeper):
    match = play["matches"][0]
    keeper.post(SYNC, {"items": [deal("a", match, 1, ["N", "E"])]}, format="json")
    assert outcomes(keeper.post(SYNC, {"items": [deal("a", match, 1, ["N", "S"])]}, format="json")) == [
        ("a", "applied")
    ]


def test_a_key_reused_for_another_item_is_refused(play, keeper):
    match = play["matches"][0]
    keeper.post(SYNC, {"items": [deal("a", match, 1, ["N", "S"])]}, format="json")
    item = keeper.post(SYNC, {"items": [deal("a", match, 2, ["N", "S"])]}, format="json").json()["items"][0]
    assert (item["outcome"], item["body"]["code"]) == ("refused", "idempotency_key_reused")


def test_results_and_confirmations_sync_too(play, keeper, other_keeper):
    match = play["matches"][1]
    sheet = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
    keeper.post(
        SYNC,
        {"items": [{"key": "r1", "kind": "result", "match": match.pk, "body": {**sheet, "side": "NS"}}]},
        format="json",
    )
    items = [{"key": "c1", "kind": "confirm", "match": match.pk, "body": {"side": "EW"}}]
    answer = other_keeper.post(SYNC, {"items": items}, format="json").json()["items"][0]
    assert (answer["outcome"], answer["body"]["status"]) == ("applied", "confirmed")
    again = other_keeper.post(SYNC, {"items": items}, format="json").json()["items"][0]
    assert again["outcome"] == "already_applied"
    assert MatchResult.objects.filter(match=match).count() == 1


def test_items_of_a_table_the_caller_does_not_keep_are_refused(play):
    limited = role_client(play["event"], Role.SCOREKEEPER, tables=[2])
    answer = limited.post(SYNC, {"items": [deal("a", play["matches"][0], 1, ["N", "S"])]}, format="json")
    assert answer.json()["items"][0]["outcome"] == "refused"
    assert answer.json()["items"][0]["status"] in (403, 404)
    assert not Deal.objects.exists()


def test_an_outsider_syncs_nothing(play):
    outsider = client_for(new_user("outsider"))
    answer = outsider.post(SYNC, {"items": [deal("a", play["matches"][0], 1, ["N", "S"])]}, format="json")
    assert answer.json()["items"][0]["outcome"] == "refused"
    assert not Deal.objects.exists()


def test_a_malformed_batch_is_a_400(play, keeper, api_client):
    assert_problem(keeper.post(SYNC, {"items": []}, format="json"), 400, "min_length")
    assert_problem(
        keeper.post(SYNC, {"items": [{"key": "a", "kind": "nap", "match": 1, "body": {}}]}, format="json"),
        400,
        "invalid_choice",
    )
    assert api_client.post(SYNC, {"items": []}, format="json").status_code == 401


def test_the_single_endpoint_and_sync_agree(play, keeper):
    match = play["matches"][0]
    online = keeper.post(result_url(match), {}, format="json")
    assert online.status_code == 422  # no deals yet: nothing to derive


def test_a_deal_item_whose_deal_was_voided_since_is_a_conflict_naming_the_void(play, keeper):
    """Issue 23: the outbox sent again after a void must not hear that the voided deal is stored."""
    match = play["matches"][0]
    items = [deal("k1", match, 1, ["N", "S"]), deal("k2", match, 2, ["N", "S"])]
    assert outcomes(keeper.post(SYNC, {"items": items}, format="json")) == [
        ("k1", "applied"),
        ("k2", "applied"),
    ]
    voided = keeper.post(f"{API}/matches/{match.pk}/deals/void", {"from": 2, "note": "n"}, format="json")
    assert voided.status_code == 200, voided.json()
    answers = keeper.post(SYNC, {"items": items}, format="json").json()["items"]
    assert answers[0]["outcome"] == "already_applied"
    assert (answers[1]["outcome"], answers[1]["status"], answers[1]["body"]["code"]) == (
        "conflict",
        409,
        "deal_voided",
    )
    assert answers[1]["body"]["deal"] == 2
    assert Deal.objects.filter(match=match, status="current").count() == 1


def test_each_item_and_answer_is_the_documents_member_of_its_kind(play, keeper):
    """``/sync`` items and answers are a ``oneOf`` per kind, told apart by ``kind`` (docs/api.md "The
    contract"): the offline path is where a phone most needs its types (issue 35)."""
    schemas = document()["components"]["schemas"]
    for union in ("SyncItemRequest", "SyncAnswer"):
        mapping = schemas[union]["discriminator"]["mapping"]
        assert schemas[union]["discriminator"]["propertyName"] == "kind"
        assert set(mapping) == {"deal", "result", "confirm"}
    # Each kind's answer is told apart by its outcome: the endpoint's answer, or its problem.
    for kind in ("Deal", "Result", "Confirm"):
        assert schemas[f"Sync{kind}Answer"]["discriminator"] == {
            "propertyName": "outcome",
            "mapping": {
                "applied": f"#/components/schemas/Sync{kind}Applied",
                "already_applied": f"#/components/schemas/Sync{kind}Applied",
                "conflict": f"#/components/schemas/Sync{kind}Refused",
                "refused": f"#/components/schemas/Sync{kind}Refused",
            },
        }
    match = play["matches"][0]
    items = [deal("d", match, 1, ["N", "S"]), {"key": "c", "kind": "confirm", "match": match.pk, "body": {}}]
    answers = {
        item["kind"]: item for item in keeper.post(SYNC, {"items": items}, format="json").json()["items"]
    }
    assert valid("SyncDealAnswer", answers["deal"]) and valid("DealPostedAnyGame", answers["deal"]["body"])
    assert not valid("SyncConfirmAnswer", answers["deal"])
    assert answers["confirm"]["outcome"] in ("conflict", "refused")
    assert valid("SyncConfirmAnswer", answers["confirm"]) and valid("Problem", answers["confirm"]["body"])
    assert valid("SyncDealApplied", answers["deal"]) and not valid("SyncDealRefused", answers["deal"])
    assert valid("SyncConfirmRefused", answers["confirm"])
    assert not valid("SyncConfirmApplied", answers["confirm"])
    for kind, name in (("deal", "SyncDealItemRequest"), ("confirm", "SyncConfirmItemRequest")):
        assert valid(name, next(item for item in items if item["kind"] == kind))
