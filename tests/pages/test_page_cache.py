"""A page rendered once is served from the cache under its ETag; the standings page a page at a time."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.pages import data, views
from tests.pages.conftest import SLUG, api, rows
from tests.pages.test_pages import confirm_table, html, page


def _no_rendering(*args, **kwargs):
    raise AssertionError("a kept page is not built again")


@pytest.mark.parametrize("path", ["standings/", "standings/units/", "screen/live", "embed/standings", ""])
def test_a_second_get_renders_nothing(demo, path, monkeypatch, django_assert_max_num_queries):
    first = page(path)
    assert first.status_code == 200
    monkeypatch.setattr(views, "render", _no_rendering)
    for name in ("standings", "unit_standings", "pairings", "published_rounds", "current_round"):
        monkeypatch.setattr(data, name, _no_rendering)
    with django_assert_max_num_queries(1):  # the event
        again = Client().get(f"/e/{SLUG}/{path}")
    assert again.status_code == 200
    assert again.content == first.content
    assert again["ETag"] == first["ETag"] and again["Content-Type"] == first["Content-Type"]


def test_a_kept_page_is_per_language_and_per_results_version(demo):
    english = html("standings/")
    chinese = html("standings/", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert english != chinese and "排名" in chinese
    assert html("standings/") == english  # kept: the same bytes
    confirm_table(demo, 5)
    moved = html("standings/")
    assert moved != english  # a new results version: built again
    assert html("standings/", HTTP_ACCEPT_LANGUAGE="zh-Hans") != chinese


def test_made_up_query_parameters_are_not_kept(demo, monkeypatch):
    rendered = []
    real = views.render
    monkeypatch.setattr(views, "render", lambda *args, **kwargs: rendered.append(1) or real(*args, **kwargs))
    for _ in range(2):
        assert page("standings/?utm=1").status_code == 200
        assert page("standings/?page=1").status_code == 200
    assert len(rendered) == 3  # ?utm=1 twice, ?page=1 once


def test_the_standings_page_a_page_at_a_time(demo, monkeypatch):
    monkeypatch.setattr(views, "STANDINGS_PAGE_ROWS", 5)
    table = api(f"/events/{SLUG}/standings/")["rows"]  # 16 pairs: pages of 5, 5, 5 and 1
    shown = []
    for number in (1, 2, 3, 4):
        body = html(f"standings/?page={number}")
        links = [f'href="/e/{SLUG}/standings/?page={n}"' for n in (1, 2, 3, 4)]
        assert all(body.count(link) == 2 for link in links)  # above and below the table
        assert f'href="/e/{SLUG}/standings/?page={number}" aria-current="page"' in body
        shown += rows(body, "data-pair")
    assert [(r["attrs"]["data-rank"], r["attrs"]["data-pair"]) for r in shown] == [
        (str(row["rank"]), str(row["pair"]["number"])) for row in table
    ]
    assert html("standings/") == html("standings/?page=1")
    for wrong in ("5", "0", "x", "-1", "１"):
        response = page(f"standings/?page={wrong}")
        assert response.status_code == 404 and response["Content-Type"].startswith("text/html"), wrong


def test_a_small_events_standings_are_one_page_without_links(demo):
    body = html("standings/")
    assert len(rows(body, "data-pair")) == 16 and "?page=" not in body
    assert page("standings/?page=2").status_code == 404
