"""An individual event's table on the table app, in Chromium at phone size, in both languages
(docs/duplicate.md "Individual events"): four players alone seated N/S against E/W play Guandan as any
table — deals by finishing order, the levels the phone shows equal to the API's — then NS submits and
the E player confirms on the same phone with their own PIN. Screenshots in var/screenshots/table/."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

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
from tournaments.pins import pair_pin

pytestmark = pytest.mark.e2e
API = "/api/v1"


def test_an_individual_table_plays_guandan_and_a_player_of_the_other_side_confirms(
    phone, transactional_db, live_server, settings
):
    settings.PUBLIC_URL = live_server.url
    settings.TABLE_APP_POLL_SECONDS = 600
    event = EventFactory(published=True, slug="zd-app", entry="individual")
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    match = MatchFactory(round=round_, table=1, ns_pair=None, ew_pair=None)
    players = {}
    for seat in "NESW":
        pair = PairFactory(
            event=event, player_1=PlayerFactory(event=event, name=f"Player {seat}"), player_2=None
        )
        TableSeat.objects.create(match=match, round=round_, seat=seat, pair=pair)
        players[seat] = pair
    card = (
        role_client(event, Role.ORGANIZER)
        .post(f"{API}/events/{event.slug}/table-tokens/", {"table": 1})
        .json()
    )
    phone.open(card["url"])
    assert "Player N" in phone.text(".table-seats")
    assert phone.levels() == {"NS": "2", "EW": "2"}
    phone.shot("individual-1-table")
    for number in range(1, 6):  # NS 1-2 every deal: 2 → 5 → 8 → J → A → past A
        phone.tap('button[data-seat="N"]')
        phone.tap('button[data-seat="S"]')
        phone.notes()
        phone.tap("#send")
        phone.wait_next(None if number == 5 else number + 1)
        phone.idle()
        state = APIClient().get(f"{API}/matches/{match.pk}/").json()["state"]
        assert phone.levels() == state["levels"], number
    assert state["finished"] and state["levels"]["NS"] == "A+"
    phone.wait_for('button[data-side="NS"]')
    phone.tap('button[data-side="NS"]')
    phone.type("#pin", pair_pin(players["E"].pk))
    phone.tap("#confirm")
    phone.wait(lambda: "status-confirmed" in phone.find("#result-status").get_attribute("class"))
    phone.shot("individual-2-confirmed")
    assert not phone.scrolls_sideways()
