"""The round results page of the games kept on a scoresheet, in both languages: a Shuangkou match's
level sheet (docs/rules/shuangkou.md S8: per deal the dealer, the attackers' points and both levels
after it) and a Daguai Luzi match's deals (docs/rules/daguai.md K5: per deal the dealer, the
first-out team's points and both teams' points after it), with each team's three players."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.pages.conftest import rows
from tests.scoring.conftest import deals_url, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    role_client,
)
from tournaments.models import Role, RoundStatus, StageKind

pytestmark = pytest.mark.django_db

ENGLISH, CHINESE = {}, {"HTTP_ACCEPT_LANGUAGE": "zh-Hans"}


def event_with_a_match(game: str, *, players: int = 2):
    event = EventFactory(published=True, slug=game, game=game, ruleset=f"{game}-standard")
    sides = [
        PairFactory(event=event, **({"player_3": PlayerFactory(event=event)} if players == 3 else {}))
        for _ in range(2)
    ]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    return MatchFactory(round=round_, table=1, ns_pair=sides[0], ew_pair=sides[1])


def play(match, deals: list[dict], result: dict | None = None) -> None:
    keeper = role_client(match.round.event, Role.SCOREKEEPER)
    for number, deal in enumerate(deals, start=1):
        response = keeper.post(deals_url(match), {"number": number, **deal}, format="json")
        assert response.status_code == 201, response.json()
    response = keeper.post(result_url(match), result or {}, format="json")
    assert response.status_code == 201, response.json()
    referee = role_client(match.round.event, Role.REFEREE)
    assert referee.post(result_url(match, "/confirm"), {}, format="json").status_code == 200


def results_row(slug: str, headers: dict) -> tuple[dict, str]:
    response = Client().get(f"/e/{slug}/rounds/1/results/", **headers)
    assert response.status_code == 200
    body = response.content.decode()
    (row,) = rows(body, "data-status")
    return row, body


def figures(items: list[str]) -> list[list[str]]:
    """The numbers and seats of each line, whatever the language of the words around them."""
    token = re.compile(r"(?<![A-Za-z])(?:NT|A\+|[NSEWABJQK]|[0-9]+)(?![A-Za-z])")
    return [token.findall(item.split(":", 1)[1]) for item in items]


SK_DEALS = [  # NS keep the deal and climb 2 → 10 → J → K → NT, then win their no-trump deal (S10)
    {"dealer": "N", "attackers_points": 0},
    {"dealer": "S", "attackers_points": 65},
    {"dealer": "N", "attackers_points": 0},
    {"dealer": "S", "attackers_points": 0},
    {"dealer": "N", "attackers_points": 40},
]


def test_s8_the_results_page_shows_a_shuangkou_matchs_level_sheet():
    match = event_with_a_match("shuangkou")
    play(match, SK_DEALS)
    row, body = results_row("shuangkou", ENGLISH)
    assert "Level sheet" in body and "Level line" not in body
    assert row["cells"][4] == f"North–South · pair {match.ns_pair.number}"
    assert row["items"] == [
        "deal 1: dealer N, attackers 0 → 10 : 2",
        "deal 2: dealer S, attackers 65 → J : 2",
        "deal 3: dealer N, attackers 0 → K : 2",
        "deal 4: dealer S, attackers 0 → NT : 2",
        "deal 5: dealer N, attackers 40 → NT : 2",
    ]


def test_s8_the_level_sheet_in_chinese_has_the_same_figures():
    match = event_with_a_match("shuangkou")
    play(match, SK_DEALS)
    english, _ = results_row("shuangkou", ENGLISH)
    chinese, body = results_row("shuangkou", CHINESE)
    assert '<html lang="zh-Hans">' in body
    assert len(chinese["items"]) == 5
    assert figures(chinese["items"]) == figures(english["items"])


A_ONE, B_FIVE = "12436", "2146"  # A out first, one of its own trapped: 1; B out first, 2 caught: 5


def dg(number: int, order: str) -> dict:
    return {"dealer": str(number), "finishing_order": list(order)}


def test_k5_the_results_page_shows_a_daguai_matchs_points_deal_by_deal_and_its_teams():
    match = event_with_a_match("daguai", players=3)
    deals = [dg(n, A_ONE) for n in range(1, 5)] + [dg(5, B_FIVE), dg(6, A_ONE)]
    play(match, deals)
    row, body = results_row("daguai", ENGLISH)
    assert "Points (A : B)" in body and "Points deal by deal" in body
    team_b = match.ew_pair
    assert all(p.name in row["cells"][2] for p in (team_b.player_1, team_b.player_2, team_b.player_3))
    assert row["cells"][3] == "5 : 5"
    assert row["cells"][4] == "draw"
    assert row["items"] == [
        "deal 1: dealer 1, team A +1 → 1 : 0",
        "deal 2: dealer 2, team A +1 → 2 : 0",
        "deal 3: dealer 3, team A +1 → 3 : 0",
        "deal 4: dealer 4, team A +1 → 4 : 0",
        "deal 5: dealer 5, team B +5 → 4 : 5",
        "deal 6: dealer 6, team A +1 → 5 : 5",
    ]


def test_k5_the_daguai_deals_in_chinese_have_the_same_figures():
    match = event_with_a_match("daguai", players=3)
    play(match, [dg(n, A_ONE) for n in range(1, 7)])
    english, _ = results_row("daguai", ENGLISH)
    chinese, body = results_row("daguai", CHINESE)
    assert '<html lang="zh-Hans">' in body
    assert chinese["cells"][3] == english["cells"][3] == "6 : 0"
    assert figures(chinese["items"]) == figures(english["items"])
    assert len(chinese["items"]) == 6


def test_k5_the_live_screen_shows_a_daguai_rounds_points_not_in_play():
    match = event_with_a_match("daguai", players=3)
    play(match, [dg(n, A_ONE) for n in range(1, 5)] + [dg(5, B_FIVE), dg(6, A_ONE)])
    response = Client().get("/e/daguai/screen/live", **ENGLISH)
    assert response.status_code == 200
    (row,) = rows(response.content.decode(), "data-table")
    assert "5 : 5" in row["cells"] and "in play" not in " ".join(row["cells"])
