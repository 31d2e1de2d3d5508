"""Write answers carry the ETag of the resource through the real API (core.conditional):
a client chains edits with If-Match without reading in between."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import EventFactory, PairFactory, StageFactory, make_pairs, role_client
from tournaments.models import Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(db):
    return EventFactory(published=True)


@pytest.fixture
def organizer(event):
    return role_client(event, Role.ORGANIZER)


def test_a_pair_edit_answers_the_etag_its_get_sends(event, organizer):
    url = f"/api/v1/events/{event.slug}/pairs/{PairFactory(event=event).pk}/"
    first = organizer.patch(url, {"name": "Dragons"}, format="json", HTTP_IF_MATCH=organizer.get(url)["ETag"])
    assert first["ETag"] == organizer.get(url)["ETag"]
    second = organizer.patch(
        url, {"grade": "A"}, format="json", HTTP_IF_MATCH=first["ETag"]
    )  # no GET between
    assert second.status_code == 200
    assert second["ETag"] == organizer.get(url)["ETag"] != first["ETag"]


def test_a_round_operation_answers_the_etag_of_the_round(event, organizer):
    make_pairs(event, 4)
    stage = StageFactory(event=event)
    rounds = f"/api/v1/events/{event.slug}/rounds/"
    assert organizer.post(rounds, {"stage": stage.pk}, format="json").status_code == 201
    drawn = organizer.post(f"{rounds}1/draw", {"seed": 1}, format="json")
    published = organizer.post(f"{rounds}1/publish", HTTP_IF_MATCH=drawn["ETag"])
    assert published.status_code == 200
    assert published["ETag"] == organizer.get(f"{rounds}1/")["ETag"]


def test_a_refused_write_answers_no_etag(event, organizer):
    url = f"/api/v1/events/{event.slug}/pairs/{PairFactory(event=event).pk}/"
    response = organizer.patch(url, {"name": "x"}, format="json", HTTP_IF_MATCH='"stale"')
    assert response.status_code == 412
    assert "ETag" not in response


def test_a_new_resource_answers_the_etag_of_its_own_address(event, organizer):
    # The validators of a 201 are those of the new resource (RFC 9110 §15.3.2).
    response = organizer.post(
        f"/api/v1/events/{event.slug}/pairs/",
        {"player_1": {"name": "A"}, "player_2": {"name": "B"}},
        format="json",
    )
    assert response.status_code == 201
    read = organizer.get(f"/api/v1/events/{event.slug}/pairs/{response.json()['id']}/")
    assert response["ETag"] == read["ETag"]
