"""Anonymous users may only read; writes need a token (Token or Bearer)."""

import pytest
from rest_framework.authtoken.models import Token

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.core.views")]


def test_anonymous_may_read(api_client):
    response = api_client.get("/echo/")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_anonymous_may_not_write(api_client):
    assert api_client.post("/echo/", {"name": "a", "count": 1}, format="json").status_code == 401


@pytest.mark.parametrize("keyword", ["Token", "Bearer", "token", "bearer"])
def test_token_may_write_with_either_keyword(api_client, user, keyword):
    api_client.credentials(HTTP_AUTHORIZATION=f"{keyword} {Token.objects.create(user=user).key}")
    response = api_client.post("/echo/", {"name": "a", "count": 1}, format="json")
    assert response.status_code == 201
    assert response.json() == {"name": "a", "count": 1}


def test_inactive_user_token_is_refused(api_client, make_user):
    user = make_user("gone", is_active=False)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    assert api_client.get("/echo/").status_code == 401


def test_a_write_needs_a_token_even_when_the_view_declares_public_writes(api_client):
    from core.permissions import DeclaredPermission

    class View:
        write_permission = "public"

    class Request:
        method = "POST"

        class user:
            is_authenticated = False

    assert DeclaredPermission().has_permission(Request(), View()) is False


def test_a_token_with_a_nul_byte_is_refused_not_a_500(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token abc\x00def")
    assert api_client.get("/echo/").status_code == 401
