"""Logging in to the pages (docs/pages.md "Printing"): ``/accounts/login/`` is Django's login view,
for any account with a password, so an event's organiser who is not staff prints its table cards."""

from __future__ import annotations

import io
import re

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.pages.conftest import SLUG
from tournaments.models import EventRole, Role

CARDS = f"/e/{SLUG}/print/table-cards"
LOGIN = "/accounts/login/"


def organiser(event, username: str = "organiser", password: str = "a long pass phrase") -> str:
    """An organiser made as the docs say: ``manage.py apitoken`` (no staff, no password), then a
    password (what ``manage.py changepassword`` sets); returns the user name."""
    call_command("apitoken", username, stdout=io.StringIO(), stderr=io.StringIO())
    user = get_user_model().objects.get(username=username)
    user.set_password(password)
    user.save()
    EventRole.objects.create(event=event, user=user, role=Role.ORGANIZER)
    return username


def log_in(client: Client, username: str, password: str, next_page: str = ""):
    """The login form as a browser sends it: its CSRF token read from the page first."""
    form = client.get(LOGIN, {"next": next_page} if next_page else {})
    assert form.status_code == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.content.decode()).group(1)
    body = {"username": username, "password": password, "next": next_page, "csrfmiddlewaretoken": token}
    return client.post(LOGIN, body)


def test_an_anonymous_visitor_of_the_table_cards_is_sent_to_a_login_page_that_exists(demo):
    response = Client().get(CARDS)
    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next=/e/{SLUG}/print/table-cards"
    page = Client().get(response["Location"])
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    body = page.content.decode()
    assert 'name="password"' in body and f'name="next" value="/e/{SLUG}/print/table-cards"' in body


def test_a_non_staff_organiser_logs_in_with_a_password_and_prints_the_events_cards(demo):
    username = organiser(demo)
    assert not get_user_model().objects.get(username=username).is_staff
    client = Client(enforce_csrf_checks=True)
    response = log_in(client, username, "a long pass phrase", next_page=CARDS)
    assert response.status_code == 302 and response["Location"] == CARDS
    cards = client.get(CARDS)
    assert cards.status_code == 200
    assert 'class="card" data-table="1"' in cards.content.decode()


def test_a_wrong_password_is_refused_on_the_login_page(demo):
    username = organiser(demo)
    client = Client(enforce_csrf_checks=True)
    response = log_in(client, username, "not the password", next_page=CARDS)
    assert response.status_code == 200
    assert "The user name or password is not right." in response.content.decode()
    assert client.get(CARDS).status_code == 302


def test_the_login_page_says_who_is_logged_in_and_logs_out(demo):
    username = organiser(demo)
    client = Client(enforce_csrf_checks=True)
    assert log_in(client, username, "a long pass phrase").status_code == 302
    page = client.get(LOGIN).content.decode()
    assert f"You are logged in as {username}." in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert client.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert client.get(CARDS).status_code == 302


def test_the_login_page_is_in_chinese_on_request(demo):
    body = Client().get(LOGIN, HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert '<html lang="zh-Hans">' in body and "登录" in body
