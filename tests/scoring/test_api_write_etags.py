"""A write's answer carries the ETag of what a GET of the written resource reads now (docs/api.md
"Conditional requests"), so a scorekeeper chains corrections with ``If-Match`` without reading again."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API, NS_SWEEP, deals_url, post_deals, result_url

pytestmark = pytest.mark.django_db

SHEET = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12}


def deal_url(match, number: int) -> str:
    return f"{API}/matches/{match.pk}/deals/{number}"


def test_a_posted_deal_answers_with_the_etag_of_the_deal(play, keeper):
    match = play["matches"][0]
    posted = keeper.post(deals_url(match), {"number": 1, "finishing_order": ["N", "S"]}, format="json")
    assert posted.status_code == 201
    assert posted["ETag"] == keeper.get(deal_url(match, 1))["ETag"]


def test_a_corrected_deal_answers_with_the_etag_that_the_next_correction_sends(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["E", "W"]])
    first = keeper.put(
        deal_url(match, 2),
        {"finishing_order": ["E", "N", "W"]},
        format="json",
        HTTP_IF_MATCH=keeper.get(deal_url(match, 2))["ETag"],
    )
    assert first.status_code in (200, 201), first.json()
    again = keeper.put(
        deal_url(match, 2), {"finishing_order": ["E", "W"]}, format="json", HTTP_IF_MATCH=first["ETag"]
    )
    assert again.status_code in (200, 201), again.json()
    assert again["ETag"] == keeper.get(deal_url(match, 2))["ETag"] != first["ETag"]


def test_a_submitted_result_answers_with_the_etag_of_the_result(play, referee):
    match = play["matches"][0]
    submitted = referee.post(result_url(match), SHEET, format="json")
    assert submitted.status_code == 201, submitted.json()
    assert submitted["ETag"] == referee.get(result_url(match))["ETag"]


def test_a_confirmation_answers_with_the_etag_of_the_result(play, keeper, referee):
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    submitted = keeper.post(result_url(match), {"side": "NS"}, format="json")
    assert submitted.status_code == 201, submitted.json()
    (version,) = submitted.json()["versions"]
    confirmed = referee.post(result_url(match, "/confirm"), {"version": version["version"]}, format="json")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed["ETag"] == referee.get(result_url(match))["ETag"] != submitted["ETag"]


def test_a_stale_etag_from_before_a_write_no_longer_matches(play, referee):
    match = play["matches"][0]
    before = referee.get(result_url(match))["ETag"]
    assert referee.post(result_url(match), SHEET, format="json").status_code == 201
    stale = referee.post(
        result_url(match), {**SHEET, "levels": {"NS": "A+", "EW": "Q"}}, format="json", HTTP_IF_MATCH=before
    )
    assert stale.status_code == 412
