"""The public pages against the API's JSON for the demo event; 404s; no contact data; ETag/304;
languages; the organisers' table cards; a constant number of queries for the standings page."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from referee.models import Incident, IncidentStatus, Ruling
from scoring.pages.views import STANDINGS_PAGE_ROWS
from tests.pages.conftest import API, SLUG, api, number, rows
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    confirm_round,
)
from tournaments.changes import changed
from tournaments.models import EventStatus, Match, Player, RoundStatus, TableToken
from tournaments.services.rounds import round_create

PAGES = [
    "",
    "rounds/1/",
    "rounds/1/results/",
    "standings/",
    "standings/units/",
    "screen/",
    "screen/live",
    "embed/standings",
    "print/",
    "print/rounds/1/pairings",
    "print/rounds/1/scoresheets",
    "print/standings",
]


def page(path: str, client: Client | None = None, **headers):
    return (client or Client()).get(f"/e/{SLUG}/{path}", **headers)


def html(path: str, **headers) -> str:
    response = page(path, **headers)
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"].startswith("text/html")
    return response.content.decode()


def confirm_table(event, table: int) -> None:
    """A result confirmed through the API, as the demo organiser (a level sheet)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    match = Match.objects.get(round__event=event, round__number=1, table=table)
    body = {"levels": {"NS": "A+", "EW": "10"}, "deals_played": 9, "confirm": True}
    response = client.post(f"{API}/matches/{match.pk}/result", body, format="json")
    assert response.status_code in (200, 201), response.json()


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_with_an_etag(demo, path):
    response = page(path)
    assert response.status_code == 200
    assert response["ETag"]
    assert "Accept-Language" in response["Vary"]
    again = page(path, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == response["ETag"]
    assert again.content == b""


def test_pairings_are_the_apis_tables(demo):
    matches = api(f"/events/{SLUG}/matches/?round=1&page_size=500")["results"]
    shown = rows(html("rounds/1/"), "data-table")
    assert [(r["attrs"]["data-table"], r["attrs"]["data-ns"], r["attrs"]["data-ew"]) for r in shown] == [
        (str(m["table"]), str(m["ns_pair"]["number"]), str(m["ew_pair"]["number"] if m["ew_pair"] else ""))
        for m in matches
    ]
    for row, match in zip(shown, matches, strict=True):
        assert match["ns_pair"]["display_name"] in row["cells"][1]
        assert match["ew_pair"]["display_name"] in row["cells"][2]
    units = {u["id"]: u["name"] for u in api(f"/events/{SLUG}/units/?page_size=500")["results"]}
    assert units[matches[0]["ns_pair"]["unit"]] in shown[0]["cells"][1]


def test_standings_are_the_apis_rows_with_every_tiebreak_and_the_one_that_decided(demo):
    table = api(f"/events/{SLUG}/standings/")
    shown = rows(html("standings/"), "data-pair")
    assert len(shown) == len(table["rows"]) == 16
    headers = re.findall(r'<th scope="col" data-key="([a-z_0-9]+)"[^>]*>([^<]+)</th>', html("standings/"))
    assert [(key, unescape(name)) for key, name in headers] == [
        (c["key"], c["name"]) for c in table["columns"]
    ]
    for row, expected in zip(shown, table["rows"], strict=True):
        assert row["attrs"]["data-rank"] == str(expected["rank"])
        assert row["attrs"]["data-pair"] == str(expected["pair"]["number"])
        assert row["keyed"]["match_points"] == number(expected["match_points"])
        for key, value in expected["tiebreaks"].items():
            assert row["keyed"][key] == number(value), key
        assert row["cells"][-1] == (expected["decided_by_name"] or "")
        assert expected["pair"]["name"] in row["cells"]
    decided = [r for r in table["rows"] if r["decided_by"]]
    assert decided  # the demo's results separate pairs
    body = html("standings/")
    assert len(re.findall(r'class="num(?: tiebreak)? decided"', body)) == len(decided)


def test_unit_standings_are_the_apis(demo):
    table = api(f"/events/{SLUG}/standings/units/")
    shown = rows(html("standings/units/"), "data-unit")
    assert [(r["attrs"]["data-rank"], r["attrs"]["data-unit"]) for r in shown] == [
        (str(r["rank"]), str(r["unit"]["id"])) for r in table["rows"]
    ]
    for row, expected in zip(shown, table["rows"], strict=True):
        assert row["cells"][1] == expected["unit"]["name"]
        assert row["cells"][2] == number(expected["match_points"])
        assert row["cells"][4] == ", ".join(str(n) for n in expected["pairs"])


def test_results_are_the_apis_with_each_matchs_level_line(demo):
    results = api(f"/events/{SLUG}/results/?round=1")["rows"]
    shown = rows(html("rounds/1/results/"), "data-status")
    assert [r["attrs"]["data-table"] for r in shown] == [str(r["table"]) for r in results]
    for row, expected in zip(shown, results, strict=True):
        assert row["attrs"]["data-status"] == expected["status"]
        if expected["levels"]:
            assert row["cells"][3] == f"{expected['levels']['NS']} : {expected['levels']['EW']}"
            points = expected["match_points"]
            assert row["cells"][6] == f"{number(points['NS'])} : {number(points['EW'])}"
        else:
            assert row["cells"][3] == "in play"
    for table in (1, 2):  # posted deal by deal: the level line of GET /matches/{id}/
        match = api(f"/matches/{results[table - 1]['match']}/")
        line = [f"{e['NS']} : {e['EW']}" for e in match["state"]["level_line"]]
        assert len(line) == 7
        items = shown[table - 1]["items"]
        assert items == [f"deal {n}: {levels}" for n, levels in enumerate(line, start=1)]


def test_unknown_event_round_page_or_language_and_drafts_are_html_404s(demo):
    round_create(event=demo, stage=demo.stages.get())  # round 2: a draft
    for path in (
        "/e/nope/",
        "/e/nope/standings/",
        f"/e/{SLUG}/rounds/2/",
        f"/e/{SLUG}/rounds/2/results/",
        f"/e/{SLUG}/rounds/0/",
        f"/e/{SLUG}/rounds/99999/",
        f"/e/{SLUG}/print/rounds/2/scoresheets",
        f"/e/{SLUG}/nothing-here",
        f"/e/{SLUG}/?lang=xx",
        f"/e/{SLUG}/standings/?lang=",
        "/e/",
    ):
        response = Client().get(path)
        expected = 200 if path.endswith("?lang=") else 404
        assert response.status_code == expected, path
        assert response["Content-Type"].startswith("text/html"), path
    assert Client().get(f"/e/{SLUG}/standings").status_code == 301  # to the address with its slash
    demo.status = EventStatus.DRAFT
    demo.save()
    for path in PAGES:
        response = page(path)
        assert response.status_code == 404, path
        assert demo.name not in response.content.decode()


def test_what_the_event_does_not_publish_is_not_shown(demo):
    demo.publish_standings = False
    demo.publish_results = False
    demo.save()
    for path in ("standings/", "standings/units/", "embed/standings", "print/standings", "rounds/1/results/"):
        assert page(path).status_code == 404, path
    body = html("")
    assert "/standings/" not in body and "/results/" not in body
    assert "data-status" not in html("screen/live")  # the pairings, without results
    demo.publish_pairings = False
    demo.save()
    assert page("rounds/1/").status_code == 404
    assert page("print/rounds/1/scoresheets").status_code == 404


def test_no_contact_data_on_any_page(demo):
    Player.objects.filter(event=demo).update(email="secret@example.org", phone="13800000000")
    for path in PAGES:
        body = html(path)
        assert "secret@example.org" not in body and "13800000000" not in body, path


def test_a_confirmed_result_changes_the_etag_and_the_page(demo):
    before = {path: page(path) for path in ("standings/", "screen/live", "rounds/1/results/")}
    confirm_table(demo, 5)
    for path, old in before.items():
        new = page(path, HTTP_IF_NONE_MATCH=old["ETag"])
        assert new.status_code == 200, path
        assert new["ETag"] != old["ETag"]
    assert 'data-table="5" data-status="confirmed"' in html("rounds/1/results/")


def test_language_by_accept_language_and_by_the_switch(demo):
    english = html("standings/")
    assert '<html lang="en">' in english and "Standings of the pairs" in english
    chinese = html("standings/", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert '<html lang="zh-Hans">' in chinese and "Standings of the pairs" not in chinese
    assert page("standings/")["ETag"] != page("standings/", HTTP_ACCEPT_LANGUAGE="zh-Hans")["ETag"]
    client = Client()
    switched = page("standings/?lang=zh-hans", client)
    assert '<html lang="zh-Hans">' in switched.content.decode()
    assert switched.cookies["django_language"].value == "zh-hans"
    assert '<html lang="zh-Hans">' in page("", client).content.decode()  # the cookie keeps it
    switch = re.findall(r'<a href="([^"]+)" lang="([^"]+)" hreflang="[^"]+" data-lang="([^"]+)"', english)
    assert switch == [
        (f"/e/{SLUG}/standings/?lang=en", "en", "en"),
        (f"/e/{SLUG}/standings/?lang=zh-hans", "zh-Hans", "zh-hans"),
    ]


def test_dates_are_in_the_events_time_zone(demo):
    import datetime

    round_ = demo.rounds.get(number=1)
    round_.starts_at = datetime.datetime(2026, 12, 5, 1, 30, tzinfo=datetime.UTC)
    round_.save()
    changed(demo)  # the test writes the rows: it says so, as a service does (tournaments.changes)
    assert 'datetime="2026-12-05T09:30:00+08:00"' in html("")  # Asia/Shanghai
    demo.time_zone = "Europe/London"
    demo.save()
    changed(demo)
    assert 'datetime="2026-12-05T01:30:00+00:00"' in html("")


def test_score_sheets_one_per_table_with_the_level_line_seats_and_rules(demo):
    body = html("print/rounds/1/scoresheets")
    sheets = re.findall(r'<article class="sheet" data-table="(\d+)"', body)
    assert sheets == [str(m["table"]) for m in api(f"/events/{SLUG}/matches/?round=1")["results"]]
    assert body.count('<table class="level-sheet">') == len(sheets)
    assert "记级" in body and "N ☐ S ☐" in body and "Rules summary" in body
    assert "print.css" in body


def test_final_standings_name_the_certificates(demo):
    body = html("print/standings")
    top = [r for r in api(f"/events/{SLUG}/standings/")["rows"] if r["rank"] <= 3]
    assert re.findall(r'<article class="certificate" data-rank="(\d+)" data-pair="(\d+)"', body) == [
        (str(r["rank"]), str(r["pair"]["number"])) for r in top
    ]


def test_a_named_pairs_certificate_names_both_players_in_both_languages(demo):
    """Issue 35 item 8: a pair with its own name is certified with its players' names beside it."""
    top = api(f"/events/{SLUG}/standings/")["rows"][0]["pair"]
    organiser = APIClient()
    organiser.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    response = organiser.patch(
        f"{API}/events/{SLUG}/pairs/{top['id']}/", {"name": "Dragons 龙队"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    players = [body["player_1"]["name"], body["player_2"]["name"]]
    cache.clear()

    def certificate(**headers) -> str:
        body = html("print/standings", **headers)
        return re.search(
            rf'<article class="certificate" data-rank="1" data-pair="{top["number"]}">(.*?)</article>',
            body,
            re.S,
        )[1]

    english, chinese = certificate(), certificate(HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert '<p class="cert-pair">Dragons 龙队</p>' in english
    assert f'<p class="cert-players">{players[0]}, {players[1]}</p>' in english
    assert f'<p class="cert-players">{players[0]}、{players[1]}</p>' in chinese
    # A pair without a name of its own reads as its players already: no second line.
    others = html("print/standings").split("</article>")[1:-1]
    assert others and not [c for c in others if "cert-players" in c]


def test_embed_may_be_framed_and_has_no_chrome(demo):
    response = page("embed/standings")
    assert "X-Frame-Options" not in response
    assert page("standings/")["X-Frame-Options"] == "DENY"
    body = response.content.decode()
    assert 'class="site"' not in body and 'data-pair="' in body


def test_table_cards_are_for_the_events_organisers_only(demo, make_user):
    path = f"/e/{SLUG}/print/table-cards"
    anonymous = Client().get(path)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    outsider = Client()
    outsider.force_login(make_user("outsider"))
    assert outsider.get(path).status_code == 404
    organiser = Client()
    organiser.force_login(demo.roles.get().user)
    first = organiser.get(path)
    assert first.status_code == 200 and "<svg" not in first.content.decode()
    assert first["Cache-Control"] == "private, no-store"
    assert organiser.post(path).status_code == 302  # a token for every table of the event
    body = organiser.get(path).content.decode()
    tokens = TableToken.objects.filter(event=demo, revoked_at__isnull=True)
    assert sorted(t.table for t in tokens) == list(range(1, 9))
    assert body.count("<svg") == 8
    import segno

    token = tokens.get(table=3)
    url = f"http://testserver/t/#table_token={token.key}"
    expected = segno.make(url, error="m").svg_inline(scale=4, title="Table 3")
    assert expected in body  # the QR code carries the API's table-token URL


def test_rulings_only_when_the_event_publishes_them(demo):
    assert page("rulings/").status_code == 404
    match = Match.objects.get(round__event=demo, round__number=1, table=1)
    incident = Incident.objects.create(
        event=demo,
        match=match,
        deal=3,
        side="NS",
        seat="N",
        pair=match.ns_pair,
        infraction="slow_play",
        description="took too long",
        status=IncidentStatus.RULED,
        reported_via="user:1",
    )
    Ruling.objects.create(incident=incident, rule="G12 default: slow_play", effects=[{"kind": "warning"}])
    Incident.objects.create(
        event=demo,
        match=match,
        side="EW",
        pair=match.ew_pair,
        infraction="hidden_card",
        description="not ruled yet",
        reported_via="user:1",
    )
    demo.publish_rulings = True
    demo.save()
    body = html("rulings/")
    assert [r["attrs"]["data-incident"] for r in rows(body, "data-incident")] == [str(incident.pk)]
    assert "G12 default: slow_play" in body and "user:1" not in body
    assert f"/e/{SLUG}/rulings/" in html("")


def standings_page_queries(size: int) -> tuple[int, Client, str, str]:
    """The queries of the standings page of an event of ``size`` pairs, one round all confirmed,
    computed with an empty cache."""
    event = EventFactory(published=True, slug=f"big-{size}")
    pairs = PairFactory.create_batch(size, event=event)
    stage = StageFactory(event=event)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    for table, index in enumerate(range(0, size, 2), start=1):
        MatchFactory(round=round_, table=table, ns_pair=pairs[index], ew_pair=pairs[index + 1])
    confirm_round(round_)
    cache.clear()
    client = Client()
    url = f"/e/{event.slug}/standings/"
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert response.content.decode().count("data-pair=") == min(size, STANDINGS_PAGE_ROWS)  # page 1
    return len(queries), client, url, response["ETag"]


def test_standings_page_queries_do_not_grow_with_the_event(db, django_assert_num_queries):
    small, _, _, _ = standings_page_queries(100)
    large, client, url, etag = standings_page_queries(500)
    assert small == large
    with django_assert_num_queries(1):  # a 304: the event, nothing else
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_chinese_table_card_asks_to_scan_to_keep_the_score(demo):
    """The card's line says what the English says (issue 35 item 8), not the refusal's words."""
    organiser = Client()
    organiser.force_login(demo.roles.get().user)
    path = f"/e/{SLUG}/print/table-cards"
    organiser.post(path)
    body = organiser.get(path, HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "扫码为此桌记分。" in body
    assert "您不负责此桌的记分。" not in body


def test_the_event_page_shows_a_round_in_play_only_while_one_is(demo):
    """Issue 35 item 8: after the event has finished, round 1 is its last round played, not in play."""
    assert "Round in play" in html("")
    demo.status = EventStatus.FINISHED
    demo.save()
    cache.clear()
    body = html("")
    assert "Round in play" not in body and "Last round played" in body
    assert "最近一轮" in html("", HTTP_ACCEPT_LANGUAGE="zh-Hans")
