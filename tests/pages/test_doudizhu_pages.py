"""The public pages of a four-player Dou Dizhu event (docs/rules/doudizhu.md D8, D10; docs/events.md
"Tables of four"): round 1 played and confirmed through the API (``Doudizhu`` of the API test), then
every public page and the results JSON read back. A table lists its four players by seat N, E, S, W
with their points and deals won; a bye shows its player."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.pages.conftest import rows
from tests.pages.test_pages import PAGES
from tests.scoring.test_api_doudizhu_event import SEAT_DEALS_WON, SEAT_POINTS, SLUG, Doudizhu

pytestmark = pytest.mark.django_db

SEATS = ("N", "E", "S", "W")


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker) -> tuple[list[dict], list[dict]]:
    """The event with round 1 confirmed: its tables (seated) and its bye, as the matches API lists them.
    Played once for the module (in a transaction rolled back after its last test); the tests only read."""
    with rolled_back(django_db_blocker):
        game = Doudizhu()
        game.set_up()
        first = game.draw()
        for match in first:
            if not match["is_bye"]:
                game.play(match)
        yield [m for m in first if not m["is_bye"]], [m for m in first if m["is_bye"]]


def html(path: str) -> str:
    response = Client().get(f"/e/{SLUG}/{path}")
    assert response.status_code == 200, (path, response.content[:500])
    return response.content.decode()


def names(match: dict) -> dict[str, str]:
    return {seat["seat"]: seat["pair"]["display_name"] for seat in match["seats"]}


@pytest.mark.parametrize("path", PAGES)
def test_d10_every_public_page_of_a_doudizhu_event_renders(played, path):
    tables, byes = played
    body = html(path)
    if path.startswith(("rounds/", "screen/", "print/rounds/")):
        for match in tables:
            assert all(name in body for name in names(match).values())
        if not path.endswith("scoresheets"):
            assert byes[0]["ns_pair"]["display_name"] in body


def test_d10_pairings_list_each_tables_four_players_by_seat(played):
    tables, _ = played
    shown = {int(row["attrs"]["data-table"]): row for row in rows(html("rounds/1/"), "data-table")}
    for match in tables:
        assert shown[match["table"]]["attrs"]["data-seats"] == " ".join(
            f"{seat['seat']}{seat['pair']['number']}" for seat in match["seats"]
        )
        assert [cell.split(" ", 1)[1] for cell in shown[match["table"]]["cells"][1:]] == [
            names(match)[seat] for seat in SEATS
        ]


def test_d10_a_bye_shows_its_player(played):
    _, (bye,) = played
    row = next(
        r for r in rows(html("rounds/1/"), "data-table") if r["attrs"]["data-table"] == str(bye["table"])
    )
    assert bye["ns_pair"]["display_name"] in row["cells"][1] and "bye" in row["cells"][1]


def test_d8_results_show_each_seats_player_points_and_deals_won(played):
    tables, _ = played
    shown = {int(row["attrs"]["data-table"]): row for row in rows(html("rounds/1/results/"), "data-status")}
    for match in tables:
        cells = dict(zip(SEATS, shown[match["table"]]["cells"][1:5], strict=True))
        for seat in SEATS:
            assert names(match)[seat] in cells[seat]
            assert f"{SEAT_POINTS[seat]} point" in cells[seat]
            assert f"{SEAT_DEALS_WON[seat]} deal" in cells[seat]


def test_d8_results_show_every_seats_points_after_each_deal(played):
    body = html("rounds/1/results/")
    (line, *_) = re.findall(r'<ol class="sheet-line"[^>]*>(.*?)</ol>', body, re.S)
    last = re.findall(r"<li[^>]*>(.*?)</li>", line, re.S)[-1]
    after = dict(re.findall(r'<span data-seat="([NESW])">[NESW] (\d+)</span>', last))
    assert after == {seat: str(points) for seat, points in SEAT_POINTS.items()}
    assert "landlord N +4" in line and "farmers +1 each" in line


def test_d10_standings_show_each_player_with_their_points(played):
    tables, _ = played
    body = html("standings/")
    assert "Standings of the players" in body
    shown = {row["cells"][2]: row["keyed"]["match_points"] for row in rows(body, "data-rank")}
    for match in tables:
        for seat, name in names(match).items():
            assert shown[name] == str(SEAT_POINTS[seat])


def test_d10_the_big_screen_shows_each_seats_points(played):
    row = next(r for r in rows(html("screen/live"), "data-table") if r["attrs"].get("data-seats"))
    assert row["cells"][-1] == " · ".join(f"{seat} {SEAT_POINTS[seat]}" for seat in SEATS)


def test_d10_a_scoresheet_per_table_with_its_four_seats_and_dealers(played):
    tables, _ = played
    body = html("print/rounds/1/scoresheets")
    assert re.findall(r'<article class="sheet" data-table="(\d+)"', body) == [str(m["table"]) for m in tables]
    for match in tables:
        for seat, name in names(match).items():
            assert f'<tr data-seat="{seat}"><th scope="row">{seat}</th>' in body and name in body
    assert body.count('<th scope="row">1</th><td>N</td>') == len(tables)  # D10: N deals first
    assert "North–South" not in body


def test_d10_the_results_json_carries_each_tables_four_seats_with_points(played):
    tables, _ = played
    response = APIClient().get(f"/api/v1/events/{SLUG}/results/", {"round": 1})
    assert response.status_code == 200, response.content
    by_table = {row["table"]: row for row in response.json()["rows"]}
    for match in tables:
        row = by_table[match["table"]]
        assert row["ns_pair"] is None and row["status"] == "confirmed"
        assert [seat["seat"] for seat in row["seats"]] == list(SEATS)
        assert {seat["seat"]: seat["points"] for seat in row["seats"]} == SEAT_POINTS
        assert {seat["seat"]: seat["deals_won"] for seat in row["seats"]} == SEAT_DEALS_WON
        assert row["points"] == SEAT_POINTS and row["deals_played"] == 4


def test_d10_the_results_json_gives_a_bye_the_rounds_average(played):
    _, (bye,) = played
    row = next(
        r
        for r in APIClient().get(f"/api/v1/events/{SLUG}/results/").json()["rows"]
        if r["match"] == bye["id"]
    )
    assert row["status"] == "bye" and row["seats"] == []
    assert row["match_points"]["NS"] == 3  # 24 points over the 8 seated players
