"""Replaying a Daguai Luzi deal (docs/rules/daguai.md K1-K6): engine/daguai/deal.py."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.daguai.deal import Action, DealState, replay_deal
from engine.daguai.profiles import STANDARD
from engine.daguai.seats import Seat, Team
from engine.errors import BadInput
from tests.engine.daguai.builders import ask, pass_, play, request

P1, P2, P3, P4, P5, P6 = Seat


def replay(profile=STANDARD, **kwargs):
    return replay_deal(**request(**kwargs), profile=profile)


def passes(*seats: str) -> list[dict]:
    return [pass_(seat) for seat in seats]


SMALL = {"1": "S3", "2": "S4 S5", "3": "S6", "4": "S7 S8", "5": "S9", "6": "ST SJ"}


def small_deal(hands=SMALL, dealer="1", profile=STANDARD) -> DealState:
    """A deal of a few cards a seat, for the endings (the rounds do not care about hand sizes)."""
    return DealState(
        hands={Seat(s): parse_cards(h.split()) for s, h in hands.items()}, dealer=dealer, profile=profile
    )


def act(state: DealState, *actions: tuple[str, str]) -> None:
    for seat, cards in actions:
        state.apply(Action(Seat(seat), parse_cards(cards.split()) if cards else ()))


def test_k4_the_dealer_leads_and_play_goes_up_the_seat_numbers():
    result = replay(dealer="3", hands={"3": "S3"}, plays=[play("3", "S3")])
    assert result.valid and result.next_to_act is P4
    wrong = replay(dealer="3", hands={"1": "S3"}, plays=[play("1", "S3")])
    assert (wrong.violation.index, wrong.violation.code) == (0, "not_your_turn")


def test_k4_seat_one_follows_seat_six():
    result = replay(dealer="6", hands={"6": "S3"}, plays=[play("6", "S3")])
    assert result.next_to_act is P1


def test_k4_when_the_others_pass_the_last_player_leads_again():
    result = replay(hands={"1": "S3"}, plays=[play("1", "S3"), *passes("2", "3", "4", "5", "6")])
    assert result.valid and result.next_to_act is P1
    again = replay(hands={"1": "S3"}, plays=[play("1", "S3"), *passes("2", "3", "4", "5", "6", "1")])
    assert (again.violation.index, again.violation.code) == (6, "cannot_pass_on_lead")


def test_k3_a_follow_must_beat_with_as_many_cards():
    low = replay(hands={"1": "S9", "2": "S8"}, plays=[play("1", "S9"), play("2", "S8")])
    assert (low.violation.index, low.violation.code) == (1, "does_not_beat")
    size = replay(hands={"1": "S9", "2": "S8 H8"}, plays=[play("1", "S9"), play("2", "S8 H8")])
    assert size.violation.code == "does_not_beat"


def test_k3_two_beats_the_ace_and_jokers_beat_two_in_a_replay():
    plays = [play("1", "SA"), play("2", "S2"), play("3", "BJ"), play("4", "RJ")]
    result = replay(hands={"1": "SA", "2": "S2", "3": "BJ", "4": "RJ"}, plays=plays)
    assert result.valid and [e.reading.rank for e in result.entries] == [14, 2, 16, 17]


def test_k2_no_combination_and_cards_not_held():
    assert replay(hands={"1": "S3 S4"}, plays=[play("1", "S3 S4")]).violation.code == "illegal_combination"
    assert replay(plays=[play("1", "SA")]).violation.code == "card_not_in_hand"


@pytest.mark.parametrize(
    ("given", "code", "field"),
    [
        (play("1", "S3 H3 C3 D3"), "invalid_play_size", "plays[1].cards"),
        (play("1", "S3 S3 S3 S3 H3"), "too_many_copies", "plays[1].cards[3]"),
        ({"seat": "7", "pass": True}, "unknown_seat", "plays[1].seat"),
        ({"seat": "1", "ask": "2", "answer": "lots"}, "invalid_action", "plays[1].answer"),
        ({"seat": "1", "ask": "9", "answer": 3}, "unknown_seat", "plays[1].ask"),
        ({"seat": "1"}, "invalid_action", "plays[1]"),
    ],
)
def test_k2_k4_a_malformed_action_is_bad_input_at_its_field(given, code, field):
    with pytest.raises(BadInput) as caught:
        replay(hands={"1": "S3"}, plays=[play("1", "S3"), given])
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (lambda q: q["hands"]["2"].pop(), "wrong_hand_size", "hands.2"),
        (lambda q: q["hands"].pop("6"), "missing_hand", "hands.6"),
        (lambda q: q["hands"]["3"].__setitem__(0, q["hands"]["1"][0]), "too_many_copies", "hands.3[0]"),
        (lambda q: q.__setitem__("dealer", "N"), "unknown_seat", "dealer"),
    ],
)
def test_k1_six_hands_of_27_from_three_decks(change, code, field):
    question = request()
    question["hands"]["1"][:3] = ["S3", "S3", "S3"]
    question["hands"]["2"] = [c for c in question["hands"]["2"]]
    question["hands"] = {
        seat: [c for c in cards if c != "S3"] + [] for seat, cards in question["hands"].items()
    }
    question = request(hands={"1": "S3 S3 S3"})
    change(question)
    with pytest.raises(BadInput) as caught:
        replay_deal(**question)
    assert (caught.value.code, caught.value.field) == (code, field)


# ---- 报否 (K4) ---------------------------------------------------------------------------------------
def test_k4_on_lead_a_player_asks_a_teammate_who_answers_not_to_report():
    result = replay(plays=[ask("1", "3", "不报"), ask("1", "5", "no_report")])
    assert result.valid and result.next_to_act is P1 and result.entries[0].asked is P3


def test_k4_on_lead_a_player_may_not_ask_an_opponent():
    result = replay(plays=[ask("1", "2", "不报")])
    assert (result.violation.index, result.violation.code) == (0, "ask_not_allowed")


def test_k4_following_a_player_asks_only_the_opponent_whose_play_is_on_the_table():
    plays = [play("1", "S3"), ask("2", "1", "不报")]
    assert replay(hands={"1": "S3"}, plays=plays).valid
    teammate = replay(hands={"1": "S3"}, plays=[play("1", "S3"), pass_("2"), ask("3", "1", "不报")])
    assert teammate.violation.code == "ask_not_allowed"
    other = replay(hands={"1": "S3"}, plays=[play("1", "S3"), ask("2", "5", "不报")])
    assert other.violation.code == "ask_not_allowed"


def test_k4_only_the_seat_to_play_asks():
    result = replay(plays=[ask("3", "5", "不报")])
    assert (result.violation.index, result.violation.code) == (0, "ask_out_of_turn")


def test_k4_above_ten_cards_the_answer_is_not_to_report():
    result = replay(plays=[ask("1", "3", 27)])
    assert (result.violation.index, result.violation.code) == (0, "wrong_report")


def test_k4_at_ten_or_fewer_the_answer_is_the_exact_count():
    profile = STANDARD.with_overrides({"report_threshold": 27})
    assert replay(profile=profile, plays=[ask("1", "3", 27)]).valid
    assert replay(profile=profile, plays=[ask("1", "3", "27")]).valid
    assert replay(profile=profile, plays=[ask("1", "3", 26)]).violation.code == "wrong_report"
    assert replay(profile=profile, plays=[ask("1", "3", "不报")]).violation.code == "wrong_report"


def test_k4_the_right_answer_follows_the_hand():
    state = small_deal()
    assert state.answer(P2) == 2 and state.may_ask(P1, P3) and not state.may_ask(P1, P1)


# ---- the end of a deal (K4, K5) ---------------------------------------------------------------------
def test_k5_the_deal_ends_when_a_team_is_all_out_and_scores_the_catch():
    state = small_deal()
    act(state, ("1", "S3"), ("2", "S4"), ("3", "S6"), ("4", "S7"), ("5", "S9"))
    result = state.result()
    assert (result.finished, result.finishing_order, result.next_to_act) == (True, (P1, P3, P5), None)
    assert (result.score.team, result.score.caught, result.score.points) == (Team.A, 3, 8)


def test_k4_after_a_last_play_passed_by_all_the_next_seat_leads():
    state = small_deal()
    act(state, ("1", "S3"), *[(seat, "") for seat in "23456"])
    assert state.to_act is P2 and state.on_lead


def test_k4_with_teammate_lead_the_next_teammate_leads():
    state = small_deal(profile=STANDARD.with_overrides({"lead_after_out": "teammate"}))
    act(state, ("1", "S3"), *[(seat, "") for seat in "23456"])
    assert state.to_act is P3 and state.on_lead


def test_k4_a_seat_out_is_skipped():
    state = small_deal()
    act(state, ("1", "S3"), ("2", "S4"), ("3", ""), ("4", ""), ("5", ""), ("6", ""))
    assert state.to_act is P2 and state.on_lead  # 1 is out, so only five had to pass
    act(state, ("2", "S5"))
    assert state.to_act is P3


def test_k5_trapped_when_the_other_team_finishes():
    hands = {"1": "S3", "2": "S4", "3": "S5 S6", "4": "S7", "5": "S8 S9", "6": "ST"}
    state = small_deal(hands)
    act(state, ("1", "S3"), ("2", "S4"), ("3", "S5"), ("4", "S7"), ("5", "S8"), ("6", "ST"))
    result = state.result()
    assert result.finishing_order == (P1, P2, P4, P6) and result.finished
    assert (result.score.team, result.score.trapped, result.score.points) == (Team.A, 2, 0)


def test_k6_a_replay_stopped_by_the_clock_is_scored_as_it_stands():
    plays = [play("1", "S3")]
    result = replay(hands={"1": "S3"}, plays=plays, stopped=True)
    assert not result.finished and result.score is not None and result.score.team is None
    assert replay(hands={"1": "S3"}, plays=plays).score is None
    state = small_deal()
    act(state, ("1", "S3"), ("2", "S4"), ("3", "S6"))
    stopped = state.result(stopped=True)
    assert (stopped.finished, stopped.score.team, stopped.score.trapped, stopped.score.points) == (
        False,
        Team.A,
        1,
        1,
    )


def test_k4_the_wire_form_of_actions():
    assert Action.asking(P1, P3, None).to_dict() == {"seat": "1", "ask": "3", "answer": "不报"}
    assert Action.asking(P1, P3, 7).to_dict()["answer"] == 7 and not Action.asking(P1, P3, 7).is_pass
    assert Action(P2).to_dict() == {"seat": "2", "pass": True} and Action(P2).is_pass
