"""The rules summary at the foot of a score sheet is read from the event's effective rule profile
(docs/rules/guandan.md G5-G8, docs/pages.md "Printing"): the paper says what the server enforces."""

from __future__ import annotations

import re
from html import unescape

from django.test import Client

from tests.pages.test_sheet_results_pages import event_with_a_match
from tournaments.changes import changed


def summary(event, *, ruleset: str | None = None, overrides: dict | None = None, **headers) -> list[str]:
    """The rules summary of the first score sheet, with the event's ruleset and overrides set."""
    if ruleset is not None:
        event.ruleset = ruleset
    event.rule_overrides = overrides or {}
    event.save()
    changed(event)  # the test writes the event: it says so, as a service does (tournaments.changes)
    response = Client().get(f"/e/{event.slug}/print/rounds/1/scoresheets", **headers)
    assert response.status_code == 200, response.content[:300]
    section = re.search(r'<section class="rules".*?<ul>(.*?)</ul>', response.content.decode(), re.S)
    assert section is not None
    return [unescape(item) for item in re.findall(r"<li>(.*?)</li>", section.group(1))]


def test_g6_the_sheet_names_every_mandatory_level_of_the_profile(demo):
    lines = summary(demo, ruleset="guandan-seed-000")
    assert any(line.startswith("J, A must be played") for line in lines)
    assert not any(line.startswith("A must be played") for line in lines)


def test_g6_a_profile_with_only_a_mandatory_says_a_must_be_played(demo):
    lines = summary(demo, ruleset="guandan-standard")
    assert "A must be played: a rise that would pass A stops at A." in lines
    assert not any("J, A" in line for line in lines)


def test_g6_an_override_of_the_mandatory_levels_is_on_the_sheet(demo):
    lines = summary(demo, ruleset="guandan-standard", overrides={"mandatory_levels": ["10", "A"]})
    assert any(line.startswith("10, A must be played") for line in lines)


def test_g6_the_sheet_says_how_a_is_passed_and_how_often_it_may_fail(demo):
    lines = summary(demo, ruleset="guandan-seed-000")
    assert "A is passed only by a double win at A (1st and 2nd)." in lines
    assert "After 3 failures at A in a row the side goes back to J." in lines
    standard = summary(demo, ruleset="guandan-standard")
    assert "After 3 failures at A in all the side goes back to 2." in standard


def test_g6_a_profile_without_an_a_failure_limit_says_so(demo):
    lines = summary(demo, ruleset="guandan-seed-001")
    assert "A side that fails at A plays A again, with no limit." in lines
    assert not any("goes back to" in line for line in lines)


def test_g5_g7_jie_feng_the_return_and_streaks_follow_the_profile(demo):
    company = summary(demo, ruleset="guandan-seed-001")
    assert "A player who goes out and whose last play all pass: the next seat leads (借风)." in company
    assert "Each receiver returns a card; to a partner, one below the level card." in company
    assert any(line.startswith("Streaks count") for line in company)
    standard = summary(demo, ruleset="guandan-standard")
    assert "A player who goes out and whose last play all pass: the partner leads (接风)." in standard
    assert "Each receiver returns a card of 10 or below." in standard
    assert not any(line.startswith("Streaks count") for line in standard)


def test_g6_in_chinese_the_mandatory_levels_are_listed_with_the_enumeration_comma(demo):
    lines = summary(demo, ruleset="guandan-seed-000", HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert any(line.startswith("J、A") for line in lines), lines


def test_s8_a_shuangkou_sheet_says_10_j_and_k_cannot_be_skipped_and_the_j_rule(db):
    event = event_with_a_match("shuangkou").round.event
    lines = summary(event)
    assert (
        "10, J, K cannot be skipped: a rise stops there until the side wins a deal played at it as the "
        "dealer side." in lines
    )
    assert any(line.startswith("The dealer side at J goes back to 2") for line in lines)
    bottom = "The bottom counts for attackers who win the last trick: singles ×2, pairs ×4, 6, 8,"
    assert any(line.startswith(bottom) and "×2·n²" in line for line in lines)


def test_s8_a_shuangkou_sheet_follows_the_overrides(db):
    event = event_with_a_match("shuangkou").round.event
    lines = summary(event, overrides={"mandatory_levels": [14], "j_rule": False, "failed_throw_penalty": 10})
    assert any(line.startswith("A cannot be skipped") for line in lines)
    assert not any(line.startswith("The dealer side at J") for line in lines)
    assert "A refused throw costs 10 points (S5)." in lines
