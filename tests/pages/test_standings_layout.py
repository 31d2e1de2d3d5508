"""The standings page laid out by headless Chromium (G10, docs/pages.md "The standings page",
"Printing"): at 1280 px and on A4 paper, an event with a long tiebreak chain and a long unit name
shows every column, "Decided by" last, inside the page, and a unit's name wraps by words, never one
character a line; in both languages. Screenshots (and the printed PDF) go to var/screenshots/.

Issue 35 item 8: the English page at 1280 px wrapped units one character a line and pushed
"Decided by" off the right edge; the printed A4 standings clipped that column.
"""

from __future__ import annotations

import base64
import re

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.pages import test_browser
from tests.pages.conftest import API, SLUG
from tests.pages.test_browser import DESKTOP, SCREENSHOTS, shot
from tournaments.models import Unit

pytestmark = pytest.mark.e2e
# The browser and the live demo site of tests/pages/test_browser.py.
chrome, site = test_browser.chrome, test_browser.site

#: A long chain (G10) with lots settling the rest: eight tiebreak columns besides match points.
CHAIN = [
    "level_points",
    "net_level_points",
    "head_to_head",
    "opponents_points",
    "opponents_points_cut1",
    "sonneborn_berger",
    "progressive",
]
LONG_UNIT = "Harbour Office Workers' Club 港务局职工俱乐部"
#: A4 turned sideways (print-standings.css) less its 12 mm margins, in CSS pixels (96 to the inch).
A4_WIDTH, A4_HEIGHT = round((297 - 24) / 25.4 * 96), round((210 - 24) / 25.4 * 96)

MEDIA_BOX = re.compile(rb"/MediaBox \[([0-9. ]+)\]")

# The table's layout: the region that scrolls it, the "Decided by" header and cells, and how many
# lines each unit cell's name takes (an inline span has one client rect a line).
LAYOUT = """
var table = document.querySelector("table.standings"), region = table.closest(".scroll");
var edge = Math.min(window.innerWidth, region.getBoundingClientRect().right);
function right(e) { return e.getBoundingClientRect().right; }
return {
  view: window.innerWidth, page: document.documentElement.scrollWidth, edge: edge,
  region: [region.scrollWidth, region.clientWidth],
  decided: [right(table.querySelector("th.col-decided"))].concat(
    Array.prototype.map.call(table.querySelectorAll("td.decided-by"), right)),
  shown: getComputedStyle(table.querySelector("th.col-decided")).display !== "none",
  unitLines: Array.prototype.map.call(table.querySelectorAll("td.pair-unit .unit-full"),
    function (s) { return s.getClientRects().length; }),
  headerLines: Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
    var range = document.createRange(); range.selectNodeContents(th);
    var tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (r) { tops[Math.round(r.top)] = 1; });
    return [th.textContent, Object.keys(tops).length]; }),
};
"""


@pytest.fixture
def long_chain(site):
    """The demo event with the long chain, lots instead of shared places, and a long unit name."""
    organiser = APIClient()
    organiser.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user__username='demo').key}")
    body = {"tiebreaks": CHAIN, "shared_places": False}
    response = organiser.patch(f"{API}/events/{SLUG}/", body, format="json")
    assert response.status_code == 200, response.json()
    unit = Unit.objects.get(event__slug=SLUG, short_name="港务")
    unit.name = LONG_UNIT
    unit.save()  # as the API's edit saves it: the standings' version moves
    return site


def assert_fits(layout: dict) -> None:
    assert layout["shown"]
    assert layout["page"] <= layout["view"], layout
    assert layout["region"][0] <= layout["region"][1], layout  # nothing to scroll to
    assert all(right <= layout["edge"] + 0.5 for right in layout["decided"]), layout
    # A unit's name wraps between words (at most 3 lines for the long one), never a character a line.
    assert layout["unitLines"] and max(layout["unitLines"]) <= 3, layout
    assert all(lines <= 3 for _, lines in layout["headerLines"]), layout["headerLines"]


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_g10_the_standings_show_every_column_and_decided_by_at_1280_px(
    long_chain,
    chrome,
    lang,
):
    chrome.set_window_size(*DESKTOP)
    chrome.get(f"{long_chain}/e/{SLUG}/standings/?lang={lang}")
    headers = [th.text for th in chrome.find_elements("css selector", "table.standings thead th")]
    # rank, pair, name, unit; match points, the chain, lots; played, won, drawn, lost; decided by
    assert len(headers) == 4 + 1 + len(CHAIN) + 1 + 4 + 1
    shot(chrome, f"standings-long-chain-{lang}", DESKTOP)
    assert_fits(chrome.execute_script(LAYOUT))


@pytest.mark.parametrize("lang", ["en", "zh-hans"])
def test_g10_the_printed_a4_standings_keep_the_decided_by_column(
    long_chain,
    chrome,
    lang,
):
    """Print media on a viewport as wide as A4's printable width (186 mm): the whole table fits,
    and Chromium prints it to an A4 PDF."""
    chrome.get(f"{long_chain}/e/{SLUG}/print/standings?lang={lang}")
    chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    chrome.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": A4_WIDTH, "height": A4_HEIGHT, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        assert chrome.save_screenshot(str(SCREENSHOTS / f"standings-print-{lang}-a4.png"))
        layout = chrome.execute_script(LAYOUT)
        assert layout["view"] == A4_WIDTH
        assert_fits(layout)
    finally:
        chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    pdf = chrome.execute_cdp_cmd(
        "Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": True}
    )
    data = base64.b64decode(pdf["data"])
    assert data.startswith(b"%PDF")
    (SCREENSHOTS / f"standings-{lang}.pdf").write_bytes(data)
    # Every page is A4 turned sideways: 842 × 595 points.
    boxes = {tuple(round(float(n)) for n in box.split()) for box in MEDIA_BOX.findall(data)}
    assert boxes == {(0, 0, 842, 595)}, boxes
