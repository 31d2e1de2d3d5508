"""``/c/{slug}/ratings/``: the club's rating table as a public page, in English and Chinese; anything
else under /c/ and /s/ is an HTML 404 like the event pages'."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.services.ratings import recompute
from tests.seasons.conftest import NS_WINS, official

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(season, referee, club):
    official(referee, season["matches"][0], NS_WINS)
    recompute(club.pk)
    return club


def test_r3_the_ratings_page_lists_the_rated_members_best_first(rated):
    response = Client().get("/c/tea/ratings/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    text = response.content.decode()
    assert '<html lang="en">' in text and "Ratings of Tea House" in text
    assert text.index(">A<") < text.index(">C<") and ">E<" not in text
    assert "@" not in text  # no contact data
    assert "Rated from 1 match" in text


def test_r3_the_ratings_page_in_chinese(rated):
    text = Client().get("/c/tea/ratings/?lang=zh-hans").content.decode()
    assert '<html lang="zh-Hans">' in text and "等级分" in text and "Ratings of" not in text


def test_r3_the_ratings_page_over_some_events(rated):
    assert ">A<" in Client().get("/c/tea/ratings/?events=week-1").content.decode()
    assert Client().get("/c/tea/ratings/?events=nope").status_code == 404


def test_r3_unknown_clubs_and_pages_under_c_and_s_are_html_404s(rated):
    client = Client()
    for path in ("/c/nowhere/ratings/", "/c/tea/nothing/", "/c/", "/s/anything/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"].startswith("text/html"), path
    assert client.get("/c/tea/ratings").status_code == 301
