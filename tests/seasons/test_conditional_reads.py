"""The newer reads send an ``ETag`` and answer a matching ``If-None-Match`` with ``304``, as the older
reads do, and the OpenAPI document says so (docs/api.md "Concurrency"; issue 35: ``/me/``, a member's
history and ratings, a club's ratings, series standings and qualifiers did not)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory
from tests.openapi_conformance import document
from tests.seasons.conftest import club_organizer, link, members, played, series_of
from tournaments.models import EventStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def reads(club):
    """A read of each kind, by address, and the client that may make it."""
    people = members(club, 4)
    week, _ = played(club, people)
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="final")
    series = series_of(club, [week, final])
    link(series, week, final, 2)
    organizer = club_organizer(club)
    member = people[0][0]
    return {
        "/api/v1/me/": organizer,
        f"/api/v1/clubs/{club.slug}/members/{member.pk}/history": APIClient(),
        f"/api/v1/clubs/{club.slug}/members/{member.pk}/ratings/": APIClient(),
        f"/api/v1/clubs/{club.slug}/ratings/": APIClient(),
        f"/api/v1/series/{series.slug}/standings": APIClient(),
        f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers": APIClient(),
    }


def test_each_newer_read_sends_an_etag_and_answers_304_when_it_is_current(reads):
    for url, client in reads.items():
        first = client.get(url)
        assert first.status_code == 200, (url, first.content[:200])
        assert first.has_header("ETag"), url
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304, url
        assert again["ETag"] == first["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200, url


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/me/",
        "/api/v1/clubs/{club_slug}/members/{id}/history/",
        "/api/v1/clubs/{club_slug}/members/{id}/ratings/",
        "/api/v1/clubs/{club_slug}/ratings/",
        "/api/v1/series/{series_slug}/standings/",
        "/api/v1/series/{series_slug}/finals/{final_slug}/qualifiers/",
    ],
)
def test_the_document_declares_their_if_none_match_and_304(path):
    operation = document()["paths"][path]["get"]
    assert "If-None-Match" in {p["name"] for p in operation["parameters"] if p["in"] == "header"}
    assert "ETag" in operation["responses"]["200"]["headers"]
    assert "304" in operation["responses"]
