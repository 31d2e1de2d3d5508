"""The table's incidents and their rulings on its phone (docs/table-app.md "Incidents and rulings"):
a referee records an incident and rules on it through the API; the phone shows it, as the API shows
it to a table, after its next poll — in Chromium at 360 px, in both languages."""

from __future__ import annotations

import pytest

from tests.pages.conftest import API, SLUG, seed
from tests.tournaments.conftest import role_client
from tournaments.models import Match, Role

pytestmark = pytest.mark.e2e


@pytest.fixture
def table(transactional_db, live_server, settings):
    """The demo event's table 5, its card minted through the API; the phone polls every 3 s."""
    settings.PUBLIC_URL = live_server.url
    settings.TABLE_APP_POLL_SECONDS = 3
    event = seed()
    organizer = role_client(event, Role.ORGANIZER)
    card = organizer.post(f"{API}/events/{SLUG}/table-tokens/", {"table": 5}, format="json").json()
    match = Match.objects.get(round__event=event, round__number=1, table=5)
    return {"event": event, "match": match, "card": card}


def test_a_referees_incident_and_ruling_show_on_the_phone_after_its_poll_G12(phone, table):
    match = table["match"]
    phone.open(table["card"]["url"])
    phone.wait_for("#next-deal")
    assert not phone.all("#incidents")
    phone.idle()
    referee = role_client(table["event"], Role.REFEREE)
    body = {
        "match": match.pk,
        "infraction": "hidden_card",
        "side": "EW",
        "deal": 1,
        "description": "<i>seen</i> by the referee: private words",
    }
    incident = referee.post(f"{API}/events/{SLUG}/incidents/", body, format="json").json()
    waiting = {"zh": "等待裁判判罚", "en": "Waiting for a referee's ruling"}[phone.lang]
    phone.wait(lambda: waiting in phone.text("#incidents"), timeout=20)
    ruled = referee.post(
        f"{API}/events/{SLUG}/incidents/{incident['id']}/rule", {"note": "a note for referees"}, format="json"
    )
    assert ruled.status_code == 201, ruled.json()
    effect = {"zh": "级数 +1（南北）", "en": "Levels +1 (North–South)"}[phone.lang]
    phone.wait(lambda: effect in phone.text("#incidents"), timeout=20)
    text = phone.text("#incidents")
    infraction = {"zh": "藏牌", "en": "Hidden card"}[phone.lang]
    side = {"zh": "东西", "en": "East–West"}[phone.lang]
    assert infraction in text and side in text
    assert "private words" not in text and "a note for referees" not in text
    assert not phone.all("#incidents i")
    assert not phone.scrolls_sideways()
    phone.shot("guandan-incidents")
