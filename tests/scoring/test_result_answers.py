"""A result write answers from the versions it read under the match's lock and wrote (issue 21: the
results are not read again): the answer is exactly what ``GET …/result`` reads right after, for
every path of G8 (submission, dispute, correction, agreement, confirmation, a referee's correction,
the same submission again) and through ``POST /sync``."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API, NS_SWEEP, post_deals, result_url

pytestmark = pytest.mark.django_db

K = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
Q = {"levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}


def answered(client, match, body, *, suffix: str = "", status: int = 201) -> dict:
    """The write's answer, checked against what a GET reads after it (the same caller: staff see
    every version)."""
    response = client.post(result_url(match, suffix), body, format="json")
    assert response.status_code == status, response.json()
    assert response.json() == client.get(result_url(match)).json()
    return response.json()


def states(answer: dict) -> list[tuple]:
    return [(v["version"], v["corrects"], v["status"], v["submitted_by"]) for v in answer["versions"]]


def test_g8_every_result_write_answers_what_a_read_gives_after_it(play, keeper, other_keeper, referee):
    match = play["matches"][0]
    answered(keeper, match, {"side": "NS", **K})  # submitted
    answered(other_keeper, match, {"side": "EW", **Q})  # another result: a dispute
    answered(keeper, match, {"side": "NS", **K}, status=200)  # the same submission again
    answered(other_keeper, match, {"side": "EW", "corrects": 2, **K})  # corrected: now they agree
    official = answered(referee, match, {"corrects": 1, "note": "swapped", **Q})  # a referee corrects it
    assert official["status"] == "confirmed"
    assert states(official)[-1][:3] == (4, 1, "confirmed")  # the correction names what it replaced


def test_g8_a_confirmation_answers_what_a_read_gives_after_it(play, keeper, table_1, referee):
    match = play["matches"][0]
    post_deals(table_1, match, NS_SWEEP)
    submitted = answered(table_1, match, {"side": "NS"})
    assert states(submitted) == [(1, None, "submitted", "table 1")]
    confirmed = answered(keeper, match, {"side": "EW"}, suffix="/confirm", status=200)
    assert confirmed["official"]["confirmed_by"] == keeper.user.username
    assert states(confirmed) == [(1, None, "confirmed", "table 1")]
    answered(referee, match, {"version": 1}, suffix="/confirm", status=200)  # confirmed already


def synced(client, match, key: str, body: dict) -> dict:
    item = {"key": key, "kind": "result", "match": match.pk, "body": body}
    response = client.post(f"{API}/sync", {"items": [item]}, format="json")
    assert response.status_code == 200, response.json()
    (answer,) = response.json()["items"]
    assert answer["body"] == client.get(result_url(match)).json()
    return answer["body"]


def test_g8_a_result_through_sync_answers_what_a_read_gives_after_it(play, keeper, other_keeper):
    match = play["matches"][0]
    assert synced(keeper, match, "r1", {"side": "NS", **K})["status"] == "submitted"
    assert synced(other_keeper, match, "r2", {"side": "EW", **K})["status"] == "confirmed"
