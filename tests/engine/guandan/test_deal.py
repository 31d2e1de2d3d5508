"""Replaying a deal (docs/rules/guandan.md G5, G6): engine/guandan/deal.py.

The hands are built so that every seat can go out in a few big plays:
N: 3x8 4x8 5x8 666; S: 7x8 8x8 9x8 TTT; E: Jx8 Qx8 Kx8 666; W: Ax8 2x8 (two of them the wild
H2s at level 2) TTTTT 66 and the four jokers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import BadInput, RuleViolation
from engine.guandan.cards import ALL_CODES
from engine.guandan.deal import Action, DealState, level_rise, replay_deal
from engine.guandan.profiles import STANDARD
from engine.guandan.readings import ComboType
from engine.seats import Seat, Side

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def build_hands() -> dict[str, list[str]]:
    pool = [code for code in ALL_CODES for _ in range(2)]

    def take(rank: str, n: int) -> list[str]:
        taken = [code for code in pool if code[1:] == rank or code == rank][:n]
        for code in taken:
            pool.remove(code)
        return taken

    hands = {
        "N": take("3", 8) + take("4", 8) + take("5", 8) + take("6", 3),
        "S": take("7", 8) + take("8", 8) + take("9", 8) + take("T", 3),
        "E": take("J", 8) + take("Q", 8) + take("K", 8) + take("6", 3),
    }
    hands["W"] = pool
    return hands


HANDS = build_hands()


def cards(seat: str, rank: str, n: int | None = None) -> list[str]:
    found = [c for c in HANDS[seat] if c[1:] == rank or c == rank]
    return found if n is None else found[:n]


def p(seat: str, played: list[str], **declared) -> dict:
    action = {"seat": seat, "cards": played}
    if declared:
        action["declared"] = declared
    return action


def x(seat: str) -> dict:
    return {"seat": seat, "pass": True}


def around(*seats: str) -> list[dict]:
    return [x(seat) for seat in seats]


JOKERS = ["BJ", "BJ", "RJ", "RJ"]
# N goes out in four plays; everyone passes each time.
N_OUT = [
    p("N", cards("N", "6")),
    *around("W", "S", "E"),
    p("N", cards("N", "3")),
    *around("W", "S", "E"),
    p("N", cards("N", "4")),
    *around("W", "S", "E"),
    p("N", cards("N", "5")),
]
# Then S leads (jie feng) and goes out: a 1-2 finish.
S_OUT = [
    p("S", cards("S", "T")),
    *around("E", "W"),
    p("S", cards("S", "7")),
    *around("E", "W"),
    p("S", cards("S", "8")),
    *around("E", "W"),
    p("S", cards("S", "9")),
]
# After N is out and S leads TTT, E bombs and goes out; then W leads (jie feng).
E_OUT = [
    p("S", cards("S", "T")),
    p("E", cards("E", "J")),
    *around("W", "S"),
    p("E", cards("E", "Q")),
    *around("W", "S"),
    p("E", cards("E", "K")),
    *around("W", "S"),
    p("E", cards("E", "6")),
    *around("W", "S"),
]
W_OUT = [
    p("W", JOKERS),
    x("S"),
    p("W", cards("W", "A")),
    x("S"),
    p("W", cards("W", "2")),
    x("S"),
    p("W", cards("W", "T")),
    x("S"),
    p("W", cards("W", "6")),
]


def replay(plays, *, level=2, leader="N", profile=STANDARD):
    return replay_deal(level=level, hands=HANDS, leader=leader, plays=plays, profile=profile)


def state_after(plays, **kwargs) -> DealState:
    state = DealState(
        level=kwargs.get("level", 2), hands=HANDS, leader="N", profile=kwargs.get("profile", STANDARD)
    )
    for action in plays:
        state.apply(action)
    return state


def violation(plays, **kwargs):
    result = replay(plays, **kwargs)
    assert not result.valid
    return result.violation.index, result.violation.code


# ---- G5 turn order and rounds -----------------------------------------------------------------------
def test_g5_play_goes_counterclockwise_from_the_leader():
    assert state_after([p("N", cards("N", "6"))]).to_act is W
    assert state_after([p("N", cards("N", "6")), x("W")]).to_act is S
    assert state_after([p("N", cards("N", "6")), x("W"), x("S")]).to_act is E


def test_g1_clockwise_variant():
    clockwise = replace(STANDARD, turn_direction="clockwise")
    assert state_after([p("N", cards("N", "6"))], profile=clockwise).to_act is E


def test_g5_new_round_after_every_other_seat_passed():
    state = state_after([p("N", cards("N", "6")), *around("W", "S", "E")])
    assert state.to_act is N and state.on_lead and state.last_play is None


def test_g5_the_last_player_leads_even_when_it_was_not_the_leader():
    state = state_after([p("N", cards("N", "6")), x("W"), p("S", cards("S", "T")), *around("E", "N", "W")])
    assert state.to_act is S and state.on_lead


def test_g5_a_pass_does_not_end_the_round_early():
    state = state_after([p("N", cards("N", "6")), x("W"), p("S", cards("S", "T")), x("E"), x("N")])
    assert state.to_act is W and state.last_play[0] is S


# ---- G5 going out, jie feng, end of the deal -------------------------------------------------------------
def test_g5_going_out_enters_the_finishing_order():
    state = state_after(N_OUT)
    assert state.finishing_order == (N,) and state.cards_left(N) == 0 and not state.finished


def test_g5_jiefeng_partner_leads():
    state = state_after([*N_OUT, *around("W", "S", "E")])
    assert state.to_act is S and state.on_lead


def test_g5_jiefeng_next_seat_variant():
    next_seat = replace(STANDARD, jiefeng="next_seat")
    state = state_after([*N_OUT, *around("W", "S", "E")], profile=next_seat)
    assert state.to_act is W and state.on_lead


def test_g5_no_jiefeng_when_the_last_play_is_beaten():
    state = state_after([*N_OUT, p("W", JOKERS), *around("S", "E")])
    assert state.to_act is W and state.on_lead


def test_g5_seats_that_are_out_are_skipped():
    state = state_after([*N_OUT, *around("W", "S", "E"), p("S", cards("S", "T")), x("E")])
    assert state.to_act is W
    state.apply(x("W"))
    assert state.to_act is S and state.on_lead  # E and W passed; N is out


def test_g5_1_2_finish_ends_the_deal_and_rises_three():
    result = replay([*N_OUT, *around("W", "S", "E"), *S_OUT])
    assert result.valid and result.finished
    assert result.finishing_order[:2] == (N, S) and set(result.finishing_order[2:]) == {E, W}
    assert result.winner_side is Side.NS and result.level_rise == 3
    assert result.next_to_act is None
    assert len(result.entries) == len(N_OUT) + 3 + len(S_OUT)
    assert result.entries[len(N_OUT) - 1].went_out


def test_g5_1_3_finish_when_three_seats_are_out():
    plays = [*N_OUT, *around("W", "S", "E"), *E_OUT]
    plays += [p("W", cards("W", "6")), p("S", cards("S", "7")), x("W")]
    plays += [p("S", cards("S", "8")), x("W"), p("S", cards("S", "9"))]
    result = replay(plays)
    assert result.valid and result.finished
    assert result.finishing_order == (N, E, S, W)
    assert result.winner_side is Side.NS and result.level_rise == 2


def test_g5_1_4_finish():
    result = replay([*N_OUT, *around("W", "S", "E"), *E_OUT, *W_OUT])
    assert result.valid and result.finished
    assert result.finishing_order == (N, E, W, S)
    assert result.winner_side is Side.NS and result.level_rise == 1


def test_g5_unfinished_deal_is_valid_so_far():
    result = replay(N_OUT)
    assert result.valid and not result.finished
    assert result.finishing_order == (N,) and result.next_to_act is W
    assert result.winner_side is None and result.level_rise is None


# ---- G5 violations, in the order they are checked --------------------------------------------------
def test_g5_deal_over():
    assert violation([*N_OUT, *around("W", "S", "E"), *S_OUT, x("E")]) == (
        len(N_OUT) + 3 + len(S_OUT),
        "deal_over",
    )


def test_g5_not_your_turn():
    assert violation([p("N", cards("N", "6")), x("S")]) == (1, "not_your_turn")


def test_g5_leader_must_be_the_first_to_act():
    assert violation([p("W", cards("W", "6"))]) == (0, "not_your_turn")


def test_g5_seat_that_is_out_never_acts():
    assert violation([*N_OUT, x("N")]) == (len(N_OUT), "not_your_turn")


def test_g5_card_not_in_hand():
    assert violation([p("N", ["SJ"])]) == (0, "card_not_in_hand")


def test_g5_card_already_played_is_not_in_hand():
    plays = [p("N", cards("N", "6")), *around("W", "S", "E"), p("N", cards("N", "6", 1))]
    assert violation(plays) == (4, "card_not_in_hand")


def test_g5_more_copies_than_held_is_card_not_in_hand():
    assert violation([p("N", [cards("N", "6")[0]] * 3)]) == (0, "card_not_in_hand")


def test_g5_illegal_combination():
    assert violation([p("N", cards("N", "3", 1) + cards("N", "4", 1))]) == (0, "illegal_combination")


def test_g5_does_not_beat():
    assert violation([p("N", cards("N", "6")), p("W", cards("W", "6"))]) == (1, "does_not_beat")


def test_g5_equal_does_not_beat():
    assert violation([p("N", cards("N", "6")), x("W"), x("S"), p("E", cards("E", "6"))]) == (
        3,
        "does_not_beat",
    )


def test_g5_cannot_pass_on_lead():
    assert violation([x("N")]) == (0, "cannot_pass_on_lead")
    assert violation([*N_OUT, *around("W", "S", "E"), x("S")]) == (len(N_OUT) + 3, "cannot_pass_on_lead")


def test_g5_declared_reading_invalid():
    assert violation([p("N", cards("N", "6"), type="pair")]) == (0, "declared_reading_invalid")


def test_g5_declared_reading_is_used():
    result = replay([p("N", cards("N", "6"), type="triple", rank="6")])
    assert result.valid and result.entries[0].reading.type is ComboType.TRIPLE


def test_g5_checks_come_in_order():
    # Not in hand and out of turn: the turn is checked first.
    assert violation([p("W", ["S3", "D4"])]) == (0, "not_your_turn")
    # Not in hand and no combination: holding the cards is checked first.
    assert violation([p("N", ["SJ", "DQ"])]) == (0, "card_not_in_hand")
    # No combination and a wrong declaration: the combination is checked first.
    assert violation([p("N", cards("N", "3", 1) + cards("N", "4", 1), type="pair")]) == (
        0,
        "illegal_combination",
    )
    # Not beating and a wrong declaration: beating is checked first.
    assert violation([p("N", cards("N", "6")), p("W", cards("W", "6"), type="triple")]) == (
        1,
        "does_not_beat",
    )


def test_g5_replay_stops_at_the_first_violation():
    result = replay([p("N", cards("N", "6")), x("S"), x("W"), x("S"), x("E")])
    assert result.violation.index == 1 and len(result.entries) == 2
    assert result.entries[0].ok and not result.entries[1].ok
    assert result.next_to_act is W  # the state before the violation


def test_g5_violation_leaves_the_state_unchanged():
    state = state_after([p("N", cards("N", "6"))])
    with pytest.raises(RuleViolation) as caught:
        state.apply(p("W", cards("W", "6")))
    assert caught.value.code == "does_not_beat"
    assert state.to_act is W and state.cards_left(W) == 27 and state.last_play[0] is N


def test_g5_step_by_step_with_action_objects():
    state = DealState(level="2", hands=HANDS, leader=Seat.N)
    entry = state.apply(Action(seat=N, cards=tuple(state.hand(N)[-3:])))
    assert entry.ok and entry.reading.type is ComboType.TRIPLE and entry.reading.rank == 6
    assert state.apply(Action(seat=W)).passed


# ---- malformed questions --------------------------------------------------------------------------------
def _with(**changes):
    return {"level": 2, "hands": HANDS, "leader": "N", "plays": [], **changes}


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        (_with(hands={**HANDS, "N": HANDS["N"][:26]}), "wrong_hand_size"),
        (_with(hands={k: v for k, v in HANDS.items() if k != "W"}), "missing_hand"),
        (_with(hands={**HANDS, "X": HANDS["N"]}), "unknown_seat"),
        (_with(hands={**HANDS, "N": ["S7", *HANDS["N"][1:]]}), "too_many_copies"),  # S holds both S7s
        (_with(hands={**HANDS, "N": ["Z9", *HANDS["N"][1:]]}), "unknown_card"),
        (_with(leader="Q"), "unknown_seat"),
        (_with(level="Z"), "unknown_level"),
        (_with(plays=[{"seat": "N", "pass": True, "cards": ["S3"]}]), "invalid_action"),
        (_with(plays=[{"seat": "N"}]), "invalid_action"),
        (_with(plays=[{"seat": "N", "cards": []}]), "empty_play"),
        (_with(plays=[{"seat": "N", "cards": ["S3", "XX"]}]), "unknown_card"),
        (_with(plays=[{"seat": "Z", "pass": True}]), "unknown_seat"),
        (
            _with(plays=[{"seat": "N", "cards": ["S3"], "declared": {"type": "x"}}]),
            "unknown_combination_type",
        ),
    ],
)
def test_malformed_replay_is_bad_input(request_, code):
    with pytest.raises(BadInput) as caught:
        replay_deal(**request_)
    assert caught.value.code == code


def test_malformed_action_after_a_violation_is_still_bad_input():
    with pytest.raises(BadInput) as caught:
        replay_deal(**_with(plays=[x("N"), {"seat": "N", "cards": ["??"]}]))
    assert caught.value.field == "plays[1].cards[0]"


def test_action_wire_form_round_trips():
    action = Action(seat=N, cards=tuple(state_after([]).hand(N)[:1]))
    assert action.to_dict() == {"seat": "N", "cards": [action.cards[0].code]}
    assert Action(seat=W).to_dict() == {"seat": "W", "pass": True}


# ---- G6 level rise ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("order", "rise"),
    [
        (["N", "S"], 3),
        (["N", "S", "E", "W"], 3),
        (["N", "E", "S"], 2),
        (["E", "N", "W", "S"], 2),
        (["N", "E", "W"], 1),
    ],
)
def test_g6_level_rise(order, rise):
    assert level_rise(order) == rise


def test_g6_level_rise_needs_a_finished_order():
    with pytest.raises(BadInput):
        level_rise(["N", "E"])
