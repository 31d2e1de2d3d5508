"""Builders of the plain records the pure scoring tests rank (engine/scoring/methods/records.py)."""

from __future__ import annotations

from engine.scoring.methods import DealTally, GameRecord, MatchRecord


def played(match_id, round, ns, ew, levels, winner, tally=None) -> MatchRecord:
    """A played single-game match: ``levels`` is (NS, EW), ``winner`` a Side or None (a draw)."""
    return MatchRecord(
        match_id=match_id,
        round=round,
        ns=ns,
        ew=ew,
        winner=winner,
        games=(GameRecord(ns_level=levels[0], ew_level=levels[1], winner=winner),),
        tally=tally,
    )


def t(double=0, one_three=0, one_four=0) -> DealTally:
    """A side's deal tally: 1-2, 1-3 and 1-4 wins."""
    return DealTally(double=double, one_three=one_three, one_four=one_four)
