"""The referee's desk pages (issue 34, docs/desk.md): who opens them — the API's roles — and what
the page hands its script (the event, whether the chief referee's forms are shown, its strings)."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from engine.registry import referee_game
from tests.factories import EventFactory
from tests.tournaments.conftest import grant, new_user
from tournaments.models import Role

pytestmark = pytest.mark.django_db


def page(user, url: str):
    client = Client()
    client.force_login(user)
    return client.get(url)


def texts(response) -> dict:
    found = re.search(
        r'<script id="desk-text" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert found
    return json.loads(found.group(1))


@pytest.mark.parametrize("role", [Role.REFEREE, Role.CHIEF_REFEREE, Role.ORGANIZER])
def test_the_referees_queue_opens_for_the_roles_of_the_apis_referee_permission(role):
    event = EventFactory()
    response = page(grant(event, role), f"/desk/events/{event.slug}/referee/")
    assert response.status_code == 200
    assert f'data-event="{event.slug}"' in response.content.decode()


def test_a_scorekeeper_is_refused_the_referees_desk_and_an_outsider_does_not_see_the_event():
    event = EventFactory()
    assert page(grant(event, Role.SCOREKEEPER), f"/desk/events/{event.slug}/referee/").status_code == 403
    assert page(new_user("outsider"), f"/desk/events/{event.slug}/referee/").status_code == 404


def test_the_chief_referees_review_is_for_the_chief_referee_and_organizers_only():
    event = EventFactory()
    url = f"/desk/events/{event.slug}/referee/chief/"
    assert page(grant(event, Role.REFEREE), url).status_code == 403
    response = page(grant(event, Role.CHIEF_REFEREE), url)
    assert response.status_code == 200 and 'data-chief="true"' in response.content.decode()


def test_a_referee_sees_the_queue_in_the_nav_but_not_the_chief_referees_review():
    event = EventFactory()
    html = page(grant(event, Role.REFEREE), f"/desk/events/{event.slug}/referee/").content.decode()
    assert 'data-section="referee-queue"' in html and 'data-section="referee-chief"' not in html
    assert 'data-chief="false"' in html


def test_the_landing_links_a_chief_referee_to_both_referee_views():
    event = EventFactory()
    html = page(grant(event, Role.CHIEF_REFEREE), "/desk/").content.decode()
    assert (
        f"/desk/events/{event.slug}/referee/" in html and f"/desk/events/{event.slug}/referee/chief/" in html
    )


def test_the_queues_words_are_in_the_pages_language():
    event = EventFactory()
    user = grant(event, Role.REFEREE)
    english = texts(page(user, f"/desk/events/{event.slug}/referee/?lang=en"))
    chinese = texts(page(user, f"/desk/events/{event.slug}/referee/?lang=zh-hans"))
    assert english["kinds"]["match_awarded"] == "Match awarded"
    assert chinese["kinds"]["match_awarded"] != "Match awarded"
    assert set(english["kinds"]) == set(chinese["kinds"])


def question(response) -> dict:
    found = re.search(
        r'<script id="desk-question" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert found
    return json.loads(found.group(1))


def test_g2_the_questions_page_marks_guandans_heart_level_card_wild_at_each_level():
    event = EventFactory()
    asked = question(page(grant(event, Role.REFEREE), f"/desk/events/{event.slug}/referee/questions/"))
    assert asked["game"] == "guandan" and asked["tributes"] is True and asked["bidding"] is False
    levels = {level["code"]: level["wilds"] for level in asked["levels"]}
    assert levels["2"] == ["H2"] and levels["A"] == ["HA"]
    kinds = {member["name"]: member["kind"] for member in asked["play"]}
    assert kinds == {"level": "level", "cards": "cards", "previous": "cards"}
    assert len(asked["cards"]) == 54


@pytest.mark.parametrize(
    ("game", "members", "wild", "bidding"),
    [
        ("daguai", {"cards": "cards", "previous": "cards"}, ["BJ", "RJ"], False),
        ("doudizhu4", {"cards": "cards", "previous": "cards"}, [], True),
        (
            "shuangkou",
            {
                "cards": "cards",
                "hand": "cards",
                "trick": "plays",
                "level": "level",
                "trump": "text",
                "others": "cards",
            },
            [],
            False,
        ),
    ],
)
def test_every_game_gets_its_own_play_question_form_from_its_wire(game, members, wild, bidding):
    event = EventFactory(game=game, ruleset="")
    event.ruleset = referee_game(game).default_profile
    event.save()
    asked = question(page(grant(event, Role.REFEREE), f"/desk/events/{event.slug}/referee/questions/"))
    assert {member["name"]: member["kind"] for member in asked["play"]} == members
    assert asked["levels"][0]["wilds"] == wild
    assert asked["bidding"] is bidding and asked["tributes"] is False


def test_the_questions_page_is_for_the_events_referees():
    event = EventFactory()
    url = f"/desk/events/{event.slug}/referee/questions/"
    assert page(grant(event, Role.SCOREKEEPER), url).status_code == 403
