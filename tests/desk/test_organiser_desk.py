"""The organiser's desk pages (issue 34, docs/desk.md): each opens for the event's organizers (as
the API's ``event.organizer``; the check-in for the chief referee too), in both languages, with the
sections in the navigation; other roles get the desk's 403, people without a role its 404."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory
from tests.tournaments.conftest import grant
from tournaments.models import Role

pytestmark = pytest.mark.django_db
PAGES = ["", "staff/", "registration/", "check-in/", "rounds/", "board/"]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize(("lang", "word"), [("en", "Round board"), ("zh-hans", "轮次看板")])
def test_every_organiser_page_opens_for_an_organizer_in_both_languages(page, lang, word):
    event = EventFactory()
    response = logged_in(grant(event, Role.ORGANIZER)).get(
        f"/desk/events/{event.slug}/organiser/{page}?lang={lang}"
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert word in body  # the navigation's section, in the page's language
    assert 'id="org-config"' in body and "desk/organiser.js" in body


@pytest.mark.parametrize("page", PAGES)
def test_a_referee_gets_the_desks_403(page):
    event = EventFactory()
    response = logged_in(grant(event, Role.REFEREE)).get(f"/desk/events/{event.slug}/organiser/{page}")
    assert response.status_code == 403


def test_the_chief_referee_opens_the_check_in_and_not_the_rounds():
    event = EventFactory()
    chief = logged_in(grant(event, Role.CHIEF_REFEREE))
    assert chief.get(f"/desk/events/{event.slug}/organiser/check-in/").status_code == 200
    assert chief.get(f"/desk/events/{event.slug}/organiser/rounds/").status_code == 403


def test_someone_without_a_role_gets_the_desks_404():
    event = EventFactory()
    other = grant(EventFactory(), Role.ORGANIZER)
    assert logged_in(other).get(f"/desk/events/{event.slug}/organiser/").status_code == 404


def test_the_event_page_explains_each_field_and_leaves_a_place_for_the_profiles_default():
    event = EventFactory()
    body = (
        logged_in(grant(event, Role.ORGANIZER)).get(f"/desk/events/{event.slug}/organiser/").content.decode()
    )
    assert 'data-field="time_limit_minutes"' in body and 'data-default-for="time_limit_minutes"' in body
    assert "the round clock counts it down" in body


def test_the_new_event_page_opens_for_any_account():
    user = grant(EventFactory(), Role.REFEREE)
    body = logged_in(user).get("/desk/new-event/").content.decode()
    assert 'data-new="1"' in body
