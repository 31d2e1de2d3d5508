"""Names typed into a registration are shown on a table's phone as text, never run or drawn as markup
(issue 33 "How it must be made": the app's pages send a strict CSP and build text nodes only): an
event, a pair and a player named with markup, in Chromium at 360 px, in both languages."""

from __future__ import annotations

import pytest

from tests.pages.conftest import API, SLUG, seed
from tests.tournaments.conftest import role_client
from tournaments.models import Event, Match, Pair, Player, Role

pytestmark = pytest.mark.e2e
EVENT = '<img src=x onerror="document.title=1">Open'
PAIR = "<b>Pair</b> & <i>co</i>"
PLAYER = "<script>window.ran=1</script>Li"


def test_names_holding_markup_are_shown_as_text(phone, transactional_db, live_server, settings):
    settings.PUBLIC_URL = live_server.url
    settings.TABLE_APP_POLL_SECONDS = 600
    event = seed()
    match = Match.objects.get(round__event=event, round__number=1, table=5)
    Event.objects.filter(pk=event.pk).update(name=EVENT)
    Pair.objects.filter(pk=match.ns_pair_id).update(name=PAIR)
    Player.objects.filter(pk=Pair.objects.get(pk=match.ew_pair_id).player_1_id).update(name=PLAYER)
    card = role_client(event, Role.ORGANIZER).post(
        f"{API}/events/{SLUG}/table-tokens/", {"table": 5}, format="json"
    )
    phone.open(card.json()["url"])
    phone.wait_for("#next-deal")
    text = phone.text(".match")
    assert EVENT in text and PAIR in text and PLAYER in text
    assert not phone.all(".match img, .match b, .match i, .match script")
    assert phone.driver.execute_script("return window.ran === undefined")
    assert phone.driver.title != "1"
    phone.shot("guandan-markup")
