"""The rounds every climbing game shares and the replay loop (engine/rounds.py).

A toy game drives them: three seats, singles only, the higher rank beats, the deal ends when two
seats are out. What the rounds decide (turns, passes, leads, who is skipped) is what Guandan
(G5), Dou Dizhu (D6) and Daguai Luzi (K4) share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from engine.cards import Card, parse_card, parse_cards
from engine.errors import BadInput, RuleViolation
from engine.rounds import (
    TURN_VIOLATIONS,
    DoesNotBeat,
    IllegalCombination,
    Rounds,
    TurnCode,
    Violation,
    parse_actions,
    replay,
)


@dataclass(frozen=True)
class ToyAction:
    seat: str
    cards: tuple[Card, ...] | None = ()
    note: str = ""


@dataclass(frozen=True)
class ToyEntry:
    seat: str
    ok: bool
    reading: int | None = None
    passed: bool = False
    went_out: bool = False


def parse_toy(value: Mapping[str, Any], *, field: str = "play") -> ToyAction:
    if "seat" not in value:
        raise BadInput("invalid_action", "no seat", field=field)
    if "note" in value:
        return ToyAction(value["seat"], None, value["note"])
    return ToyAction(value["seat"], parse_cards(value.get("cards", [])))


class Toy(Rounds):
    action_type = ToyAction
    entry_type = ToyEntry
    SECTIONS = {"turn": "T1", "lead": "T2", "over": "T3"}

    def __init__(self, hands: Mapping[str, str], leader: str = "a") -> None:
        self.notes: list[str] = []
        super().__init__(
            order=("a", "b", "c"), leader=leader, hands={s: parse_cards(h.split()) for s, h in hands.items()}
        )

    @staticmethod
    def parse_action(value: Any) -> ToyAction:
        return parse_toy(value)

    def _judge(self, seat: str, action: ToyAction) -> int:
        assert action.cards
        if len(action.cards) != 1:
            raise IllegalCombination(detail="singles only")
        rank = action.cards[0].rank
        if self._last_reading is not None and rank <= self._last_reading:
            raise DoesNotBeat(detail="too low")
        return rank

    def _ends_deal(self, seat: str) -> bool:
        return self._holding == 1

    def _aside(self, action: ToyAction) -> ToyEntry:
        if action.note == "owe":
            self._held_up.add(action.seat)
        self.notes.append(action.note)
        return ToyEntry(action.seat, True)

    def _hold_up(self, seat: str) -> None:
        raise RuleViolation("held_up", f"{seat} owes a note")


def play(seat: str, *codes: str) -> ToyAction:
    return ToyAction(seat, tuple(parse_card(c) for c in codes))


def passes(seat: str) -> ToyAction:
    return ToyAction(seat)


HANDS = {"a": "S3 S9", "b": "S4 S5 SK", "c": "S6 SQ SA"}


def test_play_goes_round_and_the_last_player_leads_when_the_others_passed():
    toy = Toy(HANDS)
    toy.apply(play("a", "S3"))
    assert (toy.to_act, toy.last_play, toy.on_lead) == ("b", ("a", 3), False)
    toy.apply(play("b", "S4"))
    toy.apply(passes("c"))
    toy.apply(passes("a"))
    assert toy.to_act == "b" and toy.on_lead


def test_a_seat_out_is_skipped_and_the_lead_goes_on_after_its_last_play():
    toy = Toy({"a": "S9", "b": "S4 S5", "c": "S6 SQ"})
    entry = toy.apply(play("a", "S9"))
    assert entry.went_out and toy.finishing_order == ("a",) and toy.cards_left("a") == 0
    toy.apply(passes("b"))
    assert toy.to_act == "c"
    toy.apply(passes("c"))
    assert toy.to_act == "b" and toy.on_lead  # a is out: the next seat holding cards leads


def test_the_deal_ends_by_the_games_rule_and_then_refuses_every_turn():
    toy = Toy({"a": "S9", "b": "SK", "c": "S6 SQ"})
    toy.apply(play("a", "S9"))
    toy.apply(play("b", "SK"))
    assert toy.finished and toy.to_act is None and toy.finishing_order == ("a", "b")
    with pytest.raises(RuleViolation) as caught:
        toy.apply(passes("c"))
    assert (caught.value.code, caught.value.detail) == ("deal_over", "The deal is already over (T3).")


@pytest.mark.parametrize(
    ("actions", "code"),
    [
        ([play("b", "S4")], "not_your_turn"),
        ([passes("a")], "cannot_pass_on_lead"),
        ([play("a", "S4")], "card_not_in_hand"),
        ([play("a", "S3", "S3")], "card_not_in_hand"),
        ([play("a", "S3", "S9")], "illegal_combination"),
        ([play("a", "S9"), play("b", "S5")], "does_not_beat"),
    ],
)
def test_a_rejected_action_names_its_code_and_changes_nothing(actions, code):
    toy = Toy(HANDS)
    *before, last = actions
    for action in before:
        toy.apply(action)
    state = (toy.to_act, toy.last_play, toy.hand("a"), toy.hand("b"))
    with pytest.raises(RuleViolation) as caught:
        toy.apply(last)
    assert caught.value.code == code
    assert (toy.to_act, toy.last_play, toy.hand("a"), toy.hand("b")) == state


def test_an_aside_takes_no_turn_and_a_held_up_seat_may_not_act():
    toy = Toy(HANDS)
    toy.apply(ToyAction("c", None, "hello"))
    assert toy.to_act == "a" and toy.notes == ["hello"]
    toy.apply(ToyAction("a", None, "owe"))
    with pytest.raises(RuleViolation) as caught:
        toy.apply(play("a", "S3"))
    assert caught.value.code == "held_up"


def test_replay_stops_at_the_first_violation_with_its_index():
    toy = Toy(HANDS)
    actions = [play("a", "S3"), play("b", "S4"), passes("b")]
    entries, violation = replay(toy, actions, rejected=lambda a: ToyEntry(a.seat, False))
    assert violation == Violation(index=2, code="not_your_turn", detail="It is c's turn, not b's (T1).")
    assert violation.part == "plays" and [e.ok for e in entries] == [True, True, False]


def test_parse_actions_names_the_bad_action():
    with pytest.raises(BadInput) as caught:
        parse_actions([{"seat": "a", "cards": ["S3"]}, {"cards": []}], parse_toy)
    assert caught.value.field == "plays[1]"
    with pytest.raises(BadInput) as caught:
        parse_actions({"seat": "a"}, parse_toy)
    assert (caught.value.code, caught.value.field) == ("invalid", "plays")


def test_the_shared_turn_codes_each_have_a_class():
    assert {cls.code for cls in TURN_VIOLATIONS} == set(TurnCode)
