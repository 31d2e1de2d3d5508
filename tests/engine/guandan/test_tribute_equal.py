"""Equal double tributes (docs/rules/guandan.md G7, settings ``equal_tribute_to_first`` and
``equal_tribute_lead``): whose card the 1st seat takes and who leads, with the hands
(engine/guandan/tribute.py) and from the record alone (tribute_record.py).

N is 1st and S 2nd, so E and W pay. Counterclockwise N's 下家 is W and its 上家 is E.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from engine.guandan.cards import ALL_CARDS
from engine.guandan.profiles import BUILTIN, CHOICES, STANDARD
from engine.seats import Seat
from tests.engine.guandan.test_tribute import ONE_TWO, check, make_hands, tribute
from tests.engine.guandan.test_tribute_record import give, problems, record

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
FIRST_PAID = replace(STANDARD, equal_tribute_to_first="first_paid")
UPSTREAM_PREVIOUS = replace(STANDARD, equal_tribute_lead="first_seat_previous")
# 篇五 九's reading, set per event (the built-in profile keeps its published values).
SEED_000 = replace(
    BUILTIN["guandan-seed-000"], equal_tribute_to_first="first_paid", equal_tribute_lead="first_seat_next"
)
NANJING = BUILTIN["guandan-nanjing-union"]
EQUAL_HANDS = make_hands({"E": ["HA"], "W": ["SA"]}, low="EW")  # both pay an ace
E_FIRST = [tribute("E", "N", "HA"), tribute("W", "S", "SA")]  # E tributed first, to N
W_FIRST = [tribute("W", "N", "SA"), tribute("E", "S", "HA")]


# ---- whose card the 1st seat takes ---------------------------------------------------------------


def test_g7_equal_tributes_first_paid_first_seat_takes_the_card_tributed_first():
    # 掼蛋比赛活动方案 篇五 "如果两张一样，头游拿第一张进贡的牌": E's card came first, so N takes it.
    verdict = check(ONE_TWO, EQUAL_HANDS, E_FIRST, profile=FIRST_PAID)
    assert verdict.expected == ((E, N), (W, S))
    assert [item.code for item in verdict.tributes] == [None, None]


def test_g7_equal_tributes_first_paid_follows_the_order_of_the_record():
    assert check(ONE_TWO, EQUAL_HANDS, W_FIRST, profile=FIRST_PAID).expected == ((W, N), (E, S))


def test_g7_equal_tributes_first_paid_the_first_card_to_the_partner_is_wrong_receiver():
    wrong = [tribute("E", "S", "HA"), tribute("W", "N", "SA")]  # E paid first, so E's card is N's
    verdict = check(ONE_TWO, EQUAL_HANDS, wrong, profile=FIRST_PAID)
    assert [item.code for item in verdict.tributes] == ["tribute_wrong_receiver"] * 2


def test_g7_equal_tributes_next_seat_default_the_upstream_takes_its_xiajias_card():
    # The default ignores the order: W (N's 下家) pays N even when E tributed first.
    verdict = check(ONE_TWO, EQUAL_HANDS, E_FIRST)
    assert verdict.expected == ((W, N), (E, S))
    assert [item.code for item in verdict.tributes] == ["tribute_wrong_receiver"] * 2


def test_g7_equal_tributes_first_paid_without_a_tribute_recorded_pairs_as_next_seat():
    assert check(ONE_TWO, EQUAL_HANDS, profile=FIRST_PAID).expected == ((W, N), (E, S))


def test_g7_first_paid_leaves_unequal_tributes_to_the_higher_card():
    hands = make_hands({"E": ["BJ"], "W": ["SA"]}, low="EW")
    late = [tribute("W", "S", "SA"), tribute("E", "N", "BJ")]
    verdict = check(ONE_TWO, hands, late, profile=FIRST_PAID)
    assert verdict.expected == ((E, N), (W, S))
    assert verdict.leader is E


# ---- who leads -----------------------------------------------------------------------------------


def test_g7_equal_tributes_lead_first_seat_previous_the_upstreams_shangjia_leads():
    # 扑克牌（掼蛋）比赛规则 "上游取下家的贡牌…由上游上家先出牌": W's card goes to N, E leads.
    verdict = check(ONE_TWO, EQUAL_HANDS, profile=UPSTREAM_PREVIOUS)
    assert (verdict.expected[0], verdict.leader) == ((W, N), E)


def test_g1_clockwise_equal_tributes_lead_first_seat_previous_is_w():
    profile = replace(UPSTREAM_PREVIOUS, turn_direction="clockwise")
    assert check(ONE_TWO, EQUAL_HANDS, profile=profile).leader is W


def test_g7_equal_tributes_lead_first_seat_next_whoever_paid_the_upstream():
    # 掼蛋比赛活动方案: N takes E's card (tributed first), yet "若一样则由上游的下家先出": W leads.
    verdict = check(ONE_TWO, EQUAL_HANDS, E_FIRST, profile=SEED_000)
    assert [item.code for item in verdict.tributes] == [None, None]
    assert (verdict.expected[0], verdict.leader) == ((E, N), W)


def test_g7_equal_tribute_lead_leaves_unequal_tributes_to_the_higher_payer():
    hands = make_hands({"E": ["SA"], "W": ["BJ"]}, low="EW")
    assert check(ONE_TWO, hands, profile=UPSTREAM_PREVIOUS).leader is W


def test_g7_first_seat_next_lead_of_the_2017_text_applies_to_equal_tributes_too():
    profile = replace(UPSTREAM_PREVIOUS, double_tribute_lead="first_seat_next")
    assert check(ONE_TWO, EQUAL_HANDS, profile=profile).leader is W


def test_g7_nanjing_union_equal_tributes_and_returns_from_the_shangjia():
    # "还牌时,下家取上家的牌": each payer takes the return of its 上家 (N returns to W, S to E).
    paid = [tribute("W", "N", "SA"), tribute("E", "S", "HA")]
    back = [tribute("N", "W", "S3"), tribute("S", "E", "D4")]
    hands = make_hands({"E": ["HA"], "W": ["SA"], "N": ["S3"], "S": ["D4"]}, low="EW")
    verdict = check(ONE_TWO, hands, paid, back, profile=NANJING)
    assert (verdict.valid, verdict.leader) == (True, E)


# ---- the record alone ----------------------------------------------------------------------------


def test_g7_record_equal_tributes_first_paid_pairs_by_the_order_given():
    result = record(ONE_TWO, [give("E", "N", "HA"), give("W", "S", "SA")], profile=FIRST_PAID)
    assert result.expected == ((E, N), (W, S))
    assert ("tribute_wrong_receiver", "tributes[0].to") not in problems(result)


def test_g7_record_equal_tributes_first_paid_refuses_the_first_card_to_the_partner():
    result = record(ONE_TWO, [give("E", "S", "HA"), give("W", "N", "SA")], profile=FIRST_PAID)
    assert ("tribute_wrong_receiver", "tributes[0].to") in problems(result)


def test_g7_record_equal_tributes_leader_of_each_equal_tribute_lead():
    paid = [give("E", "N", "HA"), give("W", "S", "SA")]
    assert record(ONE_TWO, paid, profile=FIRST_PAID).leader is E  # payer_to_first
    assert record(ONE_TWO, paid, profile=SEED_000).leader is W  # first_seat_next
    assert record(ONE_TWO, [give("W", "N", "SA"), give("E", "S", "HA")], profile=NANJING).leader is E


def test_g7_record_unequal_tributes_keep_the_higher_payer_as_leader():
    result = record(ONE_TWO, [give("E", "N", "BJ"), give("W", "S", "SA")], profile=NANJING)
    assert result.leader is E


# ---- properties ----------------------------------------------------------------------------------

TRIBUTABLE = [card for card in ALL_CARDS if not card.is_wild(7)]
tribute_profiles = st.builds(
    lambda direction, lead, to_first, equal_lead: replace(
        STANDARD,
        turn_direction=direction,
        double_tribute_lead=lead,
        equal_tribute_to_first=to_first,
        equal_tribute_lead=equal_lead,
    ),
    st.sampled_from(CHOICES["turn_direction"]),
    st.sampled_from(CHOICES["double_tribute_lead"]),
    st.sampled_from(CHOICES["equal_tribute_to_first"]),
    st.sampled_from(CHOICES["equal_tribute_lead"]),
)


@given(
    profile=tribute_profiles,
    cards=st.tuples(st.sampled_from(TRIBUTABLE), st.sampled_from(TRIBUTABLE)),
    e_first=st.booleans(),
)
def test_g7_property_a_double_tribute_pays_each_winner_once_and_a_payer_leads(profile, cards, e_first):
    e_card, w_card = (card.code for card in cards)
    paid = [give("E", "N", e_card), give("W", "S", w_card)]
    result = record(ONE_TWO, paid if e_first else paid[::-1], profile=profile)
    pairs = dict(result.expected)
    assert sorted(pairs) == [E, W] and sorted(pairs.values()) == [N, S]
    to_first = next(payer for payer, receiver in pairs.items() if receiver is N)
    card_of = {E: cards[0], W: cards[1]}
    assert card_of[to_first].order(7) >= card_of[to_first.partner].order(7)  # G7: the higher to N
    equal = cards[0].order(7) == cards[1].order(7)
    if equal and profile.equal_tribute_to_first == "first_paid":
        assert to_first is (E if e_first else W)
    assert result.leader in (E, W)
    if not equal and profile.double_tribute_lead == "higher_payer":
        assert result.leader is to_first
