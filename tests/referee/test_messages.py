"""The engine's code catalogue (referee/api/messages.py): every code has an English and a Chinese
message, and every code the engine raises is in the catalogue."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from engine.errors import InputCode
from referee.api.messages import CATALOGUE, MESSAGES

ROOT = Path(__file__).resolve().parents[2]
CODES = sorted({str(code) for enum in CATALOGUE for code in enum})


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_an_english_and_a_chinese_message(code):
    # The messages the problem bodies use: every app's, registered in its AppConfig.ready.
    from core.problems import ENGINE_MESSAGES

    assert code in ENGINE_MESSAGES, f"{code} has no message"
    with translation.override("en"):
        english = str(ENGINE_MESSAGES[code])
    with translation.override("zh-hans"):
        chinese = str(ENGINE_MESSAGES[code])
    assert english and chinese != english, f"{code} has no Chinese message"


def test_every_message_belongs_to_a_code_of_the_catalogue():
    assert set(MESSAGES) <= set(CODES)


def _bad_input_codes() -> set[str]:
    codes = set()
    for path in [*(ROOT / "referee").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "BadInput"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(node.args[0].value)
    return codes


def test_every_code_of_a_malformed_question_is_an_input_code():
    found = _bad_input_codes()
    assert found and found <= set(InputCode)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("setting", "code"), [({"report_threshold": 99}, "out_of_range"), ({"nope": 1}, "unknown_field")]
)
def test_rule_setting_errors_come_back_in_chinese(api_client, setting, code):
    response = api_client.post(
        "/api/v1/referee/plays/validate",
        {"cards": ["S3"], "level": "2", "rules": setting},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-Hans",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code
    with translation.override("zh-hans"):
        assert body["detail"] == str(MESSAGES[code])
