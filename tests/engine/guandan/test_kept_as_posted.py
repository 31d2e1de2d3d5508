"""A Guandan deal member kept as posted (``engine.guandan.posted.KEPT_AS_POSTED``, issue 36: a new
deal field is its name there and its serializer field) goes into the record, the deal's identity,
and is posted again when a correction derives the deal again."""

from __future__ import annotations

import pytest

from engine.guandan import posted, scoresheet
from engine.guandan.profiles import STANDARD

SHEET = scoresheet.SHEET


@pytest.fixture
def scorer_kept(monkeypatch):
    monkeypatch.setattr(posted, "KEPT_AS_POSTED", ("scorer",))
    monkeypatch.setattr(scoresheet, "KEPT_AS_POSTED", ("scorer",))


def test_a_kept_member_is_in_the_record_and_the_identity(scorer_kept):
    deal = {"finishing_order": ["N", "S"], "scorer": "Li"}
    played = SHEET.play(deal, state=SHEET.begin(STANDARD), profile=STANDARD)
    assert played.record["scorer"] == "Li"
    assert SHEET.identity(SHEET.read(deal))["scorer"] == "Li"


def test_a_kept_member_stays_when_the_deal_is_derived_again(scorer_kept):
    start = SHEET.begin(STANDARD)
    record = SHEET.play({"finishing_order": ["N", "S"], "scorer": "Li"}, state=start, profile=STANDARD).record
    assert SHEET.rederive(record, state=start, profile=STANDARD).record == record


def test_a_member_not_posted_leaves_the_record_as_it_was(scorer_kept):
    record = SHEET.play({"finishing_order": ["N", "S"]}, state=SHEET.begin(STANDARD), profile=STANDARD).record
    assert set(record) == set(scoresheet.RECORD_MEMBERS)


def test_a_kept_member_is_read_back_in_the_deals_answer(scorer_kept):
    record = SHEET.play(
        {"finishing_order": ["N", "S"], "scorer": "Li"}, state=SHEET.begin(STANDARD), profile=STANDARD
    ).record
    assert SHEET.deal_answer(record)["record"] == {"scorer": "Li"}


def test_a_deal_without_kept_members_answers_no_record(scorer_kept):
    record = SHEET.play({"finishing_order": ["N", "S"]}, state=SHEET.begin(STANDARD), profile=STANDARD).record
    assert SHEET.deal_answer(record)["record"] is None
