"""Standings of docs/rules/guandan.md G10 (pairs) and G11 (units). Pure Python: no Django here.

A selector gathers confirmed ``MatchRecord``s with a fixed number of queries; ``pair_rounds``
scores them with the event's two methods, and ``rank`` orders the pairs by match points and the
event's tiebreak chain, validated against ``METRICS``.
"""

from __future__ import annotations

from engine.scoring.methods.base import SettingCode, SettingError
from engine.scoring.ranking.entries import (
    ByeInOpponents,
    ForfeitInOpponents,
    PairRound,
    RankingContext,
    pair_rounds,
)
from engine.scoring.ranking.metrics import (
    MATCH_POINTS,
    MATCH_POINTS_LABEL,
    METRICS,
    Metric,
    lots_value,
    validate_chain,
)
from engine.scoring.ranking.rank import StandingRow, UnitRow, rank, rank_units

__all__ = [
    "MATCH_POINTS",
    "MATCH_POINTS_LABEL",
    "METRICS",
    "ByeInOpponents",
    "ForfeitInOpponents",
    "Metric",
    "PairRound",
    "RankingContext",
    "SettingCode",
    "SettingError",
    "StandingRow",
    "UnitRow",
    "lots_value",
    "pair_rounds",
    "rank",
    "rank_units",
    "validate_chain",
]
