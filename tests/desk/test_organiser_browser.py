"""The organiser's desk in headless Chromium (issue 34): an organiser runs a 24-pair, 3-round Swiss
evening from an empty database through the desk alone — create the event, import the list (a dry
run with a row error first), check in with one late and one absent pair, draw and publish, watch the
round board while the tables play (through the API, as the table app does), settle a dispute,
close, publish the standings, print — in English and in Chinese; the standings then equal the API's.
Screenshots land in var/screenshots/desk-*.png (docs/desk.md shows them).
"""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages import test_browser
from tests.pages.test_browser import shot as page_shot
from tournaments.models import Match, TableToken

browser = test_browser.chrome  # the pages' browser fixture, by another name here

pytestmark = pytest.mark.e2e
DESK = (1280, 900)
TABLET = (1024, 900)
PASSWORD = "a-long-Passw0rd"
FIRST = ["李雷", "王芳", "张伟", "刘洋", "陈静", "杨帆", "赵敏", "黄磊", "周杰", "吴迪", "徐丽", "孙悦"]


def shot(driver, name: str, size: tuple[int, int]) -> None:
    """The pages' screenshot of the whole page, from its top (a click may have scrolled it)."""
    driver.execute_script("window.scrollTo(0, 0)")
    page_shot(driver, name, size)


def wait(driver, condition, seconds: float = 15):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            value = condition(driver)
            if value:
                return value
        except Exception:  # the page is still changing
            pass
        time.sleep(0.2)
    messages = [node.text for node in driver.find_elements("css selector", "[aria-live], .problem")]
    raise AssertionError(f"timed out on {driver.current_url}: {messages}")


def ready(driver, url: str) -> None:
    """Open a desk page and wait for its script to have shown it (``body[data-ready]``)."""
    driver.get(url)
    wait(driver, lambda d: d.find_element("css selector", "body").get_attribute("data-ready") == "1")


def find(driver, selector):
    return driver.find_element("css selector", selector)


def click(driver, selector):
    """Click once the control is there and enabled; a live page may redraw it meanwhile (retried)."""

    def clicked(d):
        node = find(d, selector)
        if not node.is_enabled():
            return False
        node.click()
        return True

    wait(driver, clicked)


def csv_file(tmp_path, rows: int, bad: int | None = None):
    lines = ["编号,选手1,选手2,单位,种子"]
    for n in range(1, rows + 1):
        second = "" if n == bad else f"队员{n}B"
        lines.append(f"{n},{FIRST[n % 12]}{n},{second},{'茶馆' if n % 2 else '工会'},{n}")
    path = tmp_path / (f"pairs-{rows}-{bad}.csv")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def play(client, match: Match, *, dispute: bool = False) -> None:
    """A table plays as the table app posts it: five deals NS win, the NS result, then the EW side
    agrees; at the disputed table the two sides send level sheets that differ."""
    url = f"/api/v1/matches/{match.pk}/"
    table = APIClient()  # the table's own phone: its token (the table card's QR code)
    key = TableToken.objects.get_or_create(event=match.round.event, table=match.table, revoked_at=None)[0].key
    table.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    if dispute:
        for who, side, ew in ((table, "NS", "K"), (client, "EW", "Q")):
            body = {"side": side, "levels": {"NS": "A+", "EW": ew}, "deals_played": 9}
            assert who.post(f"{url}result", body, format="json").status_code in (200, 201)
        return
    for number in range(1, 6):
        deal = {"number": number, "finishing_order": ["N", "S"]}
        assert table.post(f"{url}deals/", deal, format="json").status_code == 201
    assert table.post(f"{url}result", {"side": "NS"}, format="json").status_code == 201
    assert client.post(f"{url}result", {"side": "EW"}, format="json").status_code == 200


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_an_organiser_runs_a_swiss_evening_from_the_desk(
    transactional_db, live_server, browser, tmp_path, lang
):
    site = live_server.url
    user = get_user_model().objects.create_user(username=f"org-{lang}", password=PASSWORD)
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    slug = f"club-evening-{lang}"
    browser.delete_all_cookies()
    browser.set_window_size(*DESK)

    # Log in, then create the event on the desk.
    browser.get(f"{site}/accounts/login/?next=/desk/new-event/%3Flang%3D{lang}")
    find(browser, "input[name=username]").send_keys(user.username)
    find(browser, "input[name=password]").send_keys(PASSWORD)
    find(browser, "form button[type=submit], form input[type=submit]").click()
    wait(browser, lambda d: "new-event" in d.current_url)
    wait(browser, lambda d: find(d, "body").get_attribute("data-ready") == "1")
    find(browser, "#f-name").send_keys("周五晚掼蛋" if lang == "zh-hans" else "Friday Guandan")
    find(browser, "#f-slug").send_keys(slug)
    shot(browser, f"desk-{lang}-new-event", DESK)
    click(browser, "#save-event")
    wait(browser, lambda d: d.current_url.endswith(f"/desk/events/{slug}/organiser/"))
    wait(browser, lambda d: find(d, "#f-name").get_attribute("value"))
    assert wait(
        browser, lambda d: find(d, '[data-default-for="time_limit_minutes"]').text
    )  # the profile's value
    shot(browser, f"desk-{lang}-event", DESK)

    # Registration: a dry run shows the bad row on its row; the good file goes in.
    ready(browser, f"{site}/desk/events/{slug}/organiser/registration/")
    find(browser, "#import-file").send_keys(csv_file(tmp_path, 24, bad=7))
    click(browser, "#import-check")
    wait(browser, lambda d: find(d, '#import-errors tr[data-row="7"]'))
    shot(browser, f"desk-{lang}-import-errors", DESK)
    find(browser, "#import-file").clear()
    find(browser, "#import-file").send_keys(csv_file(tmp_path, 24))
    click(browser, "#import-check")
    wait(browser, lambda d: find(d, "#import-message .done"))
    assert not find(browser, "#pairs tbody").find_elements("css selector", "tr")  # a dry run imports nothing
    click(browser, "#import-go")
    wait(browser, lambda d: len(d.find_elements("css selector", "#pairs tbody tr")) == 24)
    shot(browser, f"desk-{lang}-registration", DESK)

    # Round 1: make it, check in (pair 23 late, 24 absent), draw, publish.
    ready(browser, f"{site}/desk/events/{slug}/organiser/rounds/")
    click(browser, "#round-new")
    wait(browser, lambda d: find(d, "#round-pick").get_attribute("value") == "1")
    ready(browser, f"{site}/desk/events/{slug}/organiser/check-in/")
    wait(browser, lambda d: len(d.find_elements("css selector", "#checkin tbody tr")) == 24)
    for number in range(1, 25):
        mark = "absent" if number == 24 else "late" if number == 23 else "present"
        click(browser, f'#checkin tr[data-pair="{number}"] button[data-mark="{mark}"]')
        wait(
            browser,
            lambda d, n=number, m=mark: (
                find(d, f'#checkin tr[data-pair="{n}"]').get_attribute("data-status") == m
            ),
        )
    shot(browser, f"desk-{lang}-check-in", DESK)
    rounds_for(browser, site, slug, client, lang, first=True)
    for _ in (2, 3):
        click(browser, "#round-new")
        rounds_for(browser, site, slug, client, lang, first=False)

    # Publish the standings and print them; the printed standings are the API's.
    ready(browser, f"{site}/desk/events/{slug}/organiser/board/")
    click(browser, "#publish-standings")
    wait(browser, lambda d: find(d, "#board-message .done"))
    api_rows = client.get(f"/api/v1/events/{slug}/standings/").json()["rows"]
    assert len(api_rows) == 24
    browser.get(f"{site}/e/{slug}/print/standings")
    page = browser.page_source
    for row in api_rows[:5]:
        assert row["pair"]["name"] in page
    shot(browser, f"desk-{lang}-print-standings", DESK)
    absent = next(row for row in api_rows if row["pair"]["number"] == 24)
    assert absent["played"] == 2  # left out of round 1 only (absent at its check-in)
    assert sum(row["played"] for row in api_rows) == 24 * 3 - 1  # pair 24 missed round 1 (a bye counts)


def rounds_for(driver, site, slug, client, lang, *, first: bool) -> None:
    """Draw and publish the newest round, watch its board while the tables play, settle the disputed
    table, close the round."""
    if not first:
        wait(driver, lambda d: find(d, "#do-draw").is_enabled())
    else:
        ready(driver, f"{site}/desk/events/{slug}/organiser/rounds/")
    number = int(wait(driver, lambda d: find(d, "#round-pick").get_attribute("value")))
    click(driver, "#do-draw")
    wait(driver, lambda d: len(d.find_elements("css selector", "#pairings tbody tr")) >= 12)
    if first:
        drawn = driver.find_elements("css selector", "#pairings tbody tr")
        assert len(drawn) == 12  # 23 pairs: 11 tables and a bye; pair 24 left out
        shot(driver, f"desk-{lang}-draw", DESK)
    # G11: the figures beside the words, as the API's …/explain gives them
    figures = client.get(f"/api/v1/events/{slug}/rounds/{number}/explain").json()
    wait(driver, lambda d: d.find_elements("css selector", "#pairings tbody [data-group]"))
    shown = sorted(
        int(n.get_attribute("data-group"))
        for n in driver.find_elements("css selector", "#pairings [data-group]")
    )
    assert shown == sorted(p["group"] for t in figures["tables"] for p in t["pairs"])
    floats = driver.find_elements("css selector", "#pairings [data-float]")
    assert len(floats) == sum(1 for t in figures["tables"] if t["float_groups"])
    if not first:
        assert len(figures["groups"]) > 1 and find(driver, "#score-groups").text
        shot(driver, f"desk-{lang}-draw-r{number}", DESK)
    click(driver, "#do-publish")
    wait(driver, lambda d: find(d, "#round-state").get_attribute("data-status") == "published")
    ready(driver, f"{site}/desk/events/{slug}/organiser/board/")
    wait(driver, lambda d: d.find_elements("css selector", "#board tbody tr"))
    wait(driver, lambda d: find(d, "#board-clock").text)  # the round's clock above its tables
    matches = list(
        Match.objects.filter(round__event__slug=slug, round__number=number, ew_pair__isnull=False).order_by(
            "table"
        )
    )
    disputed = matches[0]
    for match in matches:
        play(client, match, dispute=match.pk == disputed.pk)
        if match.pk == disputed.pk:  # the board follows without a reload
            wait(
                driver,
                lambda d, t=match.table: (
                    find(d, f'#board tr[data-table="{t}"]').get_attribute("data-status") == "disputed"
                ),
            )
            shot(driver, f"desk-{lang}-board-r{number}", TABLET if lang == "zh-hans" else DESK)
    if first:  # found by a pair's number: the one table where it plays
        pair = disputed.ew_pair.number
        find(driver, "#board-search").send_keys(str(pair))
        expected = sorted({str(disputed.table)} | ({str(pair)} if pair <= len(matches) + 1 else set()))
        wait(
            driver,
            lambda d: (
                sorted(
                    r.get_attribute("data-table") for r in d.find_elements("css selector", "#board tbody tr")
                )
                == expected
            ),
        )
        find(driver, "#board-search").clear()
        find(driver, "#board-search").send_keys(" ")  # an empty search: the board's pages again
        wait(driver, lambda d: len(d.find_elements("css selector", "#board tbody tr")) == 12)
    click(driver, f'#board tr[data-table="{disputed.table}"] button[data-open]')
    wait(driver, lambda d: d.find_elements("css selector", '#table-detail td[data-version="1"] button'))
    claims = driver.find_elements("css selector", '#table-detail th[data-version][data-status="disputed"]')
    assert len(claims) == 2  # both versions of the dispute, side by side
    if first:
        shot(driver, f"desk-{lang}-table-detail", DESK)
    click(driver, '#table-detail td[data-version="1"] button')
    wait(
        driver,
        lambda d: (
            find(d, f'#board tr[data-table="{disputed.table}"]').get_attribute("data-status") == "confirmed"
        ),
        20,
    )
    ready(driver, f"{site}/desk/events/{slug}/organiser/rounds/")
    wait(driver, lambda d: find(d, "#round-pick").get_attribute("value") == str(number))
    click(driver, "#do-close")
    wait(driver, lambda d: find(d, "#round-state").get_attribute("data-status") == "closed")
