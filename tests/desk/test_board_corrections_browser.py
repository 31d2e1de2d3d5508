"""Correcting a table from the round board (issue 34, docs/desk.md "Correcting a table"), in headless
Chromium at 1280 px, in both languages: a played table's mistyped deal corrected through the game's
deal form (``GET …/deal-form?number=2``, ``PUT …/deals/2``) with a note, the desk's refusal of a
correction without a note and the API's refusal of a finishing order of one seat shown, the board's
level line then the API's (the deal after it re-derived, G6), and the result read again from the
corrected deals (a new version, official at once)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.desk.test_board_browser import open_on_board
from tests.desk.test_organiser_browser import DESK, click, find, shot, wait
from tests.pages import test_browser
from tests.tournaments.conftest import EventFactory, StageFactory, make_pairs
from tournaments.models import Match, Round, TableToken
from tournaments.services.rounds import round_draw, round_publish

browser = test_browser.chrome

pytestmark = pytest.mark.e2e


def line_cells(driver) -> list[list[str]]:
    rows = driver.find_elements("css selector", "#table-detail table.grid:not(.versions) tbody tr")
    return [[cell.text for cell in row.find_elements("css selector", "td")] for row in rows]


def api_line(client: APIClient, match: Match) -> list[list[str]]:
    state = client.get(f"/api/v1/matches/{match.pk}/").json()["state"]
    return [[str(entry["deal"]), entry["NS"], entry["EW"]] for entry in state["level_line"]]


@pytest.mark.parametrize(
    ("lang", "no_note", "from_deals", "note"),
    [
        ("en", "Write a note", "read from the deals", "E, N, W: E–W's 1–3, not a 1–2"),
        ("zh-hans", "请填写备注", "由各副牌", "东、北、西出完：东西是1–3，不是1–2"),
    ],
)
def test_g6_an_organiser_corrects_a_mistyped_deal_from_the_board_with_a_note(
    transactional_db, live_server, browser, lang, no_note, from_deals, note
):
    event = EventFactory(published=True, slug=f"fix-{lang}")
    make_pairs(event, 4)
    round_ = Round.objects.create(event=event, stage=StageFactory(event=event), number=1)
    round_publish(round_=round_draw(round_=round_, seed=1))
    match = Match.objects.filter(round=round_).order_by("table").first()
    table = APIClient()
    table.credentials(
        HTTP_AUTHORIZATION=f"Table {TableToken.objects.create(event=event, table=match.table).key}"
    )
    # Deal 2 was E–W's 1–3 (E, N, W): the phone took a 1–2. N–S then win out and pass A at deal 6.
    finishes = [["N", "S"], ["E", "W"], ["N", "S"], ["N", "S"], ["N", "S"], ["N", "S"]]
    for number, finish in enumerate(finishes, start=1):
        body = {"number": number, "finishing_order": finish}
        assert table.post(f"/api/v1/matches/{match.pk}/deals/", body, format="json").status_code == 201
    submitted = table.post(f"/api/v1/matches/{match.pk}/result", {"side": "NS"}, format="json")
    assert submitted.status_code == 201, submitted.json()
    user = open_on_board(browser, live_server, event, match, lang)
    wait(browser, lambda d: len(line_cells(d)) == 6)
    assert line_cells(browser)[1][1:] == ["5", "5"]
    assert from_deals in find(browser, "#result-source").text  # the result is the deals': the board says so

    click(browser, '#deal-corrections button[data-correct="2"]')
    form = wait(browser, lambda d: d.find_element("css selector", "#deal-correction"))
    assert form.get_attribute("data-deal") == "2"
    assert "2" in find(browser, "#deal-correction h4").text
    # The form starts from the deal as recorded (the game's form, drawn by the table app's renderer).
    assert find(browser, '#deal-correction .seat[data-seat="E"]').get_attribute("aria-pressed") == "true"
    seat_order = '#deal-correction [data-field="finishing_order"]'
    clear = browser.find_elements("css selector", f"{seat_order} .row button")[1]
    clear.click()
    click(browser, f'{seat_order} .seat[data-seat="E"]')
    # No note: the desk refuses before anything is sent.
    click(browser, "#deal-correction button[type=submit]")
    refusal = wait(browser, lambda d: d.find_element("css selector", "#deal-correction .problem"))
    assert no_note in refusal.text
    assert api_line(table, match)[1][1:] == ["5", "5"]
    # A note, but a finishing order of one seat: the API's refusal, in its own words.
    find(browser, "#deal-note").send_keys(note)
    click(browser, "#deal-correction button[type=submit]")
    refused = wait(  # the API's own words
        browser,
        lambda d: d.find_element("css selector", "#deal-correction .problem[data-code]:not([data-code=''])"),
    )
    assert refused.get_attribute("data-code") == "finishing_order_incomplete"  # G5.5
    shot(browser, f"organiser-deal-correction-{lang}", DESK)
    click(browser, f'{seat_order} .seat[data-seat="N"]')
    click(browser, f'{seat_order} .seat[data-seat="W"]')
    click(browser, "#deal-correction button[type=submit]")
    wait(browser, lambda d: d.find_element("css selector", "#table-detail .board-notice .done"))
    assert not browser.find_elements("css selector", "#deal-correction")
    # The board's level line is the API's: E–W at 4 from deal 2 on; deal 3, played at E–W's level,
    # re-derived from it (G6).
    wait(browser, lambda d: line_cells(d) == api_line(table, match))
    assert [row[2] for row in line_cells(browser)] == ["2", "4", "4", "4", "4", "4"]
    deal_2 = table.get(f"/api/v1/matches/{match.pk}/deals/2").json()
    assert (deal_2["version"], deal_2["note"]) == (2, note)
    shot(browser, f"organiser-deal-corrected-{lang}", DESK)

    # Then the result: read again from the corrected deals, with a note — a new version, official.
    notice = "#table-detail .board-notice .done"
    before = wait(browser, lambda d: d.find_element("css selector", notice).text)
    find(browser, "#correct-note").send_keys("Deal 2 corrected")
    click(browser, "#correct-form button[type=submit]")
    wait(browser, lambda d: d.find_element("css selector", notice).text not in ("", before))
    result = APIClient()
    result.force_authenticate(user)
    official = result.get(f"/api/v1/matches/{match.pk}/result").json()["official"]
    assert (official["version"], official["levels"]["EW"], official["note"]) == (2, "4", "Deal 2 corrected")


@pytest.mark.parametrize(("lang", "from_sheet"), [("en", "level sheet"), ("zh-hans", "记级单")])
def test_g8_a_level_sheets_result_is_corrected_on_the_board_as_its_final_levels(
    transactional_db, live_server, browser, lang, from_sheet
):
    """A table scored from its paper 记级 (``source: levels``): the board corrects the sheet's final
    levels with a note — a new version naming the one it corrects, official at once."""
    event = EventFactory(published=True, slug=f"sheet-{lang}")
    make_pairs(event, 4)
    round_ = Round.objects.create(event=event, stage=StageFactory(event=event), number=1)
    round_publish(round_=round_draw(round_=round_, seed=1))
    match = Match.objects.filter(round=round_).order_by("table").first()
    table = APIClient()
    table.credentials(
        HTTP_AUTHORIZATION=f"Table {TableToken.objects.create(event=event, table=match.table).key}"
    )
    sheet = {"side": "NS", "levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}
    submitted = table.post(f"/api/v1/matches/{match.pk}/result", sheet, format="json")
    assert submitted.status_code == 201, submitted.json()
    user = open_on_board(browser, live_server, event, match, lang)
    source = wait(browser, lambda d: d.find_element("css selector", "#result-source"))
    assert source.get_attribute("data-source") == "levels" and from_sheet in source.text
    assert find(browser, "#sheet-EW").get_attribute("value") == "Q"
    field = find(browser, "#sheet-EW")
    field.clear()
    field.send_keys("K")
    click(browser, "#correct-form button[type=submit]")  # no note: nothing is sent
    wait(browser, lambda d: d.find_element("css selector", "#correct-form .problem"))
    find(browser, "#correct-note").send_keys("EW level misread")
    click(browser, "#correct-form button[type=submit]")
    wait(browser, lambda d: d.find_element("css selector", "#table-detail .board-notice .done"))
    staff = APIClient()
    staff.force_authenticate(user)
    answer = staff.get(f"/api/v1/matches/{match.pk}/result").json()
    official = answer["official"]
    assert (official["version"], official["corrects"], official["source"]) == (2, 1, "levels")
    assert (official["levels"], official["note"]) == ({"NS": "A+", "EW": "K"}, "EW level misread")
