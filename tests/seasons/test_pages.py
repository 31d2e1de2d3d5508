"""The public series pages (docs/series.md "Pages"): standings (as of an event), events, qualifiers,
the embeddable standings, both languages, and an HTML 404 for anything else under /s/ and /c/."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory
from tests.seasons.conftest import link, members, played, series_of
from tournaments.models import EventStatus

pytestmark = pytest.mark.django_db
CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}


@pytest.fixture
def season(club):
    a, b, c = members(club, 3)
    first, _ = played(club, [a, b, c], slug="week-1")
    second, _ = played(club, [b, a, c], slug="week-2")
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="final", name="The Final")
    series = series_of(club, [first, second, final], slug="league")
    link(series, first, final, 1)
    link(series, second, final, 1)
    return {"series": series, "names": [f"{m[0].name} &amp; {m[1].name}" for m in (a, b, c)]}


def page(path: str, status: int = 200, **headers) -> str:
    response = Client().get(path, **headers)
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("text/html")
    return response.content.decode()


def test_g11_series_page_shows_standings_and_events(season):
    html = page("/s/league/")
    a, b, c = season["names"]
    assert html.index(b) < html.index(a) < html.index(c)  # 18 points, b won the latest event
    assert "/e/week-1/" in html and "/e/final/" in html
    assert 'lang="en"' in html


def test_g11_series_page_as_of_an_event(season):
    html = page("/s/league/?as_of=week-1")
    a, b, _ = season["names"]
    assert html.index(a) < html.index(b)
    assert "after week-1" in html
    page("/s/league/?as_of=nope", 404)


def test_g11_series_page_in_chinese(season):
    html = page("/s/league/", **CHINESE)
    assert "系列赛积分榜" in html and 'lang="zh-Hans"' in html


def test_g11_series_qualifiers_page(season):
    html = page("/s/league/qualifiers/")
    a, b, _ = season["names"]
    assert "The Final" in html
    assert a in html and b in html
    assert "晋级" in page("/s/league/qualifiers/", **CHINESE)


def test_g11_series_embeddable_standings(season):
    response = Client().get("/s/league/embed/standings")
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert season["names"][1] in response.content.decode()


def test_g11_series_pages_hide_drafts(season):
    season["series"].status = "draft"
    season["series"].save()
    page("/s/league/", 404)
    page("/s/league/embed/standings", 404)


@pytest.mark.parametrize("path", ["/s/nope/", "/s/league/nope/", "/s/", "/c/nope/", "/c/"])
def test_g11_anything_else_under_s_and_c_is_an_html_404(season, path):
    assert "Page not found" in page(path, 404)


def test_g11_series_qualifiers_page_lists_who_was_passed_over_and_why(club):
    """Issue 35 defect 1: a member 2nd of week 1 with one partner and winner of week 2 with another
    goes on once; the page says who was passed over and why, in both languages."""
    (a, b), (c, _), d, e = members(club, 4)
    first, _ = played(club, [d, [a, b], e], slug="week-1")
    second, _ = played(club, [[a, c], e], slug="week-2")
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="final", name="The Final")
    series = series_of(club, [first, second, final], slug="league")
    link(series, first, final, 2)
    link(series, second, final, 1)
    html = page("/s/league/qualifiers/")
    assert "Passed over" in html
    assert f"{a.name} goes on with {a.name} &amp; {c.name} from week-2 (place 1)." in html
    chinese = page("/s/league/qualifiers/", **CHINESE)
    assert (
        "未晋级" in chinese and f"{a.name} 已随 {a.name} &amp; {c.name} 从 week-2（第 1 名）晋级。" in chinese
    )
