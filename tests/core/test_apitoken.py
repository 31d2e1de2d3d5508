from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("apitoken", *args, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


def test_apitoken_creates_missing_user_and_prints_token():
    key = _run("carol")
    user = get_user_model().objects.get(username="carol")
    assert Token.objects.get(user=user).key == key
    assert not user.is_superuser
    assert not user.has_usable_password()


def test_apitoken_is_stable_for_an_existing_user():
    assert _run("carol") == _run("carol")


def test_apitoken_superuser_flag():
    _run("root", "--superuser")
    user = get_user_model().objects.get(username="root")
    assert user.is_superuser and user.is_staff


def test_printed_token_authenticates(api_client):
    key = _run("dave")
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    response = api_client.post("/api/v1/health/", {})
    assert response.status_code == 405  # authenticated: past the 401, and health has no POST
