"""A whole Guandan table played on the table app in Chromium at phone size, in both languages
(docs/table-app.md): from the card's URL to the result confirmed with the other pair's PIN, the
levels the phone shows at every step equal to the API's; a wrong PIN; a referee call seen through
the API; a revoked card; an old card's URL opening the app. Screenshots in var/screenshots/table/.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from rest_framework.test import APIClient

from tests.pages.conftest import API, SLUG, seed
from tests.table.phone import Phone
from tests.tournaments.conftest import role_client
from tournaments.models import Match, Role
from tournaments.pins import pair_pin

pytestmark = pytest.mark.e2e
NS_WINS = ["N", "S"]  # G6: 1st and 2nd out, NS +3 (2 → 5 → 8 → J → A, then past A)


@pytest.fixture
def table(transactional_db, live_server, settings):
    """The demo event's table 5 (pairs 5 v 14, round 1 published), its card minted through the API with
    PUBLIC_URL the live server's address."""
    settings.PUBLIC_URL = live_server.url
    settings.TABLE_APP_POLL_SECONDS = 600  # the tests reload or act; no poll beside their own reads
    event = seed()
    organizer = role_client(event, Role.ORGANIZER)
    card = organizer.post(f"{API}/events/{SLUG}/table-tokens/", {"table": 5}, format="json").json()
    match = Match.objects.get(round__event=event, round__number=1, table=5)
    return {"event": event, "match": match, "card": card, "organizer": organizer}


def api_state(match, phone: Phone) -> dict:
    phone.idle()
    return APIClient().get(f"{API}/matches/{match.pk}/").json()["state"]


def play_deal(phone: Phone, seats: list[str], number: int, *, last: bool = False) -> list[str]:
    for seat in seats:
        phone.tap(f'button[data-seat="{seat}"]')
    notes = phone.notes()
    phone.tap("#send")
    phone.wait_next(None if last else number + 1)
    return notes


def test_a_guandan_table_from_its_card_to_the_confirmed_result(phone, table):
    match, card = table["match"], table["card"]
    assert urlsplit(card["url"]).path == "/t/"
    phone.open(card["url"])
    # The key moved from the URL into the phone: the address bar no longer holds it.
    assert "#" not in phone.driver.current_url and card["key"] not in phone.driver.current_url
    assert phone.storage("table.key") == card["key"]
    assert phone.levels() == api_state(match, phone)["levels"] == {"NS": "2", "EW": "2"}
    assert not phone.scrolls_sideways()
    phone.shot("guandan-1-match")

    phone.tap('button[data-seat="N"]')
    phone.tap('button[data-seat="S"]')
    notes = phone.notes()
    expected = {"zh": "南北 +3 → 打 5", "en": "North–South +3 → plays 5"}[phone.lang]
    assert expected in notes
    phone.shot("guandan-2-preview")
    phone.tap("#send")
    phone.wait_next(2)
    assert phone.levels() == api_state(match, phone)["levels"] == {"NS": "5", "EW": "2"}

    for number in range(2, 6):  # 5 → 8 → J → A → past A: the match is over (G8)
        play_deal(phone, NS_WINS, number, last=number == 5)
        state = api_state(match, phone)
        assert phone.levels() == state["levels"], number
    assert state["finished"] and state["levels"]["NS"] == "A+"
    phone.wait_for('button[data-side="NS"]')
    phone.shot("guandan-3-finished")

    # NS submits; EW confirms on the same phone with its PIN — a wrong one first.
    phone.tap('button[data-side="NS"]')
    phone.type("#pin", "000000" if pair_pin(match.ew_pair_id) != "000000" else "111111")
    phone.tap("#confirm")
    wrong = {"zh": "确认码不对", "en": "Wrong PIN"}[phone.lang]
    phone.wait(lambda: wrong in phone.text(".message.error"))
    phone.shot("guandan-4-wrong-pin")
    phone.type("#pin", pair_pin(match.ew_pair_id))
    phone.tap("#confirm")
    phone.wait(lambda: "status-confirmed" in phone.find("#result-status").get_attribute("class"))
    phone.idle()
    assert APIClient().get(f"{API}/matches/{match.pk}/result").json()["status"] == "confirmed"
    phone.shot("guandan-5-confirmed")


def test_the_table_calls_a_referee_and_the_referees_see_it(phone, table):
    match = table["match"]
    phone.open(table["card"]["url"])
    phone.tap("#call-referee")
    phone.type("#call-about", "<b>N</b> played out of turn")
    phone.shot("guandan-call")
    phone.tap("#send-call")
    # A text holding markup is shown as text, never as markup.
    phone.wait(lambda: "<b>N</b> played out of turn" in phone.text(".calls li"))
    assert not phone.all(".calls b")
    phone.shot("guandan-called")
    phone.idle()
    referee = role_client(table["event"], Role.REFEREE)

    def listed():
        body = referee.get(f"{API}/events/{SLUG}/calls/").json()
        return (body.get("results") if isinstance(body, dict) else body) or None

    calls = phone.wait(listed)
    assert [(c["table"], c["about"], c["status"]) for c in calls] == [
        (5, "<b>N</b> played out of turn", "open")
    ]
    assert match.table == 5


def test_a_revoked_card_says_so_and_what_to_do(phone, table):
    phone.open(table["card"]["url"])
    phone.wait_for("#next-deal")
    phone.idle()
    table["organizer"].post(f"{API}/events/{SLUG}/table-tokens/{table['card']['id']}/revoke")
    phone.driver.refresh()
    words = {"zh": "向组织者索取新桌卡", "en": "Ask the organiser for the new card"}[phone.lang]
    phone.wait(lambda: words in phone.text(".revoked"))
    phone.shot("guandan-revoked")
    phone.tap("#leave")
    phone.driver.switch_to.alert.accept()
    phone.wait(lambda: phone.storage("table.key") is None)


def test_an_old_card_opens_the_app_with_its_key(phone, table, live_server):
    key = table["card"]["key"]
    phone.open(f"{live_server.url}/api/v1/events/{SLUG}/matches/?table=5#table_token={key}")
    assert urlsplit(phone.driver.current_url).path == "/t/"
    assert phone.storage("table.key") == key
    assert phone.levels() == {"NS": "2", "EW": "2"}


def test_the_language_switches_on_the_phone(phone, table):
    phone.open(table["card"]["url"])
    before = phone.text("#next-deal")
    phone.tap("#lang")
    phone.wait(lambda: phone.text("#next-deal") != before)
    expected = {"zh": "Next: deal 1", "en": "下一副：第1副"}[phone.lang]
    assert expected in phone.text("#next-deal")
    seat = {"zh": "North", "en": "北"}[phone.lang]  # the game's labels, asked again in the new language
    phone.wait(lambda: phone.text('button[data-seat="N"]').startswith(seat))
    phone.shot("guandan-switched")
    for width in (320, 430):  # the phones the app is for: nothing wider than the screen, targets of 48 px
        phone.driver.set_window_size(width, 800)
        assert not phone.scrolls_sideways(), width
        sizes = phone.driver.execute_script(
            "return [...document.querySelectorAll('button')].map((b) => [b.offsetWidth, b.offsetHeight])"
        )
        assert min(min(pair) for pair in sizes) >= 48, (width, sizes)
        font = phone.driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= 18
