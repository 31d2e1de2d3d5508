"""The results rows show beside each match the match points the referees' rulings gave or took
(docs/referees.md §2, docs/scoring.md; issue 22): ``GET /events/{slug}/results/`` and the public
results page, in both languages."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.referee.incidents.conftest import API
from tests.tournaments.conftest import confirm

pytestmark = pytest.mark.django_db

DEDUCTION = [{"kind": "match_points", "to": "offender", "amount": -1}]


@pytest.fixture
def ruled(play, referee):
    event, (first, second) = play["event"], play["matches"]
    confirm(first, first.ew_pair)
    confirm(second, second.ns_pair)
    incident = {"effects": DEDUCTION, "override_reason": "3rd signal"}
    response = referee.post(
        f"{API}/events/{event.slug}/incidents/",
        {"match": first.pk, "infraction": "illegal_signal", "side": "NS", "description": "signals"},
        format="json",
    )
    referee.post(f"{API}/events/{event.slug}/incidents/{response.json()['id']}/rule", incident, format="json")
    return event, first, second


def test_g12_a_results_row_shows_the_penalty_beside_its_match(ruled):
    event, first, second = ruled
    rows = {
        row["match"]: row for row in APIClient().get(f"{API}/events/{event.slug}/results/").json()["rows"]
    }
    assert rows[first.pk]["penalty_points"] == {"NS": -1, "EW": 0}
    assert rows[second.pk]["penalty_points"] is None


def test_g12_the_results_page_shows_the_penalty_in_both_languages(ruled):
    event, _, _ = ruled
    english = Client().get(f"/e/{event.slug}/rounds/1/results/").content.decode()
    assert 'data-penalty="-1:0"' in english and "penalty -1 : 0" in english
    chinese = Client().get(f"/e/{event.slug}/rounds/1/results/?lang=zh-hans", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "罚分 -1 : 0" in chinese.content.decode()


def test_g12_a_cancelled_penalty_leaves_the_results_row(ruled, chief):
    event, first, _ = ruled
    incident = chief.get(f"{API}/events/{event.slug}/incidents/").json()["results"][0]
    (penalty,) = incident["rulings"][-1]["penalties"]
    chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "wrong table"}, format="json")
    rows = {
        row["match"]: row for row in APIClient().get(f"{API}/events/{event.slug}/results/").json()["rows"]
    }
    assert rows[first.pk]["penalty_points"] is None
