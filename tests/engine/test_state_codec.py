"""A match state stored as JSON reads back as the same state (engine/state_codec.py; docs/scoring.md
"The stored state"), for every game in service: what lets a deal post fold from the stored state."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.daguai.profiles import STANDARD as DAGUAI
from engine.daguai.sheet import SHEET as DAGUAI_SHEET
from engine.doudizhu.profiles import STANDARD as DOUDIZHU
from engine.doudizhu.sheet import SHEET as DOUDIZHU_SHEET
from engine.errors import EngineError
from engine.guandan.match import LevelChange
from engine.guandan.profiles import STANDARD as GUANDAN
from engine.guandan.scoresheet import SHEET as GUANDAN_SHEET
from engine.guandan.tie import TieState
from engine.seats import Side
from engine.shuangkou.profiles import STANDARD as SHUANGKOU
from engine.shuangkou.sheet import SHEET as SHUANGKOU_SHEET
from engine.state_codec import dump, load, shape

SEATS = "NESW"


def guandan(rng: random.Random, state: Any) -> dict:
    return {"finishing_order": rng.sample(SEATS, rng.choice([2, 3]))}


def shuangkou(rng: random.Random, state: Any) -> dict:
    return {"dealer": rng.choice(SEATS), "attackers_points": rng.randrange(0, 205, 5), "j_last_trick": False}


def daguai(rng: random.Random, state: Any) -> dict:
    return {"dealer": rng.choice("123456"), "finishing_order": rng.sample("123456", rng.choice([3, 4, 5]))}


def doudizhu(rng: random.Random, state: Any) -> dict:
    dealer = state.next_dealer.value
    order = SEATS[SEATS.index(dealer) :] + SEATS[: SEATS.index(dealer)]
    bids: list[dict] = []
    for seat in order:
        bid = rng.choice(["pass", "pass", 1, 2, 3])
        bids.append({"seat": seat, "bid": bid})
        if bid == 3:
            break
    return {"dealer": dealer, "bids": bids, "winner": rng.choice(["landlord", "farmers"])}


@dataclass(frozen=True)
class Game:
    sheet: Any
    profile: Any
    body: Callable[[random.Random, Any], dict]
    best_of: tuple[int, ...] = (1,)


GAMES = {
    "guandan": Game(GUANDAN_SHEET, GUANDAN, guandan, best_of=(1, 3)),
    "shuangkou": Game(SHUANGKOU_SHEET, SHUANGKOU, shuangkou),
    "daguai": Game(DAGUAI_SHEET, DAGUAI, daguai),
    "doudizhu": Game(DOUDIZHU_SHEET, DOUDIZHU, doudizhu),
}


def stored(game: Game, state: Any, best_of: int) -> Any:
    """The state written as the database keeps JSON, and read back."""
    written = json.loads(json.dumps(game.sheet.dump_state(state)))
    return game.sheet.load_state(written, profile=game.profile, best_of=best_of)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), deals=st.integers(0, 40))
def test_every_state_of_a_match_reads_back_as_it_was_stored(name, seed, deals):
    game, rng = GAMES[name], random.Random(seed)
    best_of = rng.choice(game.best_of)
    state = game.sheet.begin(game.profile, best_of=best_of)
    records = []
    for _ in range(deals * 3):  # a refused deal is drawn again
        if len(records) == deals or state.finished:
            break
        try:
            played = game.sheet.play(game.body(rng, state), state=state, profile=game.profile)
        except EngineError:
            continue
        records.append(played.record)
        state = played.state
        assert stored(game, state, best_of) == state
    assert game.sheet.fold(records, profile=game.profile, best_of=best_of) == state
    assert stored(game, state, best_of) == state


def test_a_state_with_a_referees_level_change_reads_back_as_it_was_stored():
    changes = {0: [LevelChange(side=Side.EW, amount=2, on_stage=True, label=7)]}
    state = GUANDAN_SHEET.fold([{"finishing_order": ["N", "S"]}], profile=GUANDAN, changes=changes)
    assert stored(GAMES["guandan"], state, 1) == state


def test_a_state_stored_by_another_shape_of_the_class_is_not_read():
    state = GUANDAN_SHEET.begin(GUANDAN)
    written = {**GUANDAN_SHEET.dump_state(state), "shape": "0" * 16}
    assert GUANDAN_SHEET.load_state(written, profile=GUANDAN) is None


def test_a_state_that_does_not_fit_its_class_is_not_read():
    written = {"shape": shape(TieState), "state": {"best_of": 1, "games": "no"}}
    assert GUANDAN_SHEET.load_state(written, profile=GUANDAN) is None


@pytest.mark.parametrize("value", [object(), b"bytes"])
def test_only_a_states_values_are_written(value):
    with pytest.raises(TypeError):
        dump(value)


def test_a_tuple_of_fixed_length_is_read_only_at_that_length():
    with pytest.raises(ValueError):
        load(tuple[int, int], [1])
