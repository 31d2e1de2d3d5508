"""The series API's permission table (docs/series.md "Roles"): every endpoint × every kind of caller.
A club's organisers manage its series; an event's own organiser and a table token do not; anyone
reads a published series, only the club's organisers (and superusers) a draft one (others: 404)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import EventFactory
from tests.seasons.conftest import club_organizer, link, members, played, series_of
from tests.tournaments.conftest import check_status, client_for, grant, new_user, table_client
from tournaments.models import EventStatus, Role

pytestmark = pytest.mark.django_db
CALLERS = ("anonymous", "outsider", "event_organizer", "table_token", "club_organizer", "superuser")
WRITE = (401, 403, 403, 403)  # anonymous, outsider, event organiser, table token

ROWS = [
    ("GET", "/api/v1/series/", None, (200,) * 6),
    ("POST", "/api/v1/series/", {"slug": "new", "name": "New", "club": "{club}"}, (*WRITE, 201, 201)),
    ("GET", "/api/v1/series/league/", None, (200,) * 6),
    ("PATCH", "/api/v1/series/league/", {"name": "Renamed"}, (*WRITE, 200, 200)),
    ("DELETE", "/api/v1/series/league/", None, (*WRITE, 204, 204)),
    ("GET", "/api/v1/series/league/events/", None, (200,) * 6),
    ("POST", "/api/v1/series/league/events/", {"event": "{extra}"}, (*WRITE, 201, 201)),
    ("PATCH", "/api/v1/series/league/events/{entry}/", {"stage": "weekly"}, (*WRITE, 200, 200)),
    ("DELETE", "/api/v1/series/league/events/{entry}/", None, (*WRITE, 204, 204)),
    ("GET", "/api/v1/series/league/links/", None, (200,) * 6),
    (
        "POST",
        "/api/v1/series/league/links/",
        {"feeder": "{spare}", "final": "final", "top": 1},
        (*WRITE, 201, 201),
    ),
    ("PATCH", "/api/v1/series/league/links/{link}/", {"top": 3}, (*WRITE, 200, 200)),
    ("DELETE", "/api/v1/series/league/links/{link}/", None, (*WRITE, 204, 204)),
    ("GET", "/api/v1/series/league/standings", None, (200,) * 6),
    ("GET", "/api/v1/series/league/finals/final/qualifiers", None, (200,) * 6),
    ("POST", "/api/v1/series/league/finals/final/qualifiers", None, (*WRITE, 201, 201)),
]


def cases(rows, *, draft: bool):
    for method, url, body, expected in rows:
        for caller, status in zip(CALLERS, expected, strict=True):
            if draft and caller not in ("club_organizer", "superuser") and status != 401:
                status = 404  # a draft series is hidden from whoever may not manage it
            if draft and caller == "anonymous" and method == "GET":
                status = 404
            yield pytest.param(method, url, body, caller, status, id=f"{method} {url} {caller}")


@pytest.fixture
def world(club):
    week, _ = played(club, members(club, 4), slug="week")
    spare, _ = played(club, members(club, 2), slug="spare")
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="final")
    extra = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series = series_of(club, [week, final, spare], slug="league")
    return {
        "club": club,
        "series": series,
        "week": week,
        "ids": {
            "club": club.slug,
            "extra": extra.slug,
            "spare": spare.slug,
            "entry": series.entries.get(event=spare).pk,
            "link": link(series, week, final, 2).pk,
        },
    }


def caller_client(world, caller: str):
    if caller == "anonymous":
        return APIClient()
    if caller == "outsider":
        return client_for(new_user())
    if caller == "event_organizer":
        return client_for(grant(world["week"], Role.ORGANIZER))
    if caller == "table_token":
        return table_client(world["week"], 1)
    if caller == "superuser":
        return client_for(new_user("root", is_superuser=True, is_staff=True))
    return club_organizer(world["club"])


def call(client, method: str, url: str, body, ids: dict):
    url = url.format(**ids)
    body = {
        key: value.format(**ids) if isinstance(value, str) else value for key, value in (body or {}).items()
    }
    return getattr(client, method.lower())(url, body or None, format="json")


@pytest.mark.parametrize(("method", "url", "body", "caller", "status"), list(cases(ROWS, draft=False)))
def test_g11_series_permissions(world, method, url, body, caller, status):
    check_status(call(caller_client(world, caller), method, url, body, world["ids"]), status)


@pytest.mark.parametrize(
    ("method", "url", "body", "caller", "status"),
    list(cases([row for row in ROWS if "/league" in row[1]], draft=True)),
)
def test_g11_draft_series_permissions(world, method, url, body, caller, status):
    world["series"].status = "draft"
    world["series"].save()
    check_status(call(caller_client(world, caller), method, url, body, world["ids"]), status)
