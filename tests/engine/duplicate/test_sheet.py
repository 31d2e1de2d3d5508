"""The duplicate table's scoresheet (engine/duplicate/sheet.py; docs/duplicate.md "At the table")."""

from __future__ import annotations

import pytest

from engine.duplicate.dealing import generate
from engine.duplicate.profiles import STANDARD, DuplicateProfile
from engine.duplicate.sheet import SHEET, Dealt
from engine.errors import BadInput, RuleViolation
from engine.registry import get_game
from engine.seats import Side


def _dealt(number=1, level=2):
    spec = generate(77, 1, first=number, level=level)[0]
    return Dealt.of(
        number=spec.number, hands=spec.to_dict()["hands"], level=spec.level, leader=str(spec.leader)
    )


def test_the_game_is_registered_with_its_sheet():
    assert get_game("guandan_duplicate").match_sheet is SHEET


def test_a_deal_is_scored_by_its_finishing_order_alone():
    state = SHEET.start(STANDARD)
    played = SHEET.play({"finishing_order": ["E", "W"]}, state=state, profile=STANDARD)
    assert played.record["points"] == {"NS": 0, "EW": 3}
    assert played.state.ew_points == 3 and played.state.deals == 1


def test_a_table_ends_after_the_rounds_deals():
    profile = DuplicateProfile(deals_per_round=2)
    state = SHEET.start(profile)
    for order in (["N", "S"], ["E", "N", "W"]):
        state = SHEET.play({"finishing_order": order}, state=state, profile=profile).state
    totals = SHEET.totals(state)
    assert (totals.winner, totals.ns_points, totals.ew_points, totals.end_reason) == (
        Side.NS,
        3,
        2,
        "deals_played",
    )
    with pytest.raises(BadInput) as over:
        SHEET.play({"finishing_order": ["N", "S"]}, state=state, profile=profile)
    assert over.value.code == "match_over"


def test_the_sets_deal_gives_the_hands_level_and_leader():
    dealt = _dealt(3, level=9)
    posted = SHEET.with_dealt(SHEET.read({"finishing_order": ["N", "S"]}), dealt)
    record = SHEET.record(posted, state=SHEET.start(STANDARD), profile=STANDARD)
    assert record["board"] == 3 and record["level"] == "9" and record["leader"] == str(dealt.leader)
    assert record["hands"] is None  # the set's deal holds them: not copied to every table's record


def test_a_deal_with_plays_keeps_the_sets_hands_in_its_record():
    dealt = _dealt()
    card = dealt.hands[dealt.leader][0].code
    posted = SHEET.with_dealt(SHEET.read({"plays": [{"seat": str(dealt.leader), "cards": [card]}]}), dealt)
    with pytest.raises(RuleViolation):  # one play does not finish the deal; the hands were the set's
        SHEET.record(posted, state=SHEET.start(STANDARD), profile=STANDARD)


def test_the_fixed_level_variant_plays_every_deal_at_one_level():
    profile = DuplicateProfile(level_rule="fixed", fixed_level=5)
    posted = SHEET.with_dealt(SHEET.read({"finishing_order": ["N", "S"]}), _dealt(1, level=9))
    assert SHEET.record(posted, state=SHEET.start(profile), profile=profile)["level"] == "5"


def test_posted_hands_must_be_the_sets():
    dealt = _dealt()
    other = generate(78, 1)[0].to_dict()["hands"]
    posted = SHEET.with_dealt(SHEET.read({"finishing_order": ["N", "S"], "hands": other}), dealt)
    with pytest.raises(RuleViolation) as refused:
        SHEET.record(posted, state=SHEET.start(STANDARD), profile=STANDARD)
    assert refused.value.code == "not_the_sets_hand" and refused.value.field == "hands.N"


def test_another_board_than_the_tables_is_refused():
    with pytest.raises(RuleViolation) as refused:
        SHEET.with_dealt(SHEET.read({"finishing_order": ["N", "S"], "board": 4}), _dealt(3))
    assert refused.value.code == "wrong_board"


def test_g5_plays_are_replayed_from_the_sets_hands():
    dealt = _dealt()
    leader = str(dealt.leader)
    card = dealt.hands[dealt.leader][0].code
    # A card the leader does not hold (one the next seat holds that the leader lacks) is refused.
    held = {c.code for c in dealt.hands[dealt.leader]}
    missing = next(c.code for seat, cards in dealt.hands.items() for c in cards if c.code not in held)
    posted = SHEET.with_dealt(SHEET.read({"plays": [{"seat": leader, "cards": [missing]}]}), dealt)
    with pytest.raises(RuleViolation) as refused:
        SHEET.record(posted, state=SHEET.start(STANDARD), profile=STANDARD)
    assert refused.value.code == "card_not_in_hand" and refused.value.field == "plays.0"
    posted = SHEET.with_dealt(SHEET.read({"plays": [{"seat": leader, "cards": [card]}]}), dealt)
    with pytest.raises(RuleViolation) as unfinished:
        SHEET.record(posted, state=SHEET.start(STANDARD), profile=STANDARD)
    assert unfinished.value.code == "deal_not_finished"


def test_an_unknown_field_is_refused():
    with pytest.raises(BadInput) as refused:
        SHEET.read({"finishing_order": ["N", "S"], "tribute": {}})
    assert refused.value.code == "unknown_field"


def test_the_state_round_trips_through_its_json():
    state = SHEET.play({"finishing_order": ["N", "S"]}, state=SHEET.start(STANDARD), profile=STANDARD).state
    assert SHEET.load_state(SHEET.dump_state(state), profile=STANDARD) == state


def test_every_table_plays_the_rounds_deals_in_order_and_rotating_boxes_move():
    from engine.duplicate.movement import board_of

    assert [board_of(movement="every_table", table=3, k=k, first=9, count=4) for k in (1, 2, 3, 4)] == [
        9,
        10,
        11,
        12,
    ]
    assert [board_of(movement="rotating", table=3, k=k, first=9, count=4) for k in (1, 2, 3, 4)] == [
        11,
        12,
        9,
        10,
    ]
    with pytest.raises(BadInput) as refused:
        board_of(movement="every_table", table=1, k=5, first=1, count=4)
    assert refused.value.code == "unknown_deal"
