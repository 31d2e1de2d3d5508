"""``manage.py seed_demo``: the demo's round 1 has four confirmed tables (scoring/demo.py)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.models import MatchResult
from tournaments.demo import SLUG

pytestmark = pytest.mark.django_db


def test_the_demo_has_four_confirmed_results_and_standings(api_client):
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())  # a second run changes nothing
    assert MatchResult.objects.filter(match__round__event__slug=SLUG, status="confirmed").count() == 4
    rows = api_client.get(f"/api/v1/events/{SLUG}/standings/").json()["rows"]
    assert [row["match_points"] for row in rows[:5]] == [2, 2, 2, 2, 0]
    assert [row["tiebreaks"]["level_points"] for row in rows[:4]] == [11, 11, 5, 3]
