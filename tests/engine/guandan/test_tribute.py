"""Tribute, return and anti-tribute (docs/rules/guandan.md G7): engine/guandan/tribute.py."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.cards import ALL_CARDS, Card, parse_card
from engine.guandan.profiles import BUILTIN, STANDARD
from engine.guandan.tribute import TributeKind, validate_tributes
from engine.guandan.tribute_rules import returnable_cards
from engine.seats import Seat

DECK = [card for card in ALL_CARDS for _ in range(2)]
LEVEL = 7
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
ONE_THREE = ["N", "W", "S", "E"]  # N 1st, partner S 3rd: E (4th) pays N
ONE_FOUR = ["N", "W", "E", "S"]  # partner S 4th pays N
ONE_TWO = ["N", "S"]  # E and W both pay


def _key(card: Card, level: int) -> tuple[int, int, str]:
    return (card.order(level), card.rank, str(card.suit or ""))


def make_hands(fixed: dict[str, list[str]], *, low: str = "", level: int = LEVEL) -> dict[str, list[str]]:
    """A full 4x27 deal: ``fixed`` cards first; seats in ``low`` fill up with the lowest cards
    left (by G2 order), the other seats with the highest."""
    remaining = Counter(DECK)
    hands: dict[str, list[Card]] = {seat: [] for seat in "NESW"}
    for seat, codes in fixed.items():
        for code in codes:
            card = parse_card(code)
            remaining[card] -= 1
            assert remaining[card] >= 0, code
            hands[seat].append(card)
    pool = sorted(remaining.elements(), key=lambda card: _key(card, level))
    for seat in low:
        need = 27 - len(hands[seat])
        hands[seat] += pool[:need]
        pool = pool[need:]
    for seat in "NESW":
        if seat in low:
            continue
        need = 27 - len(hands[seat])
        if need:
            hands[seat] += pool[-need:]
            pool = pool[:-need]
    assert not pool
    return {seat: [card.code for card in cards] for seat, cards in hands.items()}


def tribute(giver: str, receiver: str, card: str) -> dict[str, str]:
    return {"from": giver, "to": receiver, "card": card}


def check(finishing_order, hands, tributes=(), returns=(), *, level=LEVEL, profile=STANDARD):
    return validate_tributes(
        level=level,
        finishing_order=finishing_order,
        hands=hands,
        tributes=tributes,
        returns=returns,
        profile=profile,
    )


def codes(verdict) -> list[str | None]:
    return [item.code for item in verdict.tributes + verdict.returns] + [
        item.code for item in verdict.missing
    ]


# ---- kinds, expected payers, leaders -------------------------------------------------------------


def test_g7_first_deal_has_no_tribute():
    verdict = check([], make_hands({}))
    assert verdict.kind is TributeKind.NONE
    assert verdict.expected == ()
    assert verdict.leader is None
    assert verdict.valid
    assert verdict.hands_after is not None


def test_g7_first_deal_tribute_is_unexpected():
    hands = make_hands({"E": ["SA"]}, low="E")
    verdict = check([], hands, [tribute("E", "N", "SA")])
    assert codes(verdict) == ["unexpected_tribute"]
    assert not verdict.valid


def test_g7_single_tribute_1_3_fourth_seat_pays_first_seat():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")], [tribute("N", "E", "S3")])
    assert verdict.kind is TributeKind.SINGLE
    assert verdict.expected == ((E, N),)
    assert verdict.valid, verdict.to_dict()


def test_g7_single_tribute_1_4_fourth_seat_pays_own_partner():
    hands = make_hands({"S": ["SA"], "N": ["S3"]}, low="S")
    verdict = check(ONE_FOUR, hands, [tribute("S", "N", "SA")], [tribute("N", "S", "S3")])
    assert verdict.expected == ((S, N),)
    assert verdict.valid


def test_g7_single_tribute_leader_is_paying_seat():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    assert check(ONE_THREE, hands).leader is E


def test_g7_double_tribute_higher_card_goes_to_first_seat():
    hands = make_hands({"E": ["BJ"], "W": ["SA"]}, low="EW")
    verdict = check(ONE_TWO, hands)
    assert verdict.kind is TributeKind.DOUBLE
    assert verdict.expected == ((E, N), (W, S))


def test_g7_double_tribute_lower_card_to_first_seat_is_wrong_receiver():
    hands = make_hands({"E": ["BJ"], "W": ["SA"]}, low="EW")
    verdict = check(ONE_TWO, hands, [tribute("W", "N", "SA"), tribute("E", "S", "BJ")])
    assert codes(verdict)[:2] == ["tribute_wrong_receiver", "tribute_wrong_receiver"]


def test_g7_double_tribute_equal_cards_first_seat_takes_next_seats_card():
    # Counterclockwise N -> W: W is N's 下家, so W's card goes to N.
    hands = make_hands({"E": ["HA"], "W": ["SA"]}, low="EW")
    assert check(ONE_TWO, hands).expected == ((W, N), (E, S))


def test_g1_clockwise_double_tribute_equal_cards_first_seat_takes_next_seats_card():
    hands = make_hands({"E": ["HA"], "W": ["SA"]}, low="EW")
    profile = replace(STANDARD, turn_direction="clockwise")
    assert check(ONE_TWO, hands, profile=profile).expected == ((E, N), (W, S))


def test_g7_double_tribute_lead_higher_payer():
    hands = make_hands({"E": ["BJ"], "W": ["SA"]}, low="EW")
    assert check(ONE_TWO, hands).leader is E


def test_g7_double_tribute_lead_first_seat_next():
    hands = make_hands({"E": ["BJ"], "W": ["SA"]}, low="EW")
    profile = replace(STANDARD, double_tribute_lead="first_seat_next")
    assert check(ONE_TWO, hands, profile=profile).leader is W


def test_g7_double_tribute_equal_cards_leader_is_payer_to_first_seat():
    hands = make_hands({"E": ["HA"], "W": ["SA"]}, low="EW")
    profile = replace(STANDARD, turn_direction="clockwise")
    assert check(ONE_TWO, hands, profile=profile).leader is E


def test_g7_double_tribute_valid_with_returns():
    hands = make_hands({"E": ["BJ"], "W": ["SA"], "N": ["S3"], "S": ["D4"]}, low="EW")
    verdict = check(
        ONE_TWO,
        hands,
        [tribute("E", "N", "BJ"), tribute("W", "S", "SA")],
        [tribute("N", "E", "S3"), tribute("S", "W", "D4")],
    )
    assert verdict.valid, verdict.to_dict()


# ---- highest card -----------------------------------------------------------------------------


def test_g7_tribute_not_highest():
    hands = make_hands({"E": ["SA", "SK"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SK")])
    assert verdict.tributes[0].code == "tribute_not_highest"
    assert [card.code for card in verdict.tributes[0].legal_cards] == ["SA"]


def test_g2_level_card_outranks_ace_for_tribute():
    hands = make_hands({"E": ["SA", "C7"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")])
    assert verdict.tributes[0].code == "tribute_not_highest"
    assert "C7" in [card.code for card in verdict.tributes[0].legal_cards]


def test_g7_wild_does_not_count_as_highest():
    hands = make_hands({"E": ["H7", "SA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")])
    assert verdict.tributes[0].ok


def test_g7_wild_never_tributed():
    hands = make_hands({"E": ["H7", "SA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "H7")])
    assert verdict.tributes[0].code == "wild_tributed"


def test_g7_tribute_card_not_in_hand():
    hands = make_hands({"E": ["SA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "RJ")])
    assert verdict.tributes[0].code == "card_not_in_hand"


def test_g7_tribute_wrong_payer():
    hands = make_hands({"E": ["SA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("W", "N", hands["W"][0])])
    assert codes(verdict)[0] == "tribute_wrong_payer"


def test_g7_missing_tribute():
    hands = make_hands({"E": ["SA"]}, low="E")
    verdict = check(ONE_THREE, hands)
    assert "missing_tribute" in codes(verdict)
    assert verdict.missing[0].from_seat is E
    assert [card.code for card in verdict.missing[0].legal_cards] == ["SA"]


def test_g7_duplicate_tribute():
    hands = make_hands({"E": ["SA", "DA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA"), tribute("E", "N", "DA")])
    assert [item.code for item in verdict.tributes] == [None, "duplicate_tribute"]


# ---- anti-tribute -------------------------------------------------------------------------------


def test_g7_anti_tribute_single_payer_two_big_jokers():
    hands = make_hands({"E": ["RJ", "RJ"]}, low="E")
    verdict = check(ONE_THREE, hands)
    assert verdict.kind is TributeKind.ANTI_TRIBUTE
    assert verdict.anti_tribute and verdict.valid and verdict.expected == ()


def test_g7_no_anti_tribute_single_payer_one_big_joker():
    hands = make_hands({"E": ["RJ"], "W": ["RJ"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "RJ")])
    assert verdict.kind is TributeKind.SINGLE
    assert verdict.tributes[0].ok


def test_g7_anti_tribute_two_big_jokers_split_between_payers():
    hands = make_hands({"E": ["RJ"], "W": ["RJ"]}, low="EW")
    assert check(ONE_TWO, hands).kind is TributeKind.ANTI_TRIBUTE


def test_g7_anti_tribute_both_big_jokers_in_one_double_payer():
    hands = make_hands({"W": ["RJ", "RJ"]}, low="EW")
    assert check(ONE_TWO, hands).kind is TributeKind.ANTI_TRIBUTE


def test_g7_no_anti_tribute_when_a_winner_holds_a_big_joker():
    hands = make_hands({"W": ["RJ"], "N": ["RJ"]}, low="EW")
    assert check(ONE_TWO, hands).kind is TributeKind.DOUBLE


def test_g7_anti_tribute_leader_is_first_seat():
    hands = make_hands({"E": ["RJ"], "W": ["RJ"]}, low="EW")
    assert check(ONE_TWO, hands).leader is N


def test_g7_tribute_despite_anti_tribute_is_unexpected():
    hands = make_hands({"E": ["RJ", "RJ"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "RJ")])
    assert codes(verdict) == ["unexpected_tribute"]


def test_g7_return_despite_anti_tribute_is_unexpected():
    hands = make_hands({"E": ["RJ", "RJ"], "N": ["S3"]}, low="E")
    verdict = check(ONE_THREE, hands, returns=[tribute("N", "E", "S3")])
    assert codes(verdict) == ["unexpected_return"]


# ---- returns ----------------------------------------------------------------------------------


def single(return_card: str, *, finish=ONE_THREE, fixed_receiver=(), level=LEVEL, profile=STANDARD):
    payer = finish[3]
    hands = make_hands({payer: ["SA"], "N": [return_card, *fixed_receiver]}, low=payer, level=level)
    verdict = check(
        finish,
        hands,
        [tribute(payer, "N", "SA")],
        [tribute("N", payer, return_card)],
        level=level,
        profile=profile,
    )
    return verdict.returns[0]


def test_g7_return_max_ten_allows_ten():
    assert single("ST").ok


def test_g7_return_max_ten_rejects_jack():
    item = single("SJ", fixed_receiver=["S3"])
    assert item.code == "return_not_allowed"
    assert "S3" in [card.code for card in item.legal_cards]


def test_g7_return_max_ten_rejects_joker():
    assert single("BJ", fixed_receiver=["S3"]).code == "return_not_allowed"


def test_g7_return_max_ten_rejects_level_card():
    assert single("S7", fixed_receiver=["S3"]).code == "return_not_allowed"


def test_g7_return_max_ten_at_level_ten_limit_is_nine():
    assert single("ST", fixed_receiver=["S3"], level=10).code == "return_not_allowed"
    assert single("S9", level=10).ok


def test_g7_return_max_ten_without_small_card_returns_lowest():
    # N holds only J-A at level 2 (jacks lowest); E pays a level card 2.
    receiver = [f"{suit}{rank}" for rank in "JQKA" for suit in "SHCD" for _ in range(2)][:27]
    hands = make_hands({"N": receiver, "E": ["S2"]}, low="E", level=2)
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "S2")], [tribute("N", "E", "SQ")], level=2)
    assert verdict.returns[0].code == "return_not_allowed"
    assert {card.rank for card in verdict.returns[0].legal_cards} == {11}
    ok = check(ONE_THREE, hands, [tribute("E", "N", "S2")], [tribute("N", "E", "SJ")], level=2)
    assert ok.valid


def test_g7_return_partner_max_ten_to_partner_limited():
    profile = BUILTIN["guandan-national-2017"]
    assert single("SJ", finish=ONE_FOUR, fixed_receiver=["S3"], profile=profile).code == "return_not_allowed"


def test_g7_return_partner_max_ten_anything_to_opponent():
    profile = BUILTIN["guandan-national-2017"]
    assert single("BJ", finish=ONE_THREE, profile=profile).ok


def test_g7_return_below_level_to_partner_allows_ace():
    profile = replace(STANDARD, return_rule="below_level_to_partner")
    assert single("DA", finish=ONE_FOUR, profile=profile).ok


def test_g7_return_below_level_to_partner_rejects_level_card():
    profile = replace(STANDARD, return_rule="below_level_to_partner")
    assert single("S7", finish=ONE_FOUR, fixed_receiver=["S3"], profile=profile).code == "return_not_allowed"


def test_g7_return_below_level_to_partner_anything_to_opponent():
    profile = BUILTIN["guandan-seed-001"]
    assert single("H7", finish=ONE_THREE, profile=profile).ok


def test_g7_return_any_allows_joker_to_partner():
    profile = replace(STANDARD, return_rule="any")
    assert single("BJ", finish=ONE_FOUR, profile=profile).ok


def test_g7_return_checked_against_hand_after_tribute():
    # N gives back the very card it received: legal under `any`, and only after the tribute.
    hands = make_hands({"E": ["SA", "SA"]}, low="E")
    assert "SA" not in hands["N"]
    profile = replace(STANDARD, return_rule="any")
    tributes = [tribute("E", "N", "SA")]
    verdict = check(
        ONE_THREE, hands, tributes, [tribute("N", "E", "SA"), tribute("N", "E", "SA")], profile=profile
    )
    assert [item.code for item in verdict.returns] == [None, "duplicate_return"]
    alone = check(ONE_THREE, hands, tributes, [tribute("N", "E", "SA")], profile=profile)
    assert alone.valid
    assert parse_card("SA") not in alone.hands_after[N]


def test_g7_return_card_not_in_hand():
    hands = make_hands({"E": ["SA"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")], [tribute("N", "E", hands["E"][1])])
    assert verdict.returns[0].code == "card_not_in_hand"


def test_g7_return_wrong_receiver():
    hands = make_hands({"E": ["BJ"], "W": ["SA"], "N": ["S3"], "S": ["D4"]}, low="EW")
    tributes = [tribute("E", "N", "BJ"), tribute("W", "S", "SA")]
    verdict = check(ONE_TWO, hands, tributes, [tribute("N", "W", "S3"), tribute("S", "W", "D4")])
    assert [item.code for item in verdict.returns] == ["return_wrong_receiver", None]


def test_g7_missing_return():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")])
    assert codes(verdict) == [None, "missing_return"]
    assert "S3" in [card.code for card in verdict.missing[0].legal_cards]


def test_g7_unexpected_return_from_seat_without_tribute():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")], [tribute("S", "E", hands["S"][0])])
    assert verdict.returns[0].code == "unexpected_return"


def test_g7_hands_after_tribute_and_return():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    verdict = check(ONE_THREE, hands, [tribute("E", "N", "SA")], [tribute("N", "E", "S3")])
    after = verdict.hands_after
    assert Counter(after[E]) == Counter(parse_card(c) for c in hands["E"]) - Counter(
        [parse_card("SA")]
    ) + Counter([parse_card("S3")])
    assert all(len(after[seat]) == 27 for seat in Seat)


def test_g7_invalid_verdict_has_no_hands_after():
    hands = make_hands({"E": ["SA"]}, low="E")
    assert check(ONE_THREE, hands).hands_after is None


def test_g7_verdict_to_dict_is_json_ready():
    hands = make_hands({"E": ["SA"], "N": ["S3"]}, low="E")
    data = check(ONE_THREE, hands, [tribute("E", "N", "SA")], [tribute("N", "E", "S3")]).to_dict()
    assert (
        data["kind"] == "single" and data["leader"] == "E" and data["expected"] == [{"from": "E", "to": "N"}]
    )
    assert data["tributes"][0]["ok"] is True and len(data["hands_after"]["N"]) == 27


# ---- malformed questions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda q: q.update(finishing_order=["N", "X"]), "unknown_seat"),
        (lambda q: q.update(finishing_order=["N", "N", "S"]), "duplicate_seat"),
        (lambda q: q.update(finishing_order=["N", "E"]), "finishing_order_incomplete"),
        (lambda q: q.update(level=15), "unknown_level"),
        (lambda q: q.update(level="Z"), "unknown_level"),
        (lambda q: q["hands"].pop("W"), "missing_hand"),
        (lambda q: q["hands"]["W"].pop(), "wrong_hand_size"),
        (lambda q: q["hands"].update(X=q["hands"].pop("W")), "unknown_seat"),
        (lambda q: q["hands"]["W"].__setitem__(0, "Z9"), "unknown_card"),
        (lambda q: q["hands"]["W"].__setitem__(0, q["hands"]["N"][0]), "too_many_copies"),
        (lambda q: q.update(tributes=[{"from": "E", "card": "SA"}]), "invalid"),
        (lambda q: q.update(tributes=[tribute("E", "Q", "SA")]), "unknown_seat"),
        (lambda q: q.update(returns=[tribute("N", "E", "SX")]), "unknown_card"),
    ],
)
def test_g7_malformed_question_is_bad_input(change, code):
    question = {"level": LEVEL, "finishing_order": list(ONE_THREE), "hands": make_hands({}, low="E")}
    change(question)
    with pytest.raises(BadInput) as raised:
        validate_tributes(**question)
    assert raised.value.code == code


def test_g7_level_accepts_codes():
    hands = make_hands({"E": ["SA"]}, low="E", level=10)
    assert check(ONE_THREE, hands, [tribute("E", "N", "SA")], level="10").tributes[0].ok


# ---- properties --------------------------------------------------------------------------------


finishes = st.permutations(list("NESW")).flatmap(
    lambda order: st.just(order[:2]) if order[1] == Seat(order[0]).partner else st.just(order)
)
profiles = st.sampled_from(list(BUILTIN.values())).flatmap(
    lambda profile: st.sampled_from(["max_ten", "partner_max_ten", "below_level_to_partner", "any"]).map(
        lambda rule: replace(profile, return_rule=rule)
    )
)


def _deal(cards: list[Card]) -> dict[str, list[str]]:
    return {seat: [card.code for card in cards[i * 27 : (i + 1) * 27]] for i, seat in enumerate("NESW")}


@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(DECK), finish=finishes, level=st.integers(2, 14), profile=profiles)
def test_g7_property_legal_tributes_and_returns_are_valid(cards, finish, level, profile):
    hands = _deal(cards)
    plan = check(finish, hands, level=level, profile=profile)
    assert plan.kind is not TributeKind.NONE
    tributes = [
        tribute(str(payer), str(receiver), plan.missing[i].legal_cards[0].code)
        for i, (payer, receiver) in enumerate(plan.expected)
    ]
    after_tribute = check(finish, hands, tributes, level=level, profile=profile)
    returns = [
        tribute(str(item.from_seat), str(item.to_seat), item.legal_cards[0].code)
        for item in after_tribute.missing
    ]
    verdict = check(finish, hands, tributes, returns, level=level, profile=profile)
    assert verdict.valid, verdict.to_dict()
    assert verdict.leader is not None
    assert all(len(verdict.hands_after[seat]) == 27 for seat in Seat)
    assert Counter(c for hand in verdict.hands_after.values() for c in hand) == Counter(DECK)


@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(DECK), finish=finishes, level=st.integers(2, 14), data=st.data())
def test_g7_property_a_card_below_the_highest_is_never_a_legal_tribute(cards, finish, level, data):
    hands = _deal(cards)
    plan = check(finish, hands, level=level)
    if plan.kind is TributeKind.ANTI_TRIBUTE:
        return
    payer, receiver = plan.expected[0]
    highest = plan.missing[0].legal_cards[0].order(level)
    lower = [code for code in hands[str(payer)] if parse_card(code).order(level) < highest]
    card = data.draw(st.sampled_from(lower))
    verdict = check(finish, hands, [tribute(str(payer), str(receiver), card)], level=level)
    assert verdict.tributes[0].code in ("tribute_not_highest", "wild_tributed")


@settings(max_examples=40, deadline=None)
@given(cards=st.permutations(DECK), level=st.integers(2, 14), rule=st.sampled_from(["max_ten", "any"]))
def test_g7_property_returnable_cards_come_from_the_hand(cards, level, rule):
    hand = cards[:28]
    allowed = returnable_cards(
        hand, level=level, giver=N, receiver=S, profile=replace(STANDARD, return_rule=rule)
    )
    assert allowed and set(allowed) <= set(hand)
