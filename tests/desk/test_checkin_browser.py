"""The check-in screen after the round is published (issue 34; docs/events.md "Check-in"), in
headless Chromium, in both languages: with ``absent_pairs = forfeit``, marking a pair absent shows
its table forfeited (the API's answer ``tables``) and the table's status in the pair's row; marking
it present again gives the match back. Screenshot: var/screenshots/desk-{lang}-check-in-published.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q

from tests.desk.test_organiser_browser import DESK, PASSWORD, click, find, ready, shot, wait
from tests.pages import test_browser
from tests.tournaments.conftest import EventFactory, StageFactory, grant, make_pairs
from tournaments.models import Match, MatchStatus, Round, RoundStatus
from tournaments.services.checkin import Mark, check_in
from tournaments.services.rounds import round_draw, round_publish

browser = test_browser.chrome

pytestmark = pytest.mark.e2e


def published_round(lang: str):
    event = EventFactory(published=True, absent_pairs="forfeit", slug=f"checkin-{lang}")
    pairs = make_pairs(event, 8)
    stage = StageFactory(event=event)
    round_ = Round.objects.create(event=event, stage=stage, number=1)
    round_draw(round_=round_, seed=1)
    round_publish(round_=round_)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.PUBLISHED
    check_in(round_=round_, marks=[Mark(pair=pair.pk, status="present") for pair in pairs[:6]])
    return event, pairs


def log_in(driver, site: str, user, next_url: str) -> None:
    driver.get(f"{site}/accounts/login/?next={next_url}")
    find(driver, "input[name=username]").send_keys(user.username)
    find(driver, "input[name=password]").send_keys(PASSWORD)
    find(driver, "form button[type=submit], form input[type=submit]").click()


@pytest.mark.parametrize(
    ("lang", "forfeited", "back"), [("en", "forfeit", "to play"), ("zh-hans", "弃权", "照常")]
)
def test_a_pair_marked_absent_after_publication_shows_its_table_forfeited(
    transactional_db, live_server, browser, lang, forfeited, back
):
    event, pairs = published_round(lang)
    user = grant(event, "organizer")
    user.set_password(PASSWORD)
    user.save()
    browser.delete_all_cookies()
    browser.set_window_size(*DESK)
    page = f"/desk/events/{event.slug}/organiser/check-in/?lang={lang}"
    log_in(browser, live_server.url, user, page.replace("?", "%3F").replace("=", "%3D"))
    wait(browser, lambda d: "check-in" in d.current_url)
    ready(browser, f"{live_server.url}{page}")
    wait(browser, lambda d: len(d.find_elements("css selector", "#checkin tbody tr")) == 8)
    late, absent = pairs[6], pairs[7]
    match = Match.objects.get(Q(ns_pair=absent) | Q(ew_pair=absent))

    click(browser, f'#checkin tr[data-pair="{late.number}"] button[data-mark="late"]')
    wait(
        browser,
        lambda d: find(d, f'#checkin tr[data-pair="{late.number}"]').get_attribute("data-status") == "late",
    )
    click(browser, f'#checkin tr[data-pair="{absent.number}"] button[data-mark="absent"]')
    notice = wait(browser, lambda d: find(d, '#checkin-message [data-outcome="forfeited"]'))
    assert forfeited in notice.text and str(match.table) in notice.text
    row = find(browser, f'#checkin tr[data-pair="{absent.number}"]')
    assert row.get_attribute("data-status") == "absent"
    confirmed = {"en": "confirmed", "zh-hans": "已确认"}[lang]
    wait(browser, lambda d: confirmed in find(d, f'#checkin tr[data-pair="{absent.number}"] .table-of').text)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.CONFIRMED
    shot(browser, f"desk-{lang}-check-in-published", DESK)

    click(browser, f'#checkin tr[data-pair="{absent.number}"] button[data-mark="present"]')
    notice = wait(browser, lambda d: find(d, '#checkin-message [data-outcome="forfeit_withdrawn"]'))
    assert back in notice.text
    assert Match.objects.get(pk=match.pk).status == MatchStatus.SCHEDULED
    assert get_user_model().objects.filter(pk=user.pk).exists()
