"""The series' qualifiers page in headless Chromium (issue 35 defect 1; docs/series.md "Pages"): a
member 2nd of week 1 with one partner and winner of week 2 with another goes on once, and the page
says who was passed over and why, in English and in Chinese, on a phone and a laptop. Screenshots
in var/screenshots/series-qualifiers-*.png."""

from __future__ import annotations

import pytest

from tests.factories import ClubFactory, EventFactory
from tests.pages.test_browser import chrome, shot  # noqa: F401 - the browser fixture
from tests.seasons.conftest import link, members, played, series_of
from tournaments.models import EventStatus

pytestmark = pytest.mark.e2e


@pytest.fixture
def league(transactional_db, live_server, chrome):  # noqa: F811 - the fixture imported above
    club = ClubFactory(slug="tea", name="Tea House")
    (a, b), (c, _), d, e = members(club, 4)
    first, _ = played(club, [d, [a, b], e], slug="week-1")
    second, _ = played(club, [[a, c], e], slug="week-2")
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="final", name="The Final")
    series = series_of(club, [first, second, final], slug="league")
    link(series, first, final, 2)
    link(series, second, final, 1)
    chrome.delete_all_cookies()
    return {"site": live_server.url, "a": a, "b": b, "c": c, "e": e}


@pytest.mark.parametrize(
    ("lang", "heading", "size"),
    [
        ("en", "Passed over", (1280, 900)),
        ("zh-hans", "未晋级", (390, 844)),
        ("en", "Passed over", (390, 844)),
    ],
)
def test_g11_the_qualifiers_page_says_who_was_passed_over_and_why(
    league,
    chrome,  # noqa: F811 - the fixture imported above
    lang,
    heading,
    size,
):
    a, c = league["a"], league["c"]
    chrome.set_window_size(*size)
    chrome.get(f"{league['site']}/s/league/qualifiers/?lang={lang}")
    section = chrome.find_element("css selector", "section.final")
    seeds = [row.text for row in section.find_elements("css selector", "table.qualifiers tbody th")]
    assert seeds[1] == f"{a.name} & {c.name}"  # week 2's winners, seed 2
    assert f"{a.name} & {league['b'].name}" not in seeds  # A once, with the better placed pair
    assert section.find_element("css selector", "h3").text == heading
    (passed,) = section.find_elements("css selector", ".passed-over li")
    assert f"{a.name} & {league['b'].name}" in passed.text and "week-2" in passed.text
    width = chrome.execute_script("return document.documentElement.scrollWidth")
    assert width <= size[0]  # no sideways scrolling, on a phone too
    shot(chrome, f"series-qualifiers-{lang}", size)
