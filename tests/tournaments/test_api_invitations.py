"""Invitations to a role (docs/events.md "Invitations"): an organizer makes a one-time link; the
invitee opens it in a browser (``/desk/invite/{key}/``), makes their account with a password of
their own and holds the role. A link expires, is good once and may be revoked; a person changes
their own password (``POST /me/password``, the desk's page)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.tournaments.conftest import (
    EventFactory,
    assert_problem,
    client_for,
    field_errors,
    new_user,
    role_client,
)
from tournaments.models import EventRole, Invitation, Role

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-Passw0rd"


def invite(event, client=None, **body):
    client = client or role_client(event, Role.ORGANIZER)
    return client.post(
        f"/api/v1/events/{event.slug}/invitations/", {"role": "referee", **body}, format="json"
    )


def accept(key: str, username: str = "wang.referee", password: str = PASSWORD, again: str | None = None):
    client = Client()
    response = client.post(
        f"/desk/invite/{key}/",
        {"username": username, "password": password, "password_again": password if again is None else again},
    )
    return client, response


def test_an_invitation_answers_its_one_time_link_once():
    event = EventFactory()
    response = invite(event, name="Wang (referee)", hours=24)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["url"] == f"http://testserver/desk/invite/{body['key']}/"
    assert (body["role"], body["state"], body["name"]) == ("referee", "pending", "Wang (referee)")
    listed = role_client(event, Role.ORGANIZER).get(f"/api/v1/events/{event.slug}/invitations/").json()
    assert "key" not in listed["results"][0] and "url" not in listed["results"][0]


def test_only_the_keys_hash_is_stored():
    event = EventFactory()
    key = invite(event).json()["key"]
    assert key not in Invitation.objects.get().key_hash


def test_the_invitee_makes_an_account_with_their_password_and_holds_the_role():
    event = EventFactory()
    key = invite(event, role="scorekeeper", tables=[3, 1]).json()["key"]
    client, response = accept(key)
    assert response.status_code == 302 and response["Location"] == "/desk/"
    user = get_user_model().objects.get(username="wang.referee")
    assert user.check_password(PASSWORD)
    assert list(EventRole.objects.filter(user=user).values_list("role", "tables")) == [
        ("scorekeeper", [1, 3])
    ]
    assert client.get("/desk/").status_code == 200  # logged in
    assert Invitation.objects.get().state() == "used"


def test_a_link_is_good_once():
    event = EventFactory()
    key = invite(event).json()["key"]
    accept(key)
    _, again = accept(key, username="someone.else")
    assert again.status_code == 410 and b'data-state="used"' in again.content
    assert not get_user_model().objects.filter(username="someone.else").exists()


def test_an_expired_link_makes_nothing():
    event = EventFactory()
    key = invite(event).json()["key"]
    Invitation.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    _, response = accept(key)
    assert response.status_code == 410 and b'data-state="expired"' in response.content
    assert not get_user_model().objects.filter(username="wang.referee").exists()


def test_a_revoked_link_makes_nothing():
    event = EventFactory()
    organizer = role_client(event, Role.ORGANIZER)
    created = invite(event, organizer).json()
    revoked = organizer.post(f"/api/v1/events/{event.slug}/invitations/{created['id']}/revoke")
    assert revoked.status_code == 200 and revoked.json()["state"] == "revoked"
    _, response = accept(created["key"])
    assert response.status_code == 410 and b'data-state="revoked"' in response.content
    again = organizer.post(f"/api/v1/events/{event.slug}/invitations/{created['id']}/revoke")
    assert_problem(again, 409, "invitation_revoked")


def test_an_unknown_link_is_a_404_page():
    _, response = accept("not-a-key")
    assert response.status_code == 404 and b'data-state="unknown"' in response.content


def test_a_weak_password_is_refused_on_its_field_and_nothing_is_made():
    event = EventFactory()
    key = invite(event).json()["key"]
    _, response = accept(key, password="short")
    assert response.status_code == 400 and b'id="password-error"' in response.content
    assert Invitation.objects.get().state() == "pending"
    assert not get_user_model().objects.filter(username="wang.referee").exists()


def test_two_different_passwords_are_refused():
    event = EventFactory()
    _, response = accept(invite(event).json()["key"], again="another-long-Passw0rd")
    assert response.status_code == 400 and b'id="password_again-error"' in response.content


def test_a_taken_username_is_refused():
    event = EventFactory()
    new_user("taken")
    taken = get_user_model().objects.get(username__startswith="taken").username
    _, response = accept(invite(event).json()["key"], username=taken.upper())
    assert response.status_code == 400 and b'id="username-error"' in response.content


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_only_an_organizer_invites(role):
    event = EventFactory()
    assert_problem(invite(event, role_client(event, role)), 403, "permission_denied")
    assert role_client(event, role).get(f"/api/v1/events/{event.slug}/invitations/").status_code == 403


@pytest.mark.parametrize(
    ("body", "field"), [({"role": "king"}, "role"), ({"hours": 0}, "hours"), ({"tables": [0]}, "tables.0")]
)
def test_a_bad_invitation_is_a_400_on_its_field(body, field):
    event = EventFactory()
    response = invite(event, **body)
    assert response.status_code == 400 and field in field_errors(response)


def test_a_person_changes_their_own_password():
    user = new_user("org")
    user.set_password(PASSWORD)
    user.save()
    response = client_for(user).post(
        "/api/v1/me/password",
        {"old_password": PASSWORD, "new_password": "another-long-Passw0rd"},
        format="json",
    )
    assert response.status_code == 204
    user.refresh_from_db()
    assert user.check_password("another-long-Passw0rd")


def test_a_password_change_needs_the_current_password():
    user = new_user("org")
    user.set_password(PASSWORD)
    user.save()
    response = client_for(user).post(
        "/api/v1/me/password",
        {"old_password": "wrong", "new_password": "another-long-Passw0rd"},
        format="json",
    )
    assert_problem(response, 400, "wrong_password")


def test_a_weak_new_password_is_refused():
    user = new_user("org")
    user.set_password(PASSWORD)
    user.save()
    response = client_for(user).post(
        "/api/v1/me/password", {"old_password": PASSWORD, "new_password": "123"}, format="json"
    )
    assert_problem(response, 400, "password_invalid")


def test_the_desk_page_changes_the_password_and_keeps_the_person_logged_in():
    user = new_user("org")
    user.set_password(PASSWORD)
    user.save()
    client = Client()
    client.force_login(user)
    new = "another-long-Passw0rd"
    response = client.post(
        "/desk/password/", {"old_password": PASSWORD, "new_password": new, "new_password_again": new}
    )
    assert response.status_code == 200 and b'class="done"' in response.content
    assert client.get("/desk/").status_code == 200
