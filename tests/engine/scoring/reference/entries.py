"""A frozen copy of engine/scoring/ranking/entries.py as it was before the standings were made
fast (issue 21): the reference the faster code is checked against (test_ranking_reference.py).
Not to be edited: it is what "the same answers" means.

The original docstring follows.

What the standings read about each pair, one value per round (docs/rules/guandan.md G10).

``pair_rounds`` turns confirmed ``MatchRecord``s into ``PairRound``s, calling each scoring method
once over all the records; ``RankingContext`` holds them with what the tiebreaks need beyond
them (the seed of the lots, how a bye counts for opponents' points) and totals computed once.
Standings "as of round N" are the same functions over the records up to round N.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import NamedTuple

from engine.scoring.methods.base import ScoringMethod, SettingCode, SettingError
from engine.scoring.methods.records import FIRST_LEVEL, DealTally, MatchKind, MatchRecord, Outcome
from engine.seats import Side

_NO_DEALS = DealTally()


class PairRound(NamedTuple):
    """One pair's match in one round. ``opponent`` is None for a bye; net and cumulative levels
    of an unplayed match are 0; a bye and a forfeit win are wins.

    A named tuple rather than a frozen dataclass: the standings of 1,000 pairs × 9 rounds build
    9,000 of them within the service's 300 ms budget, and a tuple is built several times faster.
    """

    round: int
    match_id: int
    opponent: int | None
    kind: MatchKind
    outcome: Outcome
    match_points: float
    level_points: float
    net_levels: int
    cumulative_levels: int
    firsts: int
    double_wins: int


def pair_rounds(
    records: Iterable[MatchRecord],
    *,
    match_method: ScoringMethod,
    level_method: ScoringMethod,
    pairs: Iterable[int] = (),
) -> dict[int, list[PairRound]]:
    """Every pair's rounds, sorted by round then match; ``pairs`` adds pairs with no record yet."""
    records = list(records)
    match_points = match_method.score(records)
    level_points = level_method.score(records)
    out: dict[int, list[PairRound]] = {pair: [] for pair in pairs}
    for record in records:
        mp, lp = match_points[record.match_id], level_points[record.match_id]
        levels = _levels(record)
        # K7 first-outs: a point game's recorded first-outs, else the deals won by a first place (G10)
        first_outs = record.first_outs if record.kind is MatchKind.PLAYED else None
        for pair, opponent, side in ((record.ns, record.ew, Side.NS), (record.ew, record.ns, Side.EW)):
            if pair is None:
                continue
            net, cumulative = levels[side]
            tally = _tally(record, side)
            firsts = tally.firsts if first_outs is None else first_outs[side]
            entry = PairRound(
                record.round,
                record.match_id,
                opponent,
                record.kind,
                record.outcome(side),
                mp.of(side) or 0,
                lp.of(side) or 0,
                net,
                cumulative,
                firsts,
                tally.double,
            )
            out.setdefault(pair, []).append(entry)
    for entries in out.values():
        entries.sort(key=_round_then_match)
    return out


def _round_then_match(entry: PairRound) -> tuple[int, int]:
    return entry.round, entry.match_id


_UNPLAYED = {Side.NS: (0, 0), Side.EW: (0, 0)}


def _levels(record: MatchRecord) -> dict[Side, tuple[int, int]]:
    """(net, cumulative) levels of each side in one pass over the games (0 when not played)."""
    if record.kind is not MatchKind.PLAYED:
        return _UNPLAYED
    net = ns_cumulative = ew_cumulative = 0
    for game in record.games:
        net += game.ns_level - game.ew_level
        ns_cumulative += game.ns_level - FIRST_LEVEL
        ew_cumulative += game.ew_level - FIRST_LEVEL
    return {Side.NS: (net, ns_cumulative), Side.EW: (-net, ew_cumulative)}


def _tally(record: MatchRecord, side: Side) -> DealTally:
    if record.kind is not MatchKind.PLAYED or record.tally is None:
        return _NO_DEALS
    return record.tally.get(side, _NO_DEALS)


class ByeInOpponents(StrEnum):
    """What a bye adds to a pair's opponents' points (G10 对手分)."""

    ZERO = "zero"
    OWN = "own"  # the pair's own final match points, as if it had met itself


class ForfeitInOpponents(StrEnum):
    """What the other side of a forfeited match (a late forfeit or a withdrawal, whoever forfeited)
    adds to a pair's opponents' points (G10 对手分)."""

    OPPONENT = "opponent"  # the opponent's final match points, as if the match was played
    ZERO = "zero"  # nothing, as a bye by default
    OWN = "own"  # the pair's own final match points, as if it had met itself


@dataclass(frozen=True, kw_only=True)
class RankingContext:
    """Everything a ranking reads: the rounds of every pair of the standings (pairs with no round
    included), the seed of the lots (stored and published with the standings) and how a bye and a
    forfeited match count in opponents' points.
    """

    rounds: Mapping[int, Sequence[PairRound]]
    seed: int | None = None
    bye_in_opponents: ByeInOpponents | str = ByeInOpponents.ZERO
    forfeit_in_opponents: ForfeitInOpponents | str = ForfeitInOpponents.OPPONENT
    # G12: match points a referee's ruling added or removed, per pair: part of the total, shown apart.
    penalty_points: Mapping[int, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.bye_in_opponents not in tuple(ByeInOpponents):
            raise SettingError(SettingCode.INVALID_CHOICE, "bye_in_opponents", "must be zero or own")
        if self.forfeit_in_opponents not in tuple(ForfeitInOpponents):
            raise SettingError(
                SettingCode.INVALID_CHOICE, "forfeit_in_opponents", "must be opponent, zero or own"
            )
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise SettingError(SettingCode.INVALID, "seed", "the seed of the lots is an integer")

    @cached_property
    def match_points(self) -> dict[int, float]:
        """Every pair's total match points (G10), computed once for all the tiebreaks."""
        penalties = self.penalty_points
        return {
            pair: _total((*(entry.match_points for entry in entries), penalties.get(pair, 0)))
            for pair, entries in self.rounds.items()
        }

    @cached_property
    def round_numbers(self) -> tuple[int, ...]:
        """Every round of the event's records, in order."""
        return tuple(sorted({entry.round for entries in self.rounds.values() for entry in entries}))


def _total(values: Iterable[float]) -> float:
    return clean(sum(values))


def clean(value: float) -> float:
    """A sum rounded so that equal totals reached in another order compare equal."""
    return round(value, 9) if isinstance(value, float) else value
