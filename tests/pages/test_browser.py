"""The pages in headless Chromium (Debian's chromium and chromium-driver, driven by Selenium):
pairings and standings against the API's JSON, the language switch by keyboard, the big screen
following a result confirmed through the API without a reload, a score sheet printed, and
screenshots at phone and desktop widths in var/screenshots/ for a person to look at.

Without chromium and chromedriver the tests skip locally; in CI (``CI`` set) they fail, as the
Redis tests do (tests/conftest.py).
"""

from __future__ import annotations

import base64
import os
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages.conftest import API, SLUG, api, number, seed
from tournaments.models import Match

pytestmark = pytest.mark.e2e
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"
PHONE, DESKTOP = (360, 800), (1280, 900)


def _binaries() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="module")
def chrome():
    found = _binaries()
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI needs chromium and chromedriver (.ci/run installs them)")
        pytest.skip("no chromium / chromedriver installed")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_argument("--lang=en-GB")
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-GB,en"})
    driver = webdriver.Chrome(service=Service(executable_path=found[1]), options=options)
    driver.set_page_load_timeout(30)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


@pytest.fixture
def site(transactional_db, live_server, chrome):
    seed()
    chrome.delete_all_cookies()
    return live_server.url


def shot(driver, name: str, size: tuple[int, int]) -> None:
    driver.set_window_size(*size)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(size[0], min(max(height, size[1]), 4000))
    assert driver.save_screenshot(str(SCREENSHOTS / f"{name}-{size[0]}.png"))
    driver.set_window_size(*size)


def cells(driver, selector: str, attribute: str) -> list[str]:
    return [e.get_attribute(attribute) for e in driver.find_elements("css selector", selector)]


def test_event_pages_show_the_apis_pairings_and_standings_and_switch_language(site, chrome):
    from selenium.webdriver.common.keys import Keys

    chrome.set_window_size(*DESKTOP)
    chrome.get(f"{site}/e/{SLUG}/")
    assert chrome.find_element("css selector", "h1").text == "Demo Guandan Open 掼蛋公开赛"
    shot(chrome, "event", DESKTOP)
    chrome.find_element("link text", "Pairings").click()
    matches = api(f"/events/{SLUG}/matches/?round=1")["results"]
    assert cells(chrome, "tr[data-table]", "data-ns") == [str(m["ns_pair"]["number"]) for m in matches]
    assert cells(chrome, "tr[data-table]", "data-ew") == [str(m["ew_pair"]["number"]) for m in matches]
    shot(chrome, "pairings", PHONE)
    # A 360 px phone: nothing wider than the screen but the tables' own scrolling regions.
    assert chrome.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]

    chrome.get(f"{site}/e/{SLUG}/standings/")
    table = api(f"/events/{SLUG}/standings/")
    assert cells(chrome, "tr[data-pair]", "data-pair") == [str(r["pair"]["number"]) for r in table["rows"]]
    first = chrome.find_element("css selector", "tr[data-pair]")
    assert first.find_element("css selector", 'td[data-key="match_points"]').text == number(
        table["rows"][0]["match_points"]
    )
    shot(chrome, "standings", DESKTOP)
    shot(chrome, "standings", PHONE)

    # The language switch by keyboard: focus the Chinese entry and press Enter.
    link = chrome.find_element("css selector", 'a[data-lang="zh-hans"]')
    chrome.execute_script("arguments[0].focus()", link)
    chrome.switch_to.active_element.send_keys(Keys.ENTER)
    assert chrome.find_element("css selector", "html").get_attribute("lang") == "zh-Hans"
    assert chrome.find_element("css selector", "h1").text == "对子排名"
    chrome.get(f"{site}/e/{SLUG}/")  # the choice is kept
    assert chrome.find_element("css selector", "html").get_attribute("lang") == "zh-Hans"
    shot(chrome, "event-zh", PHONE)


def test_the_big_screen_follows_a_confirmed_result_without_a_reload(site, chrome):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    chrome.set_window_size(*DESKTOP)
    chrome.get(f"{site}/e/{SLUG}/screen/")
    chrome.execute_script("window.notReloaded = true")
    before = chrome.find_element("css selector", ".live").get_attribute("data-version")
    assert (
        chrome.find_element("css selector", 'tr[data-table="5"] td.outcome').get_attribute("data-status")
        == "scheduled"
    )
    shot(chrome, "screen", DESKTOP)

    organiser = APIClient()
    organiser.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    match = Match.objects.get(round__event__slug=SLUG, round__number=1, table=5)
    body = {"levels": {"NS": "A+", "EW": "10"}, "deals_played": 9, "confirm": True}
    assert organiser.post(f"{API}/matches/{match.pk}/result", body, format="json").status_code in (200, 201)

    # The screen swaps its rows (and the .live element) when it updates: an element found just
    # before the swap is stale when read, and is looked for again at the next poll.
    WebDriverWait(
        chrome, 15, poll_frequency=0.25, ignored_exceptions=(StaleElementReferenceException,)
    ).until(lambda d: d.find_element("css selector", ".live").get_attribute("data-version") != before)
    assert chrome.execute_script("return window.notReloaded") is True

    def outcome(d):
        cell = d.find_element("css selector", 'tr[data-table="5"] td.outcome')
        return (cell.get_attribute("data-status"), cell.get_attribute("textContent").strip())

    assert WebDriverWait(chrome, 5, ignored_exceptions=(StaleElementReferenceException,)).until(outcome) == (
        "confirmed",
        "A+ : 10",
    )
    table = api(f"/events/{SLUG}/standings/")
    assert cells(chrome, "tr[data-pair]", "data-pair") == [str(r["pair"]["number"]) for r in table["rows"]]
    winner = next(r for r in table["rows"] if r["pair"]["number"] == match.ns_pair.number)
    assert winner["wins"] == 1


def test_a_score_sheet_prints_on_a4(site, chrome):
    chrome.set_window_size(*DESKTOP)
    chrome.get(f"{site}/e/{SLUG}/print/rounds/1/scoresheets")
    header = chrome.find_element("css selector", "header.site")
    assert header.is_displayed()
    chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not header.is_displayed()
        assert not chrome.find_element("css selector", ".print-button").is_displayed()
        sheet = chrome.find_element("css selector", "article.sheet")
        assert sheet.value_of_css_property("break-after") == "page"
        assert len(sheet.find_elements("css selector", "table.level-sheet tbody tr")) == 24
        shot(chrome, "scoresheet-print", (794, 1123))  # A4 at 96 dpi
    finally:
        chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    pdf = chrome.execute_cdp_cmd(
        "Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": True}
    )
    data = base64.b64decode(pdf["data"])
    assert data.startswith(b"%PDF")
    (SCREENSHOTS / "scoresheets.pdf").write_bytes(data)


# A row, as the browser lays it out: displayed or not, and its box.
ROWS = """
return Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (row) {
  var box = row.getBoundingClientRect();
  return {shown: getComputedStyle(row).display !== "none", bottom: box.bottom, right: box.right};
});
"""
WIDTHS = """
return {page: document.documentElement.scrollWidth, view: window.innerWidth,
        regions: Array.prototype.map.call(document.querySelectorAll(".scroll"),
                                          function (r) { return [r.scrollWidth, r.clientWidth]; })};
"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_the_big_screen_shows_whole_pages_of_rows_on_a_projector_that_cannot_scroll(site, chrome, size):
    chrome.set_window_size(*size)
    chrome.get(f"{site}/e/{SLUG}/screen/")
    view = chrome.execute_script("return [window.innerWidth, window.innerHeight]")
    assert chrome.execute_script("return document.documentElement.scrollWidth") <= view[0]
    for table in ("table.pairings", "table.standings"):
        rows = chrome.execute_script(ROWS, f"{table} tbody tr")
        shown = [row for row in rows if row["shown"]]
        assert shown, table
        assert all(row["bottom"] <= view[1] and row["right"] <= view[0] for row in shown), (table, shown)
        pages = -(-len(rows) // len(shown))
        label = chrome.find_element("css selector", f"{table} .page-of").get_attribute("textContent")
        assert label == (f"1 / {pages}" if pages > 1 else "")
    # No menu and no language buttons; the event's name large.
    assert not [e for e in chrome.find_elements("css selector", "nav, .lang-switch") if e.is_displayed()]
    title = chrome.find_element("css selector", "h1")
    assert title.text == "Demo Guandan Open 掼蛋公开赛"
    body_size = float(chrome.find_element("css selector", "body").value_of_css_property("font-size")[:-2])
    assert float(title.value_of_css_property("font-size")[:-2]) >= 1.8 * body_size
    shot(chrome, "screen-fit", size)


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_results_standings_and_score_sheets_read_without_sideways_scrolling_on_a_phone(site, chrome, lang):
    chrome.set_window_size(*PHONE)
    for path in ("standings/", "rounds/1/results/", "print/rounds/1/scoresheets"):
        chrome.get(f"{site}/e/{SLUG}/{path}?lang={lang}")
        widths = chrome.execute_script(WIDTHS)
        assert widths["page"] <= widths["view"], (path, widths)
        assert all(scroll <= client for scroll, client in widths["regions"]), (path, widths)
        shot(chrome, f"phone-{path.replace('/', '-').strip('-')}-{lang}", PHONE)


def test_a_phone_reads_a_units_short_name_in_the_standings(site, chrome):
    chrome.set_window_size(*PHONE)
    chrome.get(f"{site}/e/{SLUG}/standings/")
    row = chrome.find_element("css selector", "tr[data-pair]")
    assert row.find_element("css selector", ".unit-short").is_displayed()
    assert not row.find_element("css selector", ".unit-full").is_displayed()
    assert not [c for c in row.find_elements("css selector", "td.tiebreak, td.record") if c.is_displayed()]
    chrome.set_window_size(*DESKTOP)
    assert row.find_element("css selector", ".unit-full").is_displayed()
    assert not row.find_element("css selector", ".unit-short").is_displayed()
