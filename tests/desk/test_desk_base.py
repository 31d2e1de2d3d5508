"""The desks' base (issue 34, docs/desk.md): Django's login at /accounts/login/ first, then the
landing page listing the events where the person holds a role, the sections their roles see, the
language switch (Chinese first) and logging out."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import EventFactory
from tests.tournaments.conftest import grant, new_user
from tournaments.models import Role

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_desk_page_sends_an_anonymous_visitor_to_the_login_and_back():
    response = Client().get("/desk/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=%2Fdesk%2F"


def test_the_login_brings_the_person_back_to_the_desk():
    user = new_user("ref")
    user.set_password("s3cret-pass")
    user.save()
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": user.username, "password": "s3cret-pass", "next": "/desk/"}
    )
    assert response.status_code == 302 and response["Location"] == "/desk/"
    assert client.get("/desk/").status_code == 200


def test_the_landing_lists_only_the_events_where_the_person_holds_a_role():
    mine, other = EventFactory(name="Club evening"), EventFactory(name="Someone else's")
    user = grant(mine, Role.REFEREE)
    grant(mine, Role.SCOREKEEPER, user=user)
    page = logged_in(user).get("/desk/").content.decode()
    assert f'data-event="{mine.slug}"' in page
    assert f'data-event="{other.slug}"' not in page
    assert 'data-role="referee"' in page and 'data-role="scorekeeper"' in page


def test_a_superuser_is_every_events_organizer_on_the_landing_as_in_the_api():
    event = EventFactory()
    root = new_user("root", is_superuser=True, is_staff=True)
    page = logged_in(root).get("/desk/").content.decode()
    assert f'data-event="{event.slug}"' in page and 'data-role="organizer"' in page


def test_a_person_without_roles_is_told_so():
    page = logged_in(new_user("nobody")).get("/desk/").content.decode()
    assert 'class="empty"' in page


def test_the_language_switch_puts_chinese_first_and_is_remembered():
    user = new_user("ref")
    client = logged_in(user)
    page = client.get("/desk/?lang=zh-hans")
    text = page.content.decode()
    assert '<html lang="zh-Hans">' in text
    assert text.index('data-lang="zh-hans"') < text.index('data-lang="en"')
    assert "退出登录" in text or "登出" in text  # the logout button, translated
    assert '<html lang="zh-Hans">' in client.get("/desk/").content.decode()  # the cookie keeps it
    assert '<html lang="en">' in client.get("/desk/?lang=en").content.decode()


def test_an_unknown_language_or_desk_address_is_the_desks_html_404():
    client = logged_in(new_user("ref"))
    for url in ("/desk/?lang=xx", "/desk/no/such/page/"):
        response = client.get(url)
        assert response.status_code == 404
        assert response["Content-Type"].startswith("text/html")


def test_desk_pages_are_never_kept_by_a_cache():
    response = logged_in(new_user("ref")).get("/desk/")
    assert "no-store" in response["Cache-Control"] or "no-cache" in response["Cache-Control"]
    assert "private" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]


def test_the_logout_button_posts_to_djangos_logout():
    client = logged_in(new_user("ref"))
    page = client.get("/desk/").content.decode()
    assert 'action="/accounts/logout/"' in page
    client.post("/accounts/logout/")
    assert client.get("/desk/").status_code == 302
