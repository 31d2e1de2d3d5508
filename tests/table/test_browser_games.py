"""One table of each other game on the table app, in Chromium at phone size, in both languages
(docs/table-app.md "Every game"): the same app, driven by each game's deal form — four-player Dou
Dizhu (the dealer, the bidding from the dealer, the landlord's win), Daguai Luzi (six seats, two
teams of three) and Shuangkou (the dealer, the attackers' points) — the figures the phone shows after
each deal equal to the API's."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.table.phone import Phone
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    role_client,
)
from tournaments.models import Role, RoundStatus, StageKind, TableSeat

pytestmark = pytest.mark.e2e
API = "/api/v1"


def _event(game: str, slug: str):
    event = EventFactory(published=True, slug=slug, game=game, ruleset=f"{game}-standard")
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    return event, round_


def _card(event, live_server, settings) -> dict:
    settings.PUBLIC_URL = live_server.url
    settings.TABLE_APP_POLL_SECONDS = 600
    return (
        role_client(event, Role.ORGANIZER)
        .post(f"{API}/events/{event.slug}/table-tokens/", {"table": 1})
        .json()
    )


def api_state(match, phone: Phone) -> dict:
    phone.idle()
    return APIClient().get(f"{API}/matches/{match.pk}/").json()["state"]


def shown_points(phone: Phone, codes) -> dict:
    return phone.wait(lambda: {code: phone.find(f'[data-points="{code}"]').text for code in codes})


def pick(phone: Phone, field: str, value: str) -> None:
    phone.tap(f'[data-field="{field}"] button[data-value="{value}"]')


def test_d10_a_dou_dizhu_table_of_four(phone, transactional_db, live_server, settings):
    event, round_ = _event("doudizhu4", "ddz-app")
    match = MatchFactory(round=round_, table=1, ns_pair=None, ew_pair=None)
    for seat in "NESW":
        player = PlayerFactory(event=event, name=f"Player {seat}")
        TableSeat.objects.create(
            match=match,
            round=round_,
            seat=seat,
            pair=PairFactory(event=event, player_1=player, player_2=None),
        )
    phone.open(_card(event, live_server, settings)["url"])
    # D10: N deals first; D2: the bidding from the dealer, a 3 ends it; D8: the landlord won.
    assert phone.find('[data-field="dealer"] button[data-value="N"]').get_attribute("aria-pressed") == "true"
    phone.tap('[data-field="bids"] .turn button[data-value="3"]')
    pick(phone, "winner", "landlord")
    assert phone.notes()
    phone.shot("doudizhu-deal")
    phone.tap("#send")
    phone.wait_next(2)
    state = api_state(match, phone)
    assert shown_points(phone, "NESW") == {seat: str(points) for seat, points in state["points"].items()}
    # Deal 2: W deals (the rotation, counterclockwise), everyone passes but S bids 1; the farmers win.
    assert phone.find('[data-field="dealer"] button[data-value="W"]').get_attribute("aria-pressed") == "true"
    for index, bid in enumerate(("pass", "1", "pass", "pass"), start=1):
        phone.tap(f'[data-field="bids"] .turn:nth-of-type({index}) button[data-value="{bid}"]')
    pick(phone, "winner", "farmers")
    phone.notes()
    phone.tap("#send")
    phone.wait_next(3)
    state = api_state(match, phone)
    assert shown_points(phone, "NESW") == {seat: str(points) for seat, points in state["points"].items()}
    phone.shot("doudizhu-after")


def test_k5_a_daguai_match_of_two_teams_of_three(phone, transactional_db, live_server, settings):
    event, round_ = _event("daguai", "dg-app")
    teams = [PairFactory(event=event, player_3=PlayerFactory(event=event)) for _ in range(2)]
    match = MatchFactory(round=round_, table=1, ns_pair=teams[0], ew_pair=teams[1])
    phone.open(_card(event, live_server, settings)["url"])
    assert len(phone.all('[data-field="finishing_order"] button[data-seat]')) == 6
    for number, order in ((1, "135"), (2, "2416")):
        for seat in order:
            phone.tap(f'[data-field="finishing_order"] button[data-seat="{seat}"]')
        assert phone.notes()
        if number == 1:
            phone.shot("daguai-deal")
        phone.tap("#send")
        phone.wait_next(number + 1)
        state = api_state(match, phone)
        assert shown_points(phone, "AB") == {team: str(points) for team, points in state["points"].items()}
    phone.shot("daguai-after")


def test_s8_a_shuangkou_match(phone, transactional_db, live_server, settings):
    event, round_ = _event("shuangkou", "sk-app")
    pairs = [PairFactory(event=event) for _ in range(2)]
    match = MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1])
    phone.open(_card(event, live_server, settings)["url"])
    pick(phone, "dealer", "N")  # S9: the first deal's dealer is chosen at the table
    phone.type('[data-field="attackers_points"] input', "30")
    assert phone.notes()
    phone.shot("shuangkou-deal")
    phone.tap("#send")
    phone.wait_next(2)
    state = api_state(match, phone)
    assert phone.levels() == state["levels"]
    # The sheet names the next dealer (S9): the form starts with it.
    dealer = state["dealer"]
    assert (
        phone.find(f'[data-field="dealer"] button[data-value="{dealer}"]').get_attribute("aria-pressed")
        == "true"
    )
    phone.type('[data-field="attackers_points"] input', "125")
    phone.notes()
    phone.tap("#send")
    phone.wait_next(3)
    assert phone.levels() == api_state(match, phone)["levels"]
    phone.shot("shuangkou-after")
