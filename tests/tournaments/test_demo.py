"""``manage.py seed_demo``: the demo event (tournaments/demo.py)."""

from __future__ import annotations

import copy
import io

import pytest
from django.core.management import call_command

from tests.conftest import rolled_back
from tests.tournaments.conftest import client_for, confirm_round
from tournaments.demo import DEMO_SEED, SLUG
from tournaments.models import Event, EventRole, Match, Pair, Role, Round, Unit

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker) -> Event:
    """Seeded once for the module, in a transaction rolled back after its last test."""
    with rolled_back(django_db_blocker):
        call_command("seed_demo", stdout=io.StringIO())
        yield Event.objects.get(slug=SLUG)


@pytest.fixture
def demo(seeded, db) -> Event:
    """The demo event, a copy of its own for each test (what a test writes is rolled back after it)."""
    return copy.deepcopy(seeded)


def test_the_demo_has_sixteen_pairs_in_four_units(demo):
    assert Pair.objects.filter(event=demo).count() == 16
    units = Unit.objects.filter(event=demo)
    assert units.count() == 4
    assert sorted(unit.pairs.count() for unit in units) == [4, 4, 4, 4]


def test_the_demo_round_one_is_a_published_swiss_draw(demo):
    round_ = Round.objects.get(event=demo)
    assert (round_.number, round_.status, round_.draw_system) == (1, "published", "swiss")
    assert round_.draw_seed == DEMO_SEED
    assert round_.matches.count() == 8


def test_g11_the_demo_draw_keeps_units_apart(demo):
    matches = Match.objects.filter(round__event=demo).select_related("ns_pair", "ew_pair")
    assert all(m.ns_pair.unit_id != m.ew_pair.unit_id for m in matches)
    assert Round.objects.get(event=demo).relaxed == []


def test_anonymous_clients_read_the_demo_pairings(demo, api_client):
    body = api_client.get(f"/api/v1/events/{SLUG}/matches/", {"round": 1}).json()
    assert [m["table"] for m in body["results"]] == list(range(1, 9))


def test_the_demo_user_organises_the_demo(demo):
    role = EventRole.objects.get(event=demo)
    assert (role.user.username, role.role) == ("demo", Role.ORGANIZER)
    client = client_for(role.user)
    assert client.get(f"/api/v1/events/{SLUG}/roles/").status_code == 200


def test_seed_demo_twice_changes_nothing(demo):
    before = list(Match.objects.filter(round__event=demo).values_list("table", "ns_pair", "ew_pair"))
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    assert "already loaded" in out.getvalue()
    assert Event.objects.filter(slug=SLUG).count() == 1
    assert list(Match.objects.filter(round__event=demo).values_list("table", "ns_pair", "ew_pair")) == before


def test_the_demo_round_two_can_be_drawn_after_results(demo):
    confirm_round(Round.objects.get(event=demo))
    organizer = client_for(EventRole.objects.get(event=demo).user)
    stage = demo.stages.get()
    assert organizer.post(f"/api/v1/events/{SLUG}/rounds/", {"stage": stage.pk}).status_code == 201
    body = organizer.post(f"/api/v1/events/{SLUG}/rounds/2/draw", {"seed": 1}).json()
    assert body["match_count"] == 8
    assert not any(entry.startswith(("rematch", "same_unit")) for entry in body["relaxed"])
