"""The pages of a duplicate event (docs/duplicate.md "Pages"), in both languages: a round's
travellers with the hand records once the round is closed, the staff's deal slips (each seat's
cards as players sort them), and the big screen's running percentages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.duplicate.dealing import generate, sorted_hand
from tests.scoring.test_duplicate_event import EVENT, SLUG, Duplicate, check

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    event = Duplicate(pairs=8, rounds=1)
    matches = event.draw(1)
    event.play(1, matches)
    return event


def _cards(html: str, seat: str, board: int) -> list[str]:
    block = re.search(rf'data-board="{board}" data-seat="{seat}">(.*?)</section>', html, re.S)
    assert block, (board, seat)
    return re.findall(r'data-card="(\w+)"', block.group(1))


def test_the_travellers_page_shows_every_table_and_hides_the_hands_until_closed(played):
    page = Client().get(f"/e/{SLUG}/rounds/1/deals/?lang=en")
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('class="traveller"') == 4 and html.count("data-ns-percent=") == 16
    assert "The hands are shown once the round is closed." in html and "hand-record" not in html
    played.close(1)
    html = Client().get(f"/e/{SLUG}/rounds/1/deals/?lang=zh-hans").content.decode()
    assert html.count('class="hand-record"') == 4 and "首出" in html and "第 1 副成绩单" in html


def test_the_results_page_links_the_travellers(played):
    html = Client().get(f"/e/{SLUG}/rounds/1/results/?lang=en").content.decode()
    assert f"/e/{SLUG}/rounds/1/deals/" in html


def test_deal_slips_are_the_staffs_and_sorted_as_players_sort(played):
    assert Client().get(f"/e/{SLUG}/print/deal-sets/{played.deal_set['id']}/slips").status_code == 404
    staff = Client()
    staff.force_login(played.organizer.user)
    html = staff.get(f"/e/{SLUG}/print/deal-sets/{played.deal_set['id']}/slips?lang=en").content.decode()
    assert html.count('class="slip"') == 4 * 4
    deal = generate(2026, 3)[2]  # deal 3 of the set
    assert _cards(html, "E", 3) == sorted_hand(deal.hands[deal.leader.__class__("E")], 2)


def test_the_big_screen_shows_the_running_percentages_in_both_languages(played):
    rows = check(Client().get(f"{EVENT}/duplicate/standings/"))["rows"]
    for lang, title in (("en", "Running percentages"), ("zh-hans", "实时百分比")):
        html = Client().get(f"/e/{SLUG}/screen/duplicate?lang={lang}").content.decode()
        assert title in html
        assert html.index(f'data-pair="{rows[0]["pair"]["number"]}"') < html.index(
            f'data-pair="{rows[-1]["pair"]["number"]}"'
        )
