"""The round board's table (issue 34, docs/desk.md "The round board"), in headless Chromium, in both
languages: a table in play shows its level line (记级: both levels after every deal) and the
organiser voids a deal with a reason; the API then holds the deals before it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.desk.test_checkin_browser import log_in
from tests.desk.test_organiser_browser import DESK, PASSWORD, click, find, ready, wait
from tests.pages import test_browser
from tests.tournaments.conftest import EventFactory, StageFactory, grant, make_pairs
from tournaments.models import Match, Round, TableToken
from tournaments.services.rounds import round_draw, round_publish


def open_on_board(browser, live_server, event, match, lang: str):
    """An organiser of ``event`` logs in to the desk's round board in ``lang`` and opens ``match``'s
    table; the organiser's account is returned."""
    user = grant(event, "organizer")
    user.set_password(PASSWORD)
    user.save()
    browser.delete_all_cookies()
    browser.set_window_size(*DESK)
    page = f"/desk/events/{event.slug}/organiser/board/?lang={lang}"
    log_in(browser, live_server.url, user, page.replace("?", "%3F").replace("=", "%3D"))
    wait(browser, lambda d: "board" in d.current_url)
    ready(browser, f"{live_server.url}{page}")
    click(browser, f'#board tr[data-table="{match.table}"] button[data-open]')
    return user


browser = test_browser.chrome

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(("lang", "deal"), [("en", "Deal"), ("zh-hans", "副")])
def test_an_organiser_voids_a_deal_from_the_board_with_a_reason(
    transactional_db, live_server, browser, lang, deal
):
    event = EventFactory(published=True, slug=f"board-{lang}")
    make_pairs(event, 4)
    round_ = Round.objects.create(event=event, stage=StageFactory(event=event), number=1)
    round_publish(round_=round_draw(round_=round_, seed=1))
    match = Match.objects.filter(round=round_).order_by("table").first()
    table = APIClient()
    key = TableToken.objects.create(event=event, table=match.table).key
    table.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    for number in (1, 2, 3):
        body = {"number": number, "finishing_order": ["N", "S"]}
        assert table.post(f"/api/v1/matches/{match.pk}/deals/", body, format="json").status_code == 201
    open_on_board(browser, live_server, event, match, lang)
    line = wait(browser, lambda d: d.find_elements("css selector", "#table-detail table.grid tbody tr"))
    assert len(line) == 3  # three deals: three entries of the level line
    assert deal in find(browser, "#table-detail table.grid thead").text
    assert [cell.text for cell in line[0].find_elements("css selector", "td")][1:] == ["5", "2"]
    voids = browser.find_elements("css selector", "#table-detail .actions button.danger")
    assert len(voids) == 3
    voids[2].click()
    alert = wait(browser, lambda d: d.switch_to.alert)
    alert.send_keys("Wrong finishing order")
    alert.accept()
    wait(browser, lambda d: len(d.find_elements("css selector", "#table-detail table.grid tbody tr")) == 2)
    kept = APIClient()
    kept.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    deals = kept.get(f"/api/v1/matches/{match.pk}/deals/").json()
    listed = deals["results"] if isinstance(deals, dict) else deals
    assert [d["number"] for d in listed] == [1, 2]
