"""``GET /api/v1/me/``: who a credential is, so an app needs no username typed in (docs/api.md
"Authentication and permissions")."""

from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import EventFactory
from tests.tournaments.conftest import assert_problem, client_for, grant, new_user, table_client
from tournaments.models import Role

ME = "/api/v1/me/"


def test_an_account_learns_its_username_and_its_roles_event_by_event(event):
    other = EventFactory(published=True)
    user = grant(event, Role.SCOREKEEPER, tables=[2, 5])
    grant(other, Role.REFEREE, user=user)
    body = client_for(user).get(ME).json()
    assert body["username"] == user.username
    assert body["superuser"] is False and body["table"] is None
    expected = [
        {"event": event.slug, "role": "scorekeeper", "tables": [2, 5]},
        {"event": other.slug, "role": "referee", "tables": []},
    ]
    assert sorted(body["roles"], key=lambda role: role["event"]) == sorted(expected, key=lambda r: r["event"])


def test_a_bearer_token_is_the_same_account(db):
    user = new_user("bearer")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {Token.objects.create(user=user).key}")
    assert client.get(ME).json()["username"] == user.username


def test_a_superuser_says_so(db):
    body = client_for(new_user("root", is_superuser=True)).get(ME).json()
    assert (body["superuser"], body["roles"]) == (True, [])


def test_a_table_token_is_its_table_without_an_account(event):
    body = table_client(event, 3).get(ME).json()
    table = {"event": event.slug, "table": 3}
    assert body == {"username": None, "superuser": False, "roles": [], "table": table}


def test_without_a_credential_it_is_a_401(db):
    assert_problem(APIClient().get(ME), 401, "not_authenticated")


def test_an_unknown_token_is_a_401(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nosuchkey")
    assert_problem(client.get(ME), 401, "invalid_token")
