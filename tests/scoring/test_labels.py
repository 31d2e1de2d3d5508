"""Every key of the scoring registries has a translated label, and every scoring code a message."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.scoring.methods import METHODS
from engine.scoring.ranking import MATCH_POINTS, MATCH_POINTS_LABEL, METRICS
from scoring.labels import metric_label
from scoring.messages import MESSAGES
from tests.scoring.conftest import deals_url

LABELS = [
    MATCH_POINTS_LABEL,
    *(cls.label for cls in METRICS.values()),
    *(cls.label for cls in METHODS.values()),
]


@pytest.mark.parametrize("label", LABELS)
def test_every_tiebreak_and_method_label_has_a_chinese_translation(label):
    # The registries are pure Python: their labels are msgids marked with gettext_noop, which
    # ``make messages`` must have found.
    with translation.override("zh-hans"):
        assert translation.gettext(label) != label


def test_a_tiebreak_is_shown_with_its_class_label():
    with translation.override("en"):
        assert metric_label(MATCH_POINTS) == "Match points"
        assert [metric_label(key) for key in METRICS] == [cls.label for cls in METRICS.values()]


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_scoring_code_has_a_chinese_message(code):
    with translation.override("en"):
        english = str(MESSAGES[code])
    with translation.override("zh-hans"):
        assert str(MESSAGES[code]) != english, code


@pytest.mark.django_db
def test_a_scorekeeping_problem_is_in_chinese_on_request(play, keeper):
    response = keeper.post(
        deals_url(play["matches"][0]),
        {"number": 2, "finishing_order": ["N", "S"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="zh-hans",
    )
    body = response.json()
    assert (body["code"], body["detail"]) == ("deal_out_of_order", "这不是下一副牌的副号。")
    assert body["errors"][0]["message"] == "这不是下一副牌的副号。"
