"""The pair cards (docs/pages.md "Printing", docs/scoring.md "One phone at the table"): each active
pair's number, players and the PIN with which it confirms, on the table's one phone, a result the
other side entered. Only the people the API shows the PINs to see them: the event's organisers and
chief referee, logged in."""

from __future__ import annotations

import re

from django.test import Client
from rest_framework.test import APIClient

from tests.pages.conftest import SLUG
from tournaments.models import EventRole, PairStatus, Role

CARDS = f"/e/{SLUG}/print/pair-cards"


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def printed_pins(body: str) -> dict[int, str]:
    found = re.findall(r'data-pair="(\d+)".*?data-pin>(\d{6})<', body, re.S)
    return {int(number): pin for number, pin in found}


def test_an_anonymous_visitor_of_the_pair_cards_is_sent_to_the_login_page(demo):
    response = Client().get(CARDS)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={CARDS}"


def test_the_pair_cards_are_not_for_a_referee_or_an_outsider(demo, make_user):
    referee = make_user("referee")
    EventRole.objects.create(event=demo, user=referee, role=Role.REFEREE)
    assert logged_in(referee).get(CARDS).status_code == 404
    assert logged_in(make_user("outsider")).get(CARDS).status_code == 404


def test_an_organiser_prints_every_active_pairs_pin_as_the_api_shows_it(demo):
    organiser = demo.roles.get(role=Role.ORGANIZER).user
    withdrawn = demo.pairs.order_by("number").last()
    withdrawn.status = PairStatus.WITHDRAWN
    withdrawn.save()
    response = logged_in(organiser).get(CARDS)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    api = APIClient()
    api.force_authenticate(organiser)
    rows = api.get(f"/api/v1/events/{SLUG}/pairs/", {"page_size": 500}).json()["results"]
    expected = {row["number"]: row["confirm_pin"] for row in rows if row["status"] == "active"}
    assert printed_pins(response.content.decode()) == expected
    assert withdrawn.number not in expected


def test_the_chief_referee_prints_the_pair_cards_in_chinese(demo, make_user):
    chief = make_user("chief")
    EventRole.objects.create(event=demo, user=chief, role=Role.CHIEF_REFEREE)
    body = logged_in(chief).get(CARDS, HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    first = demo.pairs.order_by("number").first()
    assert f"{first.number}号对" in body and "确认码" in body
