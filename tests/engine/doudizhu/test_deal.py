"""Replaying a Dou Dizhu deal from the bidding to the last play (docs/rules/doudizhu.md D1-D8):
engine/doudizhu/deal.py."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.doudizhu.bidding import Party, check_bidding
from engine.doudizhu.deal import Action, DealState, replay_deal
from engine.doudizhu.profiles import STANDARD
from engine.errors import BadInput, RuleViolation
from engine.seats import Seat
from tests.engine.doudizhu.builders import FORCED_N, N_AT_ONE, bid, pass_, play, report, request

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
BOMB_E = {"E": "S9 H9 C9 D9 S8 H8 C8 D8"}
BOMB_W = {"W": "S9 H9 C9 D9 S8 H8 C8 D8"}


def replay(**kwargs):
    return replay_deal(**request(**kwargs))


NO_REPORTS = STANDARD.with_overrides({"report_threshold": 0})


def small_deal(hands: dict[str, str], bids=N_AT_ONE, profile=NO_REPORTS) -> DealState:
    """A deal of a few cards a seat, for the endings (the rounds do not care about hand sizes)."""
    bidding = check_bidding(dealer="N", bids=bids, profile=profile)
    cards = {Seat(seat): parse_cards(hand.split()) for seat, hand in hands.items()}
    return DealState(bidding=bidding, hands=cards, bottom=(), profile=profile)


def act(state: DealState, *actions) -> None:
    for action in actions:
        state.apply(action)


def test_d6_the_landlord_takes_the_bottom_and_leads():
    result = replay(bottom="SA SA", bids=N_AT_ONE, plays=[play("N", "SA SA")])
    assert result.valid and result.next_to_act is W and result.entries[0].reading.type == "pair"
    assert result.bidding.landlord is N


def test_d1_a_bottom_card_is_not_a_farmers():
    result = replay(
        hands={"N": "S3"}, bottom="SA SA", bids=N_AT_ONE, plays=[play("N", "S3"), play("W", "SA")]
    )
    assert (result.violation.index, result.violation.code) == (1, "card_not_in_hand")


def test_d6_play_goes_counterclockwise_from_the_landlord():
    result = replay(hands={"N": "S3", "S": "S7"}, bids=N_AT_ONE, plays=[play("N", "S3"), play("S", "S7")])
    assert (result.violation.index, result.violation.code) == (1, "not_your_turn")


def test_d6_the_leader_may_not_pass():
    result = replay(bids=N_AT_ONE, plays=[pass_("N")])
    assert (result.violation.index, result.violation.code) == (0, "cannot_pass_on_lead")


def test_d6_a_play_must_beat_the_table():
    result = replay(hands={"N": "S9", "W": "S8"}, bids=N_AT_ONE, plays=[play("N", "S9"), play("W", "S8")])
    assert (result.violation.index, result.violation.code) == (1, "does_not_beat")


def test_d4_a_play_must_be_a_combination():
    result = replay(hands={"N": "S9 SJ"}, bids=N_AT_ONE, plays=[play("N", "S9 SJ")])
    assert (result.violation.index, result.violation.code) == (0, "illegal_combination")


def test_d6_when_the_others_pass_the_last_player_leads_again():
    plays = [play("N", "S3"), pass_("W"), pass_("S"), pass_("E")]
    result = replay(hands={"N": "S3"}, bids=N_AT_ONE, plays=plays)
    assert result.valid and result.next_to_act is N
    again = replay(hands={"N": "S3"}, bids=N_AT_ONE, plays=[*plays, pass_("N")])
    assert (again.violation.index, again.violation.code) == (4, "cannot_pass_on_lead")


def test_d3_forced_landlord_farmer_before_may_not_bomb():
    plays = [play("N", "S3"), pass_("W"), pass_("S"), play("E", "S9 H9 C9 D9")]
    result = replay(hands={"N": "S3", **BOMB_E}, bids=FORCED_N, plays=plays)
    assert (result.violation.index, result.violation.code) == (3, "bomb_limit")
    assert result.bidding.bomb_allowances[E] == 0


def test_d3_forced_landlord_farmer_after_may_bomb_once():
    plays = [
        play("N", "S3"),
        play("W", "S9 H9 C9 D9"),
        pass_("S"),
        pass_("E"),
        pass_("N"),
        play("W", "S8 H8 C8 D8"),
    ]
    result = replay(hands={"N": "S3", **BOMB_W}, bids=FORCED_N, plays=plays)
    assert (result.violation.index, result.violation.code) == (5, "bomb_limit")
    assert result.entries[1].ok and result.bombs_played[W] == 1


def test_d3_the_landlord_bombs_freely():
    plays = [play("N", "S9 H9 C9 D9"), pass_("W"), pass_("S"), pass_("E"), play("N", "S8 H8 C8 D8")]
    result = replay(hands={"N": BOMB_E["E"]}, bids=FORCED_N, plays=plays)
    assert result.valid and result.bombs_played[N] == 2


def test_d3_an_opening_three_lets_a_farmer_bomb_twice():
    plays = [play("N", "S3"), play("W", "S8 H8 C8 D8"), pass_("S"), pass_("E"), pass_("N")]
    plays += [play("W", "S4"), play("S", "S5"), pass_("E"), pass_("N"), play("W", "S9 H9 C9 D9")]
    result = replay(hands={"N": "S3", "W": BOMB_W["W"] + " S4", "S": "S5"}, bids=[bid("N", 3)], plays=plays)
    assert result.valid and result.bombs_played[W] == 2


def test_d6_the_first_seat_out_ends_the_deal_for_the_farmers():
    state = small_deal({"N": "S3 S4", "W": "S9", "S": "S5", "E": "S6"})
    act(state, Action(N, parse_cards(["S3"])), Action(W, parse_cards(["S9"])))
    result = state.result()
    assert (result.finished, result.first_out, result.winner, result.next_to_act) == (
        True,
        W,
        Party.FARMERS,
        None,
    )
    assert result.score.seats == {N: 0, E: 1, S: 1, W: 1}
    with pytest.raises(RuleViolation) as caught:
        state.apply(Action(S))
    assert caught.value.code == "deal_over"


def test_d8_a_landlord_going_out_before_any_farmer_played_is_a_spring():
    profile = NO_REPORTS.with_overrides({"spring_doubling": True})
    state = small_deal({"N": "S3 S4", "W": "S9", "S": "S5", "E": "S6"}, profile=profile)
    act(
        state, Action(N, parse_cards(["S4"])), Action(W), Action(S), Action(E), Action(N, parse_cards(["S3"]))
    )
    result = state.result()
    assert (result.winner, result.spring, result.score.points) == (Party.LANDLORD, True, 2)


def test_d8_farmers_out_after_the_landlords_only_lead_is_an_anti_spring():
    state = small_deal({"N": "S3 S4", "W": "S9", "S": "S5", "E": "S6"})
    act(state, Action(N, parse_cards(["S4"])), Action(W, parse_cards(["S9"])))
    assert state.spring


def test_d7_a_seat_at_the_threshold_reports_before_its_next_turn():
    threshold = STANDARD.with_overrides({"report_threshold": 24})
    plays = [play("N", "S3"), play("W", "S4"), pass_("S"), pass_("E"), pass_("N"), play("W", "S5")]
    missing = replay_deal(
        **request(hands={"N": "S3", "W": "S4 S5"}, bids=N_AT_ONE, plays=plays), profile=threshold
    )
    assert (missing.violation.index, missing.violation.code) == (5, "missing_report")
    reported = [*plays[:2], report("W", 24), *plays[2:]]
    result = replay_deal(
        **request(hands={"N": "S3", "W": "S4 S5"}, bids=N_AT_ONE, plays=reported), profile=threshold
    )
    assert result.valid and result.entries[2].report == 24


@pytest.mark.parametrize(
    ("reported", "why"), [(report("W", 23), "wrong count"), (report("S", 25), "too early")]
)
def test_d7_a_wrong_report(reported, why):
    threshold = STANDARD.with_overrides({"report_threshold": 24})
    plays = [play("N", "S3"), play("W", "S4"), reported]
    result = replay_deal(
        **request(hands={"N": "S3", "W": "S4"}, bids=N_AT_ONE, plays=plays), profile=threshold
    )
    assert (result.violation.index, result.violation.code) == (2, "wrong_report"), why


def test_d7_a_seat_reports_once_a_second_report_is_already_reported():
    # "手中10张以内牌，自报一次": the same count again is no longer a report the rules ask for.
    threshold = STANDARD.with_overrides({"report_threshold": 24})
    plays = [play("N", "S3"), play("W", "S4"), report("W", 24), report("W", 24)]
    result = replay_deal(
        **request(hands={"N": "S3", "W": "S4"}, bids=N_AT_ONE, plays=plays), profile=threshold
    )
    assert (result.violation.index, result.violation.code) == (3, "already_reported")


def test_d7_the_default_threshold_is_ten_and_zero_turns_reports_off():
    assert STANDARD.report_threshold == 10
    result = replay(bids=N_AT_ONE, plays=[report("N", 33)])
    assert result.violation.code == "wrong_report"
    off = replay_deal(
        **request(bids=N_AT_ONE, plays=[report("N", 33)]),
        profile=STANDARD.with_overrides({"report_threshold": 0}),
    )
    assert off.violation.code == "wrong_report"


def test_d2_a_bidding_violation_stops_the_replay_in_the_bids():
    result = replay(bids=[bid("N", 2), bid("W", 1)], plays=[play("N", "S3")])
    assert (result.violation.part, result.violation.index, result.violation.code) == (
        "bids",
        1,
        "bid_not_higher",
    )
    assert result.entries == () and not result.finished


def test_d2_a_play_before_the_bidding_ended():
    result = replay(bids=[bid("N", 1)], plays=[play("N", "S3")])
    assert (result.violation.part, result.violation.index, result.violation.code) == (
        "plays",
        0,
        "bidding_unfinished",
    )
    assert replay(bids=[bid("N", 1)]).valid and replay(bids=[bid("N", 1)]).next_to_act is W


def test_d2_a_banned_seat_bidding_in_the_replay():
    result = replay(bids=[bid("N", "pass"), bid("W", 2)], banned=["W"])
    assert (result.violation.part, result.violation.code) == ("bids", "bidding_banned")


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (lambda r: r["hands"]["N"].pop(), "wrong_hand_size", "hands.N"),
        (lambda r: r["bottom"].pop(), "wrong_hand_size", "bottom"),
        (lambda r: r["hands"]["E"].__setitem__(3, "X1"), "unknown_card", "hands.E[3]"),
        (lambda r: r["bottom"].__setitem__(0, r["hands"]["N"][0]), "too_many_copies", "bottom[0]"),
        (
            lambda r: r["plays"].append({"seat": "N", "cards": ["S3", "S3", "S3"]}),
            "too_many_copies",
            "plays[0].cards[2]",
        ),
        (lambda r: r["plays"].append({"seat": "N"}), "invalid_action", "plays[0]"),
        (lambda r: r["plays"].append({"seat": "Q", "pass": True}), "unknown_seat", "plays[0].seat"),
        (lambda r: r["plays"].append({"seat": "N", "report": -1}), "invalid_action", "plays[0].report"),
        (lambda r: r.__setitem__("dealer", "X"), "unknown_seat", "dealer"),
    ],
)
def test_d1_a_malformed_question_is_bad_input_at_the_exact_field(change, code, field):
    question = request(bids=N_AT_ONE)
    question["hands"]["N"] = question["hands"]["N"][:]  # each change edits its own copy
    change(question)
    with pytest.raises(BadInput) as caught:
        replay_deal(**question)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_d1_hands_and_bottom_together_are_exactly_two_decks():
    question = request(bids=N_AT_ONE)
    question["hands"]["N"][0] = question["hands"]["E"][0]
    question["hands"]["E"][1] = question["hands"]["E"][0]
    with pytest.raises(BadInput) as caught:
        replay_deal(**question)
    assert caught.value.code == "too_many_copies"


def test_d6_actions_and_their_wire_form():
    assert Action(N, parse_cards(["S3"])).to_dict() == {"seat": "N", "cards": ["S3"]}
    assert Action(N).to_dict() == {"seat": "N", "pass": True} and Action(N).is_pass
    assert (
        Action.reporting(N, 9).to_dict() == {"seat": "N", "report": 9} and not Action.reporting(N, 9).is_pass
    )


def test_d1_clockwise_play_is_a_setting():
    clockwise = STANDARD.with_overrides({"turn_direction": "clockwise"})
    bids = [bid("N", 1), bid("E", "pass"), bid("S", "pass"), bid("W", "pass")]
    question = request(hands={"N": "S3", "E": "S7"}, bids=bids, plays=[play("N", "S3"), play("E", "S7")])
    assert replay_deal(**question, profile=clockwise).valid
