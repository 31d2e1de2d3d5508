"""The staff page (issue 34, docs/desk.md "Staff"), in headless Chromium, in both languages: the
organiser makes a one-time link for a referee who has no account; the invitee opens it, sets a
password and lands on the desk holding the role; the link then answers no more. On the
registration page the organiser withdraws a pair from its row."""

from __future__ import annotations

import pytest

from tests.desk.test_checkin_browser import log_in
from tests.desk.test_organiser_browser import DESK, PASSWORD, click, find, ready, shot, wait
from tests.pages import test_browser
from tests.tournaments.conftest import EventFactory, grant, make_pairs
from tournaments.models import EventRole, Pair, PairStatus, Role

browser = test_browser.chrome

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("lang", "waiting"), [("en", "waiting for the invitee"), ("zh-hans", "等待受邀人")])
def test_an_organiser_invites_a_referee_who_sets_a_password_and_holds_the_role(
    transactional_db, live_server, browser, lang, waiting
):
    event = EventFactory(published=True, slug=f"staff-{lang}")
    pairs = make_pairs(event, 2)
    user = grant(event, Role.ORGANIZER)
    user.set_password(PASSWORD)
    user.save()
    browser.delete_all_cookies()
    browser.set_window_size(*DESK)
    site = live_server.url
    page = f"/desk/events/{event.slug}/organiser/staff/?lang={lang}"
    log_in(browser, site, user, page.replace("?", "%3F").replace("=", "%3D"))
    wait(browser, lambda d: "staff" in d.current_url)
    ready(browser, f"{site}{page}")
    find(browser, "#invite-name").send_keys("Referee Wang")
    click(browser, "#invite-form button[type=submit]")
    link = wait(browser, lambda d: find(d, "#invite-link").get_attribute("value"))
    wait(browser, lambda d: waiting in find(d, '#invitations tr[data-state="pending"]').text)
    shot(browser, f"desk-{lang}-staff-invitation", DESK)

    # The registration page: withdraw pair 2 from its row.
    ready(browser, f"{site}/desk/events/{event.slug}/organiser/registration/?lang={lang}")
    withdraw = {"en": "Withdraw", "zh-hans": "退赛"}[lang]
    row = wait(browser, lambda d: d.find_elements("css selector", "#pairs tbody tr")[1])
    button = next(b for b in row.find_elements("css selector", "button") if b.text == withdraw)
    button.click()
    wait(browser, lambda d: Pair.objects.get(pk=pairs[1].pk).status == PairStatus.WITHDRAWN)

    # The invitee: no account yet; the link makes one, once.
    browser.delete_all_cookies()
    browser.get(link)
    find(browser, "#username").send_keys(f"wang-{lang}")
    find(browser, "#password").send_keys(PASSWORD)
    find(browser, "#password_again").send_keys(PASSWORD)
    click(browser, "form button[type=submit]")
    wait(browser, lambda d: d.current_url.rstrip("/").endswith("/desk"))
    assert EventRole.objects.filter(event=event, user__username=f"wang-{lang}", role=Role.REFEREE).exists()
    assert event.name in find(browser, "body").text  # the landing lists the event where they hold a role
    browser.delete_all_cookies()
    browser.get(link)
    assert not browser.find_elements("css selector", "#password")  # good once
