"""The rules printed at the foot of a Guandan score sheet (scoring/pages/printing.py) follow the event's
``a_goal`` (docs/rules/guandan.md G6): an event won by reaching A does not print "A must be played"."""

from __future__ import annotations

from tests.pages.test_pages import html


def test_g6_a_pass_a_event_prints_passing_a_and_the_a_failures(demo):
    body = html("print/rounds/1/scoresheets")
    assert "Play until a side passes A (计局制)." in body
    assert "The first side to reach A wins the game" not in body


def test_g6_a_reach_a_event_prints_that_reaching_a_wins_in_both_languages(demo):
    demo.rule_overrides = {**(demo.rule_overrides or {}), "a_goal": "reach_a"}
    demo.save()
    body = html("print/rounds/1/scoresheets")
    assert "The first side to reach A wins the game; it need not pass A (不必打通)." in body
    assert "A must be played" not in body and "passes A" not in body
    chinese = html("print/rounds/1/scoresheets", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert "率先打到A的一方获胜，不必打过A（不必打通）。" in chinese
