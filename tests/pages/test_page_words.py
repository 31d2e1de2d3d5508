"""The pages' words in both languages (docs/pages.md "Languages"): a draw reads as a draw, the
level line as 记级, the winner as its side and its pair's number, lists with the language's own
separator (、 in Chinese), and one round in the singular."""

from __future__ import annotations

from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages.conftest import API, SLUG, api, rows
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    confirm_round,
)
from tournaments.models import Match, RoundStatus

CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}


def html(path: str, **headers) -> str:
    response = Client().get(f"/e/{SLUG}/{path}", **headers)
    assert response.status_code == 200
    return response.content.decode()


def confirm(event, table: int, levels: dict) -> Match:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    match = Match.objects.get(round__event=event, round__number=1, table=table)
    body = {"levels": levels, "deals_played": 12, "time_up": True, "confirm": True}
    response = client.post(f"{API}/matches/{match.pk}/result", body, format="json")
    assert response.status_code in (200, 201), response.json()
    return match


def result_row(table: int, **headers) -> dict:
    return next(
        r
        for r in rows(html("rounds/1/results/", **headers), "data-status")
        if r["attrs"]["data-table"] == str(table)
    )


def test_g8_a_drawn_match_reads_draw_in_both_languages(demo):
    demo.match_format, demo.equal_levels = "time_limit", "draw"
    demo.save()
    confirm(demo, 5, {"NS": "10", "EW": "10"})
    assert api(f"/events/{SLUG}/results/?round=1")["rows"][4]["winner"] is None
    assert result_row(5)["cells"][4] == "draw"
    assert result_row(5, **CHINESE)["cells"][4] == "平局"


def test_the_level_line_column_reads_jiji_in_chinese(demo):
    body = html("rounds/1/results/", **CHINESE)
    assert '<th scope="col">记级</th>' in body and "级分" not in body


def test_the_winner_is_its_side_and_its_pair_number_in_both_languages(demo):
    results = {r["table"]: r for r in api(f"/events/{SLUG}/results/?round=1")["rows"]}
    won = next(r for r in results.values() if r["winner"] == "EW")
    pair = won["ew_pair"]["number"]
    assert result_row(won["table"])["cells"][4] == f"East–West · pair {pair}"
    assert result_row(won["table"], **CHINESE)["cells"][4] == f"东西 · {pair}号对"


def close_round_1(event) -> None:
    """Confirm round 1's remaining tables (on the clock: time up at 9 to 7) and close it, through the
    API, as the organiser does."""
    event.match_format = "time_limit"
    event.save()
    for table in Match.objects.filter(round__event=event, round__number=1).exclude(status="confirmed"):
        confirm(event, table.table, {"NS": "9", "EW": "7"})
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    response = client.post(f"{API}/events/{SLUG}/rounds/1/close", {}, format="json")
    assert response.status_code == 200, response.json()


def test_g10_a_round_still_in_play_is_not_named_as_one_the_standings_are_after(demo):
    """Issue 35 item 8: half of round 1's tables are in; the caption says round 1 is in play (its
    results so far), never "Standings after round 1", in both languages."""
    english, chinese = html("standings/"), html("standings/", **CHINESE)
    assert "Standings after" not in english and "round 1 in play, its results so far<" in english
    assert "轮后的排名" not in chinese and "第1轮进行中，计入已有结果<" in chinese
    assert api(f"/events/{SLUG}/standings/")["rounds"] == [1]  # the API's rounds: those with results


def test_one_round_reads_in_the_singular_once_it_is_closed(demo):
    close_round_1(demo)
    english = html("standings/")
    assert "Standings after round 1<" in english
    assert "Standings after rounds" not in english and "in play" not in english
    assert "第1轮后的排名<" in html("standings/", **CHINESE)


def test_lists_use_the_chinese_enumeration_comma(demo):
    table = api(f"/events/{SLUG}/standings/units/")
    shown = rows(html("standings/units/", **CHINESE), "data-unit")
    assert shown[0]["cells"][4] == "、".join(str(n) for n in table["rows"][0]["pairs"])
    english = rows(html("standings/units/"), "data-unit")
    assert english[0]["cells"][4] == ", ".join(str(n) for n in table["rows"][0]["pairs"])


def test_two_rounds_read_in_the_plural_listed_in_each_languages_way(db):
    event = EventFactory(published=True, slug="two-rounds")
    pairs = PairFactory.create_batch(4, event=event)
    stage = StageFactory(event=event)
    for number, order in ((1, (0, 1, 2, 3)), (2, (0, 2, 1, 3)), (3, (0, 3, 1, 2))):
        round_ = RoundFactory(event=event, stage=stage, number=number, status=RoundStatus.PUBLISHED)
        MatchFactory(round=round_, table=1, ns_pair=pairs[order[0]], ew_pair=pairs[order[1]])
        MatchFactory(round=round_, table=2, ns_pair=pairs[order[2]], ew_pair=pairs[order[3]])
        confirm_round(round_)
        if number < 3:  # round 3 has its results but is not closed: it is in play
            round_.status = RoundStatus.CLOSED
            round_.save()
    english = Client().get("/e/two-rounds/standings/").content.decode()
    chinese = Client().get("/e/two-rounds/standings/", **CHINESE).content.decode()
    assert "Standings after rounds 1, 2 · round 3 in play, its results so far<" in english
    assert "第1、2轮后的排名 · 第3轮进行中，计入已有结果<" in chinese


def test_the_event_page_names_a_closed_last_round_as_played_not_in_play(demo):
    """Issue 35 item 8: round 1 closed and none published after it: no round is in play."""
    assert "Round in play" in html("")
    close_round_1(demo)
    assert "Round in play" not in html("") and "Last round played" in html("")
    assert "最近一轮" in html("", **CHINESE) and "进行中的轮次" not in html("", **CHINESE)
