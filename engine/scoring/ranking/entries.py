"""What the standings read about each pair, one value per round (docs/rules/guandan.md G10).

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
from itertools import chain
from operator import attrgetter, itemgetter
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
    """Every pair's rounds, sorted by round then match; ``pairs`` adds pairs with no record yet.

    The loop is written out for speed (5,000 pairs × 9 rounds build 45,000 entries within the
    standings' budget, docs/scoring.md "Standings"): each record's levels, tallies and outcomes are
    read once for both sides, with no helper call per side; what it computes is
    ``MatchRecord.outcome``, ``net_levels`` and ``cumulative_levels`` of each side.
    """
    records = list(records)
    match_points = match_method.score(records)
    level_points = level_method.score(records)
    out: dict[int, list[PairRound]] = {pair: [] for pair in pairs}
    for record in records:
        mp, lp = match_points[record.match_id], level_points[record.match_id]
        kind, winner = record.kind, record.winner
        if kind is _PLAYED:
            net = ns_cumulative = ew_cumulative = 0
            for game in record.games:
                net += game.ns_level - game.ew_level
                ns_cumulative += game.ns_level - FIRST_LEVEL
                ew_cumulative += game.ew_level - FIRST_LEVEL
            tally = record.tally
            ns_tally = _NO_DEALS if tally is None else tally.get(Side.NS, _NO_DEALS)
            ew_tally = _NO_DEALS if tally is None else tally.get(Side.EW, _NO_DEALS)
            # K7 first-outs: a point game's recorded first-outs, else the deals won by a first place
            first_outs = record.first_outs
            if first_outs is None:
                ns_firsts, ew_firsts = ns_tally.firsts, ew_tally.firsts
            else:
                ns_firsts, ew_firsts = first_outs[Side.NS], first_outs[Side.EW]
            ns_double, ew_double = ns_tally.double, ew_tally.double
            ew_net = -net
        else:
            net = ns_cumulative = ew_cumulative = ew_net = 0
            ns_firsts = ew_firsts = ns_double = ew_double = 0
        if kind is _BYE:
            ns_outcome = ew_outcome = _WIN
        elif winner is None:
            ns_outcome = ew_outcome = _DRAW if kind is _PLAYED else _LOSS
        else:
            ns_outcome = _WIN if winner is Side.NS else _LOSS
            ew_outcome = _WIN if winner is Side.EW else _LOSS
        number, match, ns, ew = record.round, record.match_id, record.ns, record.ew
        if ns is not None:
            out.setdefault(ns, []).append(
                _new(
                    PairRound,
                    (
                        number,
                        match,
                        ew,
                        kind,
                        ns_outcome,
                        mp.ns or 0,
                        lp.ns or 0,
                        net,
                        ns_cumulative,
                        ns_firsts,
                        ns_double,
                    ),
                )
            )
        if ew is not None:
            out.setdefault(ew, []).append(
                _new(
                    PairRound,
                    (
                        number,
                        match,
                        ns,
                        kind,
                        ew_outcome,
                        mp.ew or 0,
                        lp.ew or 0,
                        ew_net,
                        ew_cumulative,
                        ew_firsts,
                        ew_double,
                    ),
                )
            )
    for entries in out.values():
        entries.sort(key=_ROUND_THEN_MATCH)
    return out


#: Readers of one field of every ``PairRound`` (``map(MATCH_POINTS_OF, entries)``): the standings
#: read each field of 45,000 entries at 5,000 pairs × 9 rounds, and ``map`` with a getter is the
#: cheapest loop Python has.
ROUND_OF = attrgetter("round")
MATCH_POINTS_OF = attrgetter("match_points")
OUTCOME_OF = attrgetter("outcome")

_PLAYED, _BYE = MatchKind.PLAYED, MatchKind.BYE
#: ``PairRound``'s own constructor, a Python function, skipped: the tuple is made in C from the fields
#: in the class's order (45,000 entries made in about 14 ms instead of 22).
_new = tuple.__new__
_WIN, _DRAW, _LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
#: A ``PairRound``'s sort key: its round, then its match (its first two fields).
_ROUND_THEN_MATCH = itemgetter(0, 1)


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
    included), the seed of the lots (stored and published with the standings) and the pairs' numbers
    they are drawn on, and how a bye and a forfeited match count in opponents' points.
    """

    rounds: Mapping[int, Sequence[PairRound]]
    seed: int | None = None
    bye_in_opponents: ByeInOpponents | str = ByeInOpponents.ZERO
    forfeit_in_opponents: ForfeitInOpponents | str = ForfeitInOpponents.OPPONENT
    # G12: match points a referee's ruling added or removed, per pair: part of the total, shown apart.
    penalty_points: Mapping[int, float] = field(default_factory=dict)
    # What each pair's lot is drawn on (G10 抽签), by id: its number (对号), which the event itself
    # holds, so that two events built alike rank alike in any database; a pair missing is its own.
    lot_keys: Mapping[int, int] = field(default_factory=dict)
    # An individual event's players meet two opponents at a table (engine.scoring.ranking.individual):
    # player → match id → the opponents met there. None: each entry's ``opponent`` is the one met.
    met: Mapping[int, Mapping[int, tuple[int, ...]]] | None = None

    def opponents(self, pair: int, entry: PairRound) -> tuple[int, ...]:
        """The opponents ``pair`` met in ``entry``'s match (none for a bye)."""
        if self.met is not None:
            found = self.met.get(pair, {}).get(entry.match_id)
            if found is not None:
                return found
        return () if entry.opponent is None else (entry.opponent,)

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
        penalties, points = self.penalty_points, MATCH_POINTS_OF
        return {
            pair: _total((*map(points, entries), penalties.get(pair, 0)))
            for pair, entries in self.rounds.items()
        }

    @cached_property
    def round_numbers(self) -> tuple[int, ...]:
        """Every round of the event's records, in order."""
        return tuple(sorted(set(map(ROUND_OF, chain.from_iterable(self.rounds.values())))))


def _total(values: Iterable[float]) -> float:
    return clean(sum(values))


def clean(value: float) -> float:
    """A sum rounded so that equal totals reached in another order compare equal."""
    return round(value, 9) if isinstance(value, float) else value
