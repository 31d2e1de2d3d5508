"""The table app's page and service worker (docs/table-app.md "How it is built"): one page for every
table, its strings in both languages as data, a strict Content-Security-Policy, no inline script."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from scoring.table.strings import STRINGS
from tests.pages.conftest import SLUG
from tournaments.models import TableToken

pytestmark = pytest.mark.django_db


def test_the_app_is_one_page_with_a_strict_content_security_policy():
    response = Client().get("/t/")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy
    assert "unsafe-inline" not in policy and "http" not in policy  # no third-party origin
    assert response["Referrer-Policy"] == "no-referrer"


def test_the_page_holds_no_inline_script():
    body = Client().get("/t/").content.decode()
    for tag in re.findall(r"<script[^>]*>", body):
        assert 'src="' in tag or 'type="application/json"' in tag, tag


def _data(body: str, name: str) -> dict:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', body, re.S)
    assert found, name
    return json.loads(found.group(1))


def test_every_string_comes_in_chinese_and_english():
    strings = _data(Client().get("/t/").content.decode(), "strings")
    assert set(strings) == {"zh-hans", "en"}
    assert set(strings["zh-hans"]) == set(strings["en"]) == set(STRINGS)
    assert strings["zh-hans"]["leave"] == "退出本桌" and strings["en"]["leave"] == "Leave this table"
    untranslated = [
        k for k, v in strings["zh-hans"].items() if v == strings["en"][k] and v.isascii() and v.strip("—")
    ]
    assert untranslated == ["switch_to_en"]  # a language is named in itself


def test_the_app_polls_no_more_often_than_every_three_seconds(settings):
    config = _data(Client().get("/t/").content.decode(), "config")
    assert config["poll_seconds"] >= 3


def test_the_service_worker_keeps_the_apps_files_under_its_scope():
    response = Client().get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/t/"
    body = response.content.decode()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", body).group(1))
    assert files[0] == "/t/" and all(Client().get(path).status_code == 200 for path in files[1:])


def test_the_table_cards_warn_when_they_point_at_this_computer_alone(demo, settings):
    organiser = Client()
    organiser.force_login(demo.roles.get().user)
    path = f"/e/{SLUG}/print/table-cards"
    organiser.post(path)
    assert 'id="loopback-warning"' not in organiser.get(path).content.decode()  # testserver
    settings.PUBLIC_URL = "http://127.0.0.1:8000"
    body = organiser.get(path).content.decode()
    assert 'id="loopback-warning"' in body
    key = TableToken.objects.filter(event=demo, revoked_at__isnull=True).first().key
    assert f"http://127.0.0.1:8000/t/#table_token={key}" not in body  # in the QR code only, not as text
    settings.PUBLIC_URL = "http://192.168.1.10:8000"
    assert 'id="loopback-warning"' not in organiser.get(path).content.decode()
