"""A referee's level change (G12) folded into the match (engine/guandan/match.py, tie.py):
an entry of its own in the level line, within 2 … A, optionally putting the side on stage."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import BadInput
from engine.guandan.match import EndReason, LevelChange, MatchState, Tiebreak, apply_level_change
from engine.guandan.profiles import STANDARD
from engine.guandan.tie import play_tie
from engine.penalties import PenaltyKind, PenaltySettingError, build_table, effects_from
from engine.seats import Side


def test_g12_a_level_change_is_an_entry_of_its_own_and_puts_the_side_on_stage():
    tie = play_tie([["N", "S"]], changes={1: [LevelChange(side=Side.EW, amount=1, on_stage=True, label=7)]})
    assert tie.to_dict()["levels"] == {"NS": "5", "EW": "3"}
    assert (tie.to_dict()["on_stage"], tie.to_dict()["deal_level"]) == ("EW", "3")
    assert tie.level_line() == [
        {"deal": 1, "game": 1, "NS": "5", "EW": "2"},
        {"deal": 1, "game": 1, "NS": "5", "EW": "3", "change": 7},
    ]
    later = play_tie(
        [["N", "S"], ["E", "W"]], changes={1: [LevelChange(side=Side.EW, amount=1, on_stage=True)]}
    )
    assert [entry["deal"] for entry in later.level_line()] == [1, 1, 2]
    assert later.to_dict()["levels"] == {"NS": "5", "EW": "6"}


def test_g12_a_change_before_the_first_deal_and_the_bounds_2_and_a():
    tie = play_tie(
        [], changes={0: [LevelChange(side=Side.NS, amount=-3), LevelChange(side=Side.EW, amount=20)]}
    )
    assert tie.to_dict()["levels"] == {"NS": "2", "EW": "A"}
    assert tie.level_line()[0]["deal"] == 0


def test_g12_a_change_after_a_match_won_by_passing_a_moves_the_losers_level_not_the_winner():
    over = play_tie(
        [["N", "S"]] * 5,
        changes={
            5: [LevelChange(side=Side.EW, amount=1, label=1), LevelChange(side=Side.NS, amount=1, label=2)]
        },
    )
    assert (over.finished, over.winner) == (True, Side.NS)
    assert over.to_dict()["levels"] == {"NS": "A+", "EW": "3"}
    assert [entry.get("change") for entry in over.level_line()[-2:]] == [1, 2]
    # apply_level_change is a match in play's: a finished one takes no change there
    with pytest.raises(BadInput) as error:
        apply_level_change(over.games[0], LevelChange(side=Side.EW, amount=1))
    assert error.value.code == "match_over"
    assert apply_level_change(MatchState(), LevelChange(side=Side.NS, amount=2)).changes == ((0, None),)


def test_g12_a_change_after_a_match_decided_on_levels_decides_it_again():
    four = replace(STANDARD, match_format="deal_count", deal_limit=2)
    deals = [["N", "E", "S"], ["E", "N", "W"]]  # NS 4, EW 4: a draw at the deal limit
    assert play_tie(deals, profile=four).draw
    late = play_tie(deals, profile=four, changes={2: [LevelChange(side=Side.EW, amount=1)]})
    assert (late.finished, late.winner, late.games[0].end_reason) == (True, Side.EW, EndReason.DEAL_LIMIT)
    assert late.to_dict()["levels"] == {"NS": "4", "EW": "5"}


def test_g12_equal_levels_an_extra_deal_settled_stay_settled_after_a_late_change():
    knockout = replace(STANDARD, match_format="deal_count", deal_limit=2, equal_levels="extra_deal")
    deals = [["N", "E", "S"], ["E", "N", "W"], ["E", "W"]]  # 4 all, then EW win the extra deal
    settled = play_tie(deals, profile=knockout)
    assert (settled.winner, settled.games[0].tiebreak) == (Side.EW, Tiebreak.EXTRA_DEAL)
    late = play_tie(deals, profile=knockout, changes={3: [LevelChange(side=Side.NS, amount=-1)]})
    assert (late.finished, late.winner) == (True, Side.EW)
    moved = play_tie(deals, profile=knockout, changes={3: [LevelChange(side=Side.NS, amount=5)]})
    assert (moved.finished, moved.winner) == (True, Side.NS)


def test_g12_the_signal_variant_and_a_referees_own_effects():
    table = build_table({}, default_table="national_2017", signal_penalty="disqualification")
    assert table.key == "national_2017"
    assert table.row("illegal_signal").step(4)[0].kind is PenaltyKind.DISQUALIFICATION
    assert table.row("illegal_signal").step(1)[0].kind is PenaltyKind.WARNING
    assert effects_from([]) == ()
    assert effects_from([{"kind": "levels", "to": "opponents", "amount": 1}])[0].amount == 1
    with pytest.raises(PenaltySettingError) as error:
        effects_from([{"kind": "levels"}])
    assert (error.value.code, error.value.field) == ("required", "effects.0.amount")
