"""A tribute as a scorekeeper records it (docs/rules/guandan.md G7):
engine/guandan/tribute_record.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.profiles import BUILTIN, STANDARD
from engine.guandan.tribute import TributeKind, validate_tributes
from engine.guandan.tribute_record import RecordCode, check_tribute_record
from engine.seats import Seat
from tests.engine.guandan.test_tribute import DECK, finishes, make_hands, profiles

LEVEL = 7
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
ONE_THREE = ["N", "W", "S", "E"]  # N 1st, partner S 3rd: E (4th) pays N
ONE_FOUR = ["N", "W", "E", "S"]  # partner S 4th pays N
ONE_TWO = ["N", "S"]  # E and W both pay; W is N's 下家 (counterclockwise)
CLOCKWISE = replace(STANDARD, turn_direction="clockwise")


def give(giver: str, receiver: str, card: str) -> dict[str, str]:
    return {"from": giver, "to": receiver, "card": card}


def show(*seats: str) -> list[dict[str, str]]:
    return [{"seat": seat, "card": "RJ"} for seat in seats]


def record(previous=ONE_THREE, tributes=(), returns=(), *, level=LEVEL, **kwargs):
    return check_tribute_record(
        level=level, previous_finishing_order=previous, tributes=tributes, returns=returns, **kwargs
    )


def problems(result) -> list[tuple[str, str]]:
    return [(str(problem.code), problem.field) for problem in result.problems]


SINGLE_OK = {"tributes": [give("E", "N", "SA")], "returns": [give("N", "E", "S3")]}
DOUBLE_OK = {
    "tributes": [give("E", "N", "BJ"), give("W", "S", "SA")],
    "returns": [give("N", "E", "S3"), give("S", "W", "D4")],
}


# ---- first deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("previous", [None, []])
def test_g7_record_first_deal_has_no_tribute(previous):
    result = record(previous)
    assert (result.kind, result.valid, result.leader, result.expected) == (TributeKind.NONE, True, None, ())


def test_g7_record_first_deal_tribute_and_return_are_unexpected():
    result = record(None, **SINGLE_OK)
    assert problems(result) == [("unexpected_tribute", "tributes[0]"), ("unexpected_return", "returns[0]")]


def test_g7_record_first_deal_anti_tribute_is_unexpected():
    assert problems(record(None, anti_tribute=show("E", "E"))) == [("unexpected_tribute", "anti_tribute")]


# ---- single tribute ------------------------------------------------------------------------------


def test_g7_record_single_tribute_1_3_valid():
    result = record(ONE_THREE, **SINGLE_OK)
    assert (result.kind, result.valid, result.expected) == (TributeKind.SINGLE, True, ((E, N),))
    assert result.hands_after is None  # no hands, nothing to show


def test_g7_record_single_tribute_1_4_own_partner_pays():
    result = record(ONE_FOUR, [give("S", "N", "SA")], [give("N", "S", "S3")])
    assert (result.valid, result.expected) == (True, ((S, N),))


def test_g7_record_single_tribute_leader_is_the_payer():
    assert record(ONE_THREE, **SINGLE_OK).leader is E


def test_g7_record_tribute_wrong_payer():
    result = record(ONE_THREE, [give("W", "N", "SA"), give("E", "N", "SK")], [give("N", "E", "S3")])
    assert problems(result) == [("tribute_wrong_payer", "tributes[0].from")]


def test_g7_record_duplicate_tribute():
    result = record(ONE_THREE, [give("E", "N", "SA"), give("E", "N", "DA")], [give("N", "E", "S3")])
    assert problems(result) == [("duplicate_tribute", "tributes[1]")]


def test_g7_record_wild_tributed():
    result = record(ONE_THREE, [give("E", "N", "H7")], [give("N", "E", "S3")])
    assert problems(result) == [("wild_tributed", "tributes[0].card")]


def test_g7_record_level_card_of_another_suit_may_be_tributed():
    assert record(ONE_THREE, [give("E", "N", "S7")], [give("N", "E", "S3")]).valid


def test_g7_record_single_tribute_wrong_receiver():
    result = record(ONE_THREE, [give("E", "S", "SA")], [give("N", "E", "S3")])
    assert problems(result) == [("tribute_wrong_receiver", "tributes[0].to")]


def test_g7_record_missing_tribute_and_return():
    assert problems(record(ONE_THREE)) == [("missing_tribute", "tributes"), ("missing_return", "returns")]


def test_g7_record_highest_card_is_not_checked_without_hands():
    assert record(ONE_THREE, [give("E", "N", "S2")], [give("N", "E", "S3")]).valid


# ---- double tribute ------------------------------------------------------------------------------


def test_g7_record_double_tribute_valid():
    result = record(ONE_TWO, **DOUBLE_OK)
    assert (result.kind, result.valid, result.expected) == (TributeKind.DOUBLE, True, ((E, N), (W, S)))


def test_g7_record_double_tribute_higher_card_must_go_to_first_seat():
    result = record(ONE_TWO, [give("E", "S", "BJ"), give("W", "N", "SA")])
    assert problems(result)[:2] == [
        ("tribute_wrong_receiver", "tributes[0].to"),
        ("tribute_wrong_receiver", "tributes[1].to"),
    ]


def test_g2_record_double_tribute_level_card_outranks_ace():
    result = record(
        ONE_TWO, [give("E", "S", "SA"), give("W", "N", "C7")], [give("N", "W", "S3"), give("S", "E", "D4")]
    )
    assert (result.valid, result.leader) == (True, W)


def test_g7_record_double_tribute_equal_cards_first_seat_takes_next_seats_card():
    result = record(
        ONE_TWO, [give("E", "S", "HA"), give("W", "N", "SA")], [give("N", "W", "S3"), give("S", "E", "D4")]
    )
    assert (result.valid, result.expected) == (True, ((W, N), (E, S)))


def test_g1_record_clockwise_double_tribute_equal_cards_first_seat_takes_next_seats_card():
    result = record(ONE_TWO, [give("E", "N", "HA"), give("W", "S", "SA")], profile=CLOCKWISE)
    assert result.expected == ((E, N), (W, S))
    assert ("tribute_wrong_receiver", "tributes[0].to") not in problems(result)


def test_g7_record_double_tribute_lead_higher_payer():
    assert record(ONE_TWO, **DOUBLE_OK).leader is E


def test_g7_record_double_tribute_lead_first_seat_next():
    profile = replace(STANDARD, double_tribute_lead="first_seat_next")
    assert record(ONE_TWO, **DOUBLE_OK, profile=profile).leader is W


def test_g7_record_double_tribute_equal_cards_leader_is_payer_to_first_seat():
    result = record(ONE_TWO, [give("E", "N", "HA"), give("W", "S", "SA")], profile=CLOCKWISE)
    assert result.leader is E


def test_g7_record_double_tribute_with_a_tribute_missing_has_no_pairing():
    result = record(ONE_TWO, [give("E", "S", "BJ")], [give("S", "E", "D4")])
    assert problems(result) == [("missing_tribute", "tributes"), ("missing_return", "returns")]
    assert (result.expected, result.leader) == ((), None)


def test_g7_record_double_tribute_to_a_loser_is_wrong_receiver_even_unpaired():
    result = record(ONE_TWO, [give("E", "W", "BJ")])
    assert ("tribute_wrong_receiver", "tributes[0].to") in problems(result)


def test_g7_record_double_tribute_of_both_big_jokers_missed_the_anti_tribute():
    # Equal cards: N takes the card of W, its 下家.
    result = record(
        ONE_TWO, [give("W", "N", "RJ"), give("E", "S", "RJ")], [give("N", "W", "S3"), give("S", "E", "D4")]
    )
    assert problems(result) == [("anti_tribute_missed", "tributes")]


# ---- returns -------------------------------------------------------------------------------------


def returned(card: str, *, finish=ONE_THREE, level=LEVEL, profile=STANDARD) -> list[tuple[str, str]]:
    payer = finish[3]
    return problems(
        record(finish, [give(payer, "N", "SA")], [give("N", payer, card)], level=level, profile=profile)
    )


def test_g7_record_unexpected_return_from_a_seat_without_tribute():
    result = record(ONE_THREE, SINGLE_OK["tributes"], [give("N", "E", "S3"), give("S", "E", "S4")])
    assert problems(result) == [("unexpected_return", "returns[1]")]


def test_g7_record_duplicate_return():
    result = record(ONE_THREE, SINGLE_OK["tributes"], [give("N", "E", "S3"), give("N", "E", "S4")])
    assert problems(result) == [("duplicate_return", "returns[1]")]


def test_g7_record_return_wrong_receiver():
    result = record(ONE_TWO, DOUBLE_OK["tributes"], [give("N", "W", "S3"), give("S", "W", "D4")])
    assert problems(result) == [("return_wrong_receiver", "returns[0].to")]


def test_g7_record_missing_return():
    assert problems(record(ONE_TWO, DOUBLE_OK["tributes"], [give("N", "E", "S3")])) == [
        ("missing_return", "returns")
    ]


def test_g7_record_return_max_ten_allows_ten():
    assert returned("ST") == []


@pytest.mark.parametrize("card", ["SJ", "BJ", "RJ", "S7"])
def test_g7_record_return_max_ten_rejects_high_cards_jokers_and_level_cards(card):
    assert returned(card) == [("return_not_allowed", "returns[0].card")]


def test_g7_record_return_max_ten_at_level_ten_limit_is_nine():
    assert returned("ST", level=10) == [("return_not_allowed", "returns[0].card")]
    assert returned("S9", level=10) == []


def test_g7_record_return_partner_max_ten_to_partner_limited():
    assert returned("SJ", finish=ONE_FOUR, profile=BUILTIN["guandan-national-2017"]) != []


def test_g7_record_return_partner_max_ten_anything_to_opponent():
    assert returned("BJ", finish=ONE_THREE, profile=BUILTIN["guandan-national-2017"]) == []


def test_g7_record_return_below_level_to_partner():
    profile = replace(STANDARD, return_rule="below_level_to_partner")
    assert returned("DA", finish=ONE_FOUR, profile=profile) == []
    assert returned("S7", finish=ONE_FOUR, profile=profile) == [("return_not_allowed", "returns[0].card")]
    assert returned("S7", finish=ONE_THREE, profile=profile) == []


def test_g7_record_return_any():
    assert returned("RJ", finish=ONE_FOUR, profile=replace(STANDARD, return_rule="any")) == []


def test_g7_record_return_not_allowed_names_the_lowest_card_fallback():
    (problem,) = record(ONE_THREE, SINGLE_OK["tributes"], [give("N", "E", "SQ")]).problems
    assert "record the hands" in problem.detail


# ---- anti-tribute --------------------------------------------------------------------------------


def test_g7_record_anti_tribute_single_payer_shows_both():
    result = record(ONE_THREE, anti_tribute=show("E", "E"))
    assert (result.kind, result.valid, result.leader, result.expected) == (
        TributeKind.ANTI_TRIBUTE,
        True,
        N,
        (),
    )


@pytest.mark.parametrize("seats", [("E", "W"), ("W", "W")])
def test_g7_record_anti_tribute_double_payers_between_them(seats):
    result = record(ONE_TWO, anti_tribute=show(*seats))
    assert (result.kind, result.valid, result.leader) == (TributeKind.ANTI_TRIBUTE, True, N)


def test_g7_record_anti_tribute_needs_two_jokers():
    assert problems(record(ONE_THREE, anti_tribute=show("E"))) == [("invalid_anti_tribute", "anti_tribute")]


def test_g7_record_anti_tribute_only_big_jokers():
    shown = [{"seat": "E", "card": "RJ"}, {"seat": "E", "card": "BJ"}]
    assert problems(record(ONE_THREE, anti_tribute=shown)) == [
        ("invalid_anti_tribute", "anti_tribute[1].card")
    ]


def test_g7_record_anti_tribute_shown_by_a_seat_that_owes_nothing():
    assert problems(record(ONE_THREE, anti_tribute=show("E", "W"))) == [
        ("invalid_anti_tribute", "anti_tribute[1].seat")
    ]
    assert problems(record(ONE_TWO, anti_tribute=show("N", "E"))) == [
        ("invalid_anti_tribute", "anti_tribute[0].seat")
    ]


def test_g7_record_anti_tribute_takes_no_tribute_or_return():
    result = record(ONE_THREE, **SINGLE_OK, anti_tribute=show("E", "E"))
    assert problems(result) == [("unexpected_tribute", "tributes[0]"), ("unexpected_return", "returns[0]")]


def test_g7_record_empty_anti_tribute_is_none():
    assert record(ONE_THREE, **SINGLE_OK, anti_tribute=[]).kind is TributeKind.SINGLE


def test_g7_record_codes_of_its_own():
    assert {str(code) for code in RecordCode} == {"invalid_anti_tribute", "anti_tribute_missed"}


# ---- with the hands ------------------------------------------------------------------------------


def test_g7_record_with_hands_valid_gives_hands_after():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    result = record(ONE_THREE, **SINGLE_OK, hands=hands)
    assert (result.valid, result.leader, result.expected) == (True, E, ((E, N),))
    assert all(len(result.hands_after[seat]) == 27 for seat in Seat)


def test_g7_record_with_hands_tribute_not_highest():
    hands = make_hands({"E": ["SA", "SK"], "N": ["S3"]}, low="E")
    result = record(ONE_THREE, [give("E", "N", "SK")], [give("N", "E", "S3")], hands=hands)
    assert problems(result) == [("tribute_not_highest", "tributes[0].card")]
    assert result.hands_after is None


def test_g7_record_with_hands_card_not_in_hand():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    result = record(ONE_THREE, [give("E", "N", "SA")], [give("N", "E", hands["E"][1])], hands=hands)
    assert problems(result) == [("card_not_in_hand", "returns[0].card")]


def test_g7_record_with_hands_anti_tribute_must_be_shown():
    hands = make_hands({"E": ["RJ", "RJ"]}, low="E")
    result = record(ONE_THREE, hands=hands)
    assert (result.kind, problems(result)) == (
        TributeKind.ANTI_TRIBUTE,
        [("invalid_anti_tribute", "anti_tribute")],
    )


def test_g7_record_with_hands_anti_tribute_the_hands_do_not_make():
    hands = make_hands({"E": ["RJ"], "N": ["RJ"]}, low="E")
    result = record(ONE_THREE, anti_tribute=show("E", "E"), hands=hands)
    assert ("invalid_anti_tribute", "anti_tribute") in problems(result)
    assert result.kind is TributeKind.SINGLE


def test_g7_record_with_hands_anti_tribute_shown_by_the_seat_holding_them():
    hands = make_hands({"E": ["RJ"], "W": ["RJ"]}, low="EW")
    assert record(ONE_TWO, anti_tribute=show("W", "E"), hands=hands).valid
    result = record(ONE_TWO, anti_tribute=show("E", "E"), hands=hands)
    assert problems(result) == [("invalid_anti_tribute", "anti_tribute[0].seat")]


def test_g7_record_with_hands_valid_anti_tribute_keeps_the_hands():
    hands = make_hands({"E": ["RJ", "RJ"]}, low="E")
    result = record(ONE_THREE, anti_tribute=show("E", "E"), hands=hands)
    assert (result.valid, result.leader) == (True, N)
    assert sorted(card.code for card in result.hands_after[E]) == sorted(hands["E"])


def test_g7_record_with_hands_first_deal():
    result = record(None, hands=make_hands({}))
    assert (result.kind, result.valid, result.leader) == (TributeKind.NONE, True, None)


def test_g7_record_to_dict_is_json_ready():
    data = record(ONE_TWO, [give("E", "S", "BJ")]).to_dict()
    assert (data["kind"], data["valid"], data["leader"], data["expected"], data["hands_after"]) == (
        "double",
        False,
        None,
        [],
        None,
    )
    assert data["problems"][0] == {
        "code": "missing_tribute",
        "field": "tributes",
        "detail": data["problems"][0]["detail"],
    }


# ---- malformed records ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"previous": ["N", "E"]}, "finishing_order_incomplete", "previous_finishing_order"),
        ({"previous": ["N", "X", "S"]}, "unknown_seat", "previous_finishing_order[1]"),
        ({"level": "Z"}, "unknown_level", "level"),
        ({"tributes": [give("E", "N", "SX")]}, "unknown_card", "tributes[0].card"),
        ({"returns": [{"from": "N", "card": "S3"}]}, "invalid", "returns[0]"),
        ({"anti_tribute": "RJ RJ"}, "invalid", "anti_tribute"),
        ({"anti_tribute": [{"seat": "E"}]}, "invalid", "anti_tribute[0]"),
        ({"anti_tribute": [{"seat": "Q", "card": "RJ"}]}, "unknown_seat", "anti_tribute[0].seat"),
        ({"anti_tribute": [{"seat": "E", "card": "ZZ"}]}, "unknown_card", "anti_tribute[0].card"),
    ],
)
def test_g7_malformed_record_is_bad_input(change, code, field):
    with pytest.raises(BadInput) as raised:
        record(**change)
    assert (raised.value.code, raised.value.field) == (code, field)


# ---- properties ----------------------------------------------------------------------------------


def _deal(cards) -> dict[str, list[str]]:
    return {seat: [card.code for card in cards[i * 27 : (i + 1) * 27]] for i, seat in enumerate("NESW")}


@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(DECK), finish=finishes, level=st.integers(2, 14), profile=profiles)
def test_g7_property_a_record_legal_with_hands_is_legal_without(cards, finish, level, profile):
    hands = _deal(cards)
    plan = validate_tributes(level=level, finishing_order=finish, hands=hands, profile=profile)
    shown = None
    if plan.anti_tribute:
        shown = [
            {"seat": str(seat), "card": "RJ"} for seat, hand in hands.items() for code in hand if code == "RJ"
        ]
    tributes = [
        give(str(payer), str(receiver), plan.missing[i].legal_cards[0].code)
        for i, (payer, receiver) in enumerate(plan.expected)
    ]
    after = validate_tributes(
        level=level, finishing_order=finish, hands=hands, tributes=tributes, profile=profile
    )
    returns = [give(str(m.from_seat), str(m.to_seat), m.legal_cards[0].code) for m in after.missing]
    question = {
        "level": level,
        "previous": finish,
        "tributes": tributes,
        "returns": returns,
        "profile": profile,
    }

    with_hands = record(**question, anti_tribute=shown, hands=hands)
    without = record(**question, anti_tribute=shown)
    assert with_hands.valid, with_hands.to_dict()
    assert (without.kind, without.leader, without.expected) == (
        with_hands.kind,
        with_hands.leader,
        plan.expected,
    )
    # Only the lowest-card fallback of a return (G7) needs the hands to be seen as legal.
    assert all(problem.code == "return_not_allowed" for problem in without.problems)
