"""Guandan's scoresheet parses every part of a posted deal once (engine/guandan/scoresheet.py): the
tribute check, the replay and the fold take the parsed values, and only the referee questions'
entry points parse raw input."""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.guandan import deal, finishing, question
from engine.guandan.cards import format_cards, format_level
from engine.guandan.deal import DealState
from engine.guandan.profiles import STANDARD
from engine.guandan.question import Transfer
from engine.guandan.scoresheet import SHEET
from engine.guandan.simulate import choose_action, deal_hands
from engine.guandan.tie import TieState, play_tie
from engine.guandan.tribute import check_tributes
from engine.guandan.tribute_rules import returnable_cards, tribute_cards
from engine.seats import Seat

#: The parsers of a deal's parts, by the module that defines them.
PARSERS: dict[str, Callable[..., Any]] = {
    "parse_hands": question.parse_hands,
    "parse_transfers": question.parse_transfers,
    "parse_action": deal.parse_action,
    "normalise_finishing_order": finishing.normalise_finishing_order,
}


def _second_deal(seed: int) -> tuple[TieState, dict[str, Any]]:
    """A table after a 1-3 finish of N, and its next deal posted whole: the hands as dealt, W's
    tribute to N and N's return, the plays from the hands after them, and the finishing order."""
    state = play_tie([["N", "E", "S"]])  # W came last: W pays N (G7)
    level = SHEET.deal_level(state)
    rng = random.Random(seed)
    while True:
        hands = deal_hands(rng)
        paid = Transfer(0, Seat.W, Seat.N, tribute_cards(hands[Seat.W], level)[0])
        held = (*hands[Seat.N], paid.card)
        back = Transfer(
            0, Seat.N, Seat.W, returnable_cards(held, level=level, giver=Seat.N, receiver=Seat.W)[0]
        )
        verdict = check_tributes(
            level=level, finish=state.tribute_after, hands=hands, tributes=[paid], returns=[back]
        )
        if verdict.valid and verdict.hands_after is not None and verdict.leader is not None:
            break  # else W held both big jokers (an anti-tribute): deal again
    table = DealState.dealt(level=level, hands=verdict.hands_after, leader=verdict.leader)
    actions = []
    while table.to_act is not None:
        action = choose_action(table, rng=rng, pass_rate=0.3, declare_rate=0.1)
        table.apply(action)
        actions.append(action)
    posted = {
        "level": format_level(level),
        "finishing_order": [str(seat) for seat in table.finishing_order],
        "tribute": {
            name: [{"from": str(t.from_seat), "to": str(t.to_seat), "card": t.card.code}]
            for name, t in (("tributes", paid), ("returns", back))
        },
        "hands": {str(seat): format_cards(cards) for seat, cards in hands.items()},
        "plays": [action.to_dict() for action in actions],
    }
    return state, posted


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every call of a deal part's parser, wherever the engine imported it."""
    counted: Counter[str] = Counter()

    def counting(name: str, parser: Callable[..., Any]) -> Callable[..., Any]:
        def parse(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return parser(*args, **kwargs)

        return parse

    for name, parser in PARSERS.items():
        wrapped = counting(name, parser)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("engine.") and getattr(module, name, None) is parser:
                monkeypatch.setattr(module, name, wrapped)
    return counted


@pytest.mark.parametrize("seed", [3, 11])
def test_a_deal_with_hands_tribute_and_plays_is_parsed_once(calls: Counter[str], seed: int) -> None:
    state, posted = _second_deal(seed)
    calls.clear()
    played = SHEET.play(posted, state=state, profile=STANDARD)
    assert calls == {
        "parse_hands": 1,
        "parse_transfers": 2,  # the tributes, the returns
        "parse_action": len(posted["plays"]),
        "normalise_finishing_order": 1,
    }
    assert played.record["tribute"]["kind"] == "single" and played.record["leader"] == "W"
    assert played.record["finishing_order"] == posted["finishing_order"]
    # What the play folded is what the stored record folds.
    assert played.state == SHEET.apply(state, played.record, profile=STANDARD)
