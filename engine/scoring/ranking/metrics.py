"""Tiebreak metrics of the standings (docs/rules/guandan.md G10), behind one registry.

Every metric is a small class with ``key``, ``label`` and ``ascending`` (False: higher
ranks first), registered in ``METRICS``; an event's tiebreak chain is validated against that
dict (``validate_chain``) and the API's enum comes from it. A metric gives
the value of every pair at once, from totals the ``RankingContext`` computes once; only
``head_to_head`` depends on which pairs are tied (``group_dependent``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from operator import attrgetter, mul
from typing import ClassVar

from engine.lots import lot
from engine.scoring.methods.base import SettingCode, SettingError, gettext_noop
from engine.scoring.methods.records import MatchKind, Outcome
from engine.scoring.ranking.entries import (
    MATCH_POINTS_OF,
    OUTCOME_OF,
    ROUND_OF,
    ByeInOpponents,
    ForfeitInOpponents,
    PairRound,
    RankingContext,
    clean,
)

Value = float | int | None

MATCH_POINTS = "match_points"  # always ranks first (G10), never part of the chain
MATCH_POINTS_LABEL = gettext_noop("Match points")
LOTS_BITS = 53  # a JavaScript number holds every integer up to 2**53 exactly


def lots_value(seed: int, member: int) -> int:
    """A pair's (or unit's) lot, drawn reproducibly from the published seed (G10): the top 53 bits of
    the draws' 64-bit lot, so that a club website's JavaScript reads it exactly."""
    return lot(seed, member) >> (64 - LOTS_BITS)


class Metric(ABC):
    key: ClassVar[str]
    label: ClassVar[str]  # English, marked with gettext_noop: scoring.labels translates it
    ascending: ClassVar[bool] = False
    group_dependent: ClassVar[bool] = False

    @abstractmethod
    def values(self, ctx: RankingContext) -> dict[int, Value]:
        """The value of every pair of the standings."""

    def group_values(self, ctx: RankingContext, group: Sequence[int]) -> dict[int, Value]:
        """The values of the pairs of one tied group; only ``group_dependent`` metrics are asked."""
        values = self.values(ctx)
        return {pair: values[pair] for pair in group}


class PerPairMetric(Metric):
    """A metric whose value for a pair depends on that pair's rounds (and totals) alone."""

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        return {pair: self.pair_value(ctx, pair, entries) for pair, entries in ctx.rounds.items()}

    @abstractmethod
    def pair_value(self, ctx: RankingContext, pair: int, entries: Sequence[PairRound]) -> Value:
        """The value of one pair."""


class _Sum(PerPairMetric):
    field: ClassVar[str]

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        # One comprehension with a C-level getter instead of a method call per pair and an
        # attribute lookup per entry: the same terms, summed in the same order.
        value = attrgetter(self.field)
        return {pair: clean(sum(map(value, entries))) for pair, entries in ctx.rounds.items()}

    def pair_value(self, ctx: RankingContext, pair: int, entries: Sequence[PairRound]) -> Value:
        return clean(sum(map(attrgetter(self.field), entries)))


class LevelPoints(_Sum):
    """Level points (级分/小分) by the event's level method: the usual first tiebreak."""

    key, field = "level_points", "level_points"
    label = gettext_noop("Level points")


class NetLevelPoints(_Sum):
    """净胜分: own final level − opponent's, summed over every game."""

    key, field = "net_level_points", "net_levels"
    label = gettext_noop("Net level points")


class CumulativeLevelPoints(_Sum):
    """累积小分: own level − 2 over every game (passing A counts 15)."""

    key, field = "cumulative_level_points", "cumulative_levels"
    label = gettext_noop("Cumulative level points")


class FirstPlaces(_Sum):
    """跑头家次数: deals in which one of the pair's seats went out first (a point game's recorded
    first-outs, docs/rules/daguai.md K7)."""

    key, field = "first_places", "firsts"
    label = gettext_noop("First places")


class DoubleWins(_Sum):
    """双上: deals won with a 1-2 finish."""

    key, field = "double_wins", "double_wins"
    label = gettext_noop("Double wins")


class Wins(PerPairMetric):
    """Matches won; a bye and a forfeit win count as wins."""

    key = "wins"
    label = gettext_noop("Wins")

    def pair_value(self, ctx: RankingContext, pair: int, entries: Sequence[PairRound]) -> Value:
        return [*map(OUTCOME_OF, entries)].count(Outcome.WIN)


class HeadToHead(Metric):
    """The match points each of exactly two tied pairs scored in their meetings (all summed).

    For any other group, or two pairs that never met, it is None and separates nobody.
    """

    key = "head_to_head"
    label = gettext_noop("Head to head")
    group_dependent = True

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        return dict.fromkeys(ctx.rounds)

    def group_values(self, ctx: RankingContext, group: Sequence[int]) -> dict[int, Value]:
        if len(group) != 2:
            return dict.fromkeys(group)
        a, b = group
        met_a = [entry.match_points for entry in ctx.rounds[a] if b in ctx.opponents(a, entry)]
        met_b = [entry.match_points for entry in ctx.rounds[b] if a in ctx.opponents(b, entry)]
        if not met_a and not met_b:
            return dict.fromkeys(group)
        return {a: clean(sum(met_a)), b: clean(sum(met_b))}


class OpponentsPoints(PerPairMetric):
    """对手分 (Buchholz): the final match points of every opponent met.

    A bye adds 0, or the pair's own match points with ``bye_in_opponents="own"``. A forfeited match
    (a late forfeit or a withdrawal, whichever side forfeited) adds the opponent's points as if it
    was played (``forfeit_in_opponents="opponent"``, the default), nothing (``"zero"``), or the
    pair's own points (``"own"``).
    """

    key = "opponents_points"
    label = gettext_noop("Opponents' points")
    cut = 0

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        # ``contribution`` written out for the usual round, a played (or awarded) match: the
        # opponent's total, read with no call per round (45,000 rounds at 5,000 pairs × 9).
        if ctx.met is not None:  # two opponents a table: read round by round
            return {pair: self.pair_value(ctx, pair, entries) for pair, entries in ctx.rounds.items()}
        totals, contribution, cut = ctx.match_points, self.contribution, self.cut
        unusual = (MatchKind.FORFEIT, MatchKind.WITHDRAWAL)
        out: dict[int, Value] = {}
        for pair, entries in ctx.rounds.items():
            parts = [
                contribution(ctx, pair, entry)
                if entry.opponent is None or entry.kind in unusual
                else totals.get(entry.opponent, 0)
                for entry in entries
            ]
            if cut and parts:
                parts.remove(min(parts))
            out[pair] = clean(sum(parts))
        return out

    def pair_value(self, ctx: RankingContext, pair: int, entries: Sequence[PairRound]) -> Value:
        parts = [self.contribution(ctx, pair, entry) for entry in entries]
        if self.cut and parts:
            parts.remove(min(parts))
        return clean(sum(parts))

    @staticmethod
    def contribution(ctx: RankingContext, pair: int, entry: PairRound) -> float:
        """What one round adds to the pair's opponents' points."""
        totals = ctx.match_points
        if entry.opponent is None:  # a bye
            return totals[pair] if ctx.bye_in_opponents == ByeInOpponents.OWN else 0
        if entry.kind in (MatchKind.FORFEIT, MatchKind.WITHDRAWAL):
            if ctx.forfeit_in_opponents == ForfeitInOpponents.ZERO:
                return 0
            if ctx.forfeit_in_opponents == ForfeitInOpponents.OWN:
                return totals[pair]
        if ctx.met is not None:  # an individual event: both opponents of the table
            return sum(totals.get(other, 0) for other in ctx.opponents(pair, entry))
        return totals.get(entry.opponent, 0)


class OpponentsPointsCut1(OpponentsPoints):
    """Opponents' points without the lowest single contribution: a pair that met one opponent has
    0 (docs/scoring.md §5; issue 23: it kept its one contribution)."""

    key = "opponents_points_cut1"
    label = gettext_noop("Opponents' points, cut 1")
    cut = 1


class Progressive(Metric):
    """累进分: the sum of the running match-point totals after each round of the event.

    A round the pair did not play still counts, adding 0; the cuts drop the first 1, 2 or 3
    terms of the sum (the running totals still include those rounds).
    """

    key = "progressive"
    label = gettext_noop("Progressive score")
    cut = 0

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        # A result of the i-th round is in the running totals after rounds i, i+1, …, so it counts
        # (rounds − max(i, cut)) times once the first ``cut`` terms of the sum are dropped.
        count = len(ctx.round_numbers)
        weight = {number: max(count - max(i, self.cut), 0) for i, number in enumerate(ctx.round_numbers)}
        # Each entry's points × its round's weight, multiplied and summed in C (in the entries' order).
        weight_of, points_of, round_of = weight.__getitem__, MATCH_POINTS_OF, ROUND_OF
        return {
            pair: clean(sum(map(mul, map(points_of, entries), map(weight_of, map(round_of, entries)))))
            for pair, entries in ctx.rounds.items()
        }


class ProgressiveCut1(Progressive):
    key, cut = "progressive_cut1", 1
    label = gettext_noop("Progressive score, cut 1")


class ProgressiveCut2(Progressive):
    key, cut = "progressive_cut2", 2
    label = gettext_noop("Progressive score, cut 2")


class ProgressiveCut3(Progressive):
    key, cut = "progressive_cut3", 3
    label = gettext_noop("Progressive score, cut 3")


class SonnebornBerger(PerPairMetric):
    """Sonneborn-Berger: opponents' final match points × 1 for a win, ½ for a draw, 0 for a loss,
    over played matches only (byes and forfeits add nothing)."""

    key = "sonneborn_berger"
    label = gettext_noop("Sonneborn-Berger")
    _FACTOR: ClassVar[dict[Outcome, float]] = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0}

    def pair_value(self, ctx: RankingContext, pair: int, entries: Sequence[PairRound]) -> Value:
        totals = ctx.match_points
        if ctx.met is None:
            return clean(
                sum(
                    totals.get(entry.opponent, 0) * self._FACTOR[entry.outcome]
                    for entry in entries
                    if entry.kind is MatchKind.PLAYED and entry.opponent is not None
                )
            )
        return clean(
            sum(
                totals.get(other, 0) * self._FACTOR[entry.outcome]
                for entry in entries
                if entry.kind is MatchKind.PLAYED
                for other in ctx.opponents(pair, entry)
            )
        )


class Lots(Metric):
    """抽签: a reproducible lot ``lots_value(seed, number)``, drawn on the pair's number
    (``RankingContext.lot_keys``), not its id; the seed is stored and published (G10)."""

    key = "lots"
    label = gettext_noop("Drawing lots")

    def values(self, ctx: RankingContext) -> dict[int, Value]:
        if ctx.seed is None:
            raise SettingError(SettingCode.LOTS_SEED_REQUIRED, "seed", "drawing lots needs a stored seed")
        keys = ctx.lot_keys
        return {pair: lots_value(ctx.seed, keys.get(pair, pair)) for pair in ctx.rounds}


METRICS: dict[str, type[Metric]] = {
    cls.key: cls
    for cls in (
        LevelPoints,
        NetLevelPoints,
        CumulativeLevelPoints,
        HeadToHead,
        OpponentsPoints,
        OpponentsPointsCut1,
        Wins,
        FirstPlaces,
        DoubleWins,
        Progressive,
        ProgressiveCut1,
        ProgressiveCut2,
        ProgressiveCut3,
        SonnebornBerger,
        Lots,
    )
}


def validate_chain(chain: Sequence[str]) -> tuple[str, ...]:
    """An event's tiebreak chain (G10), checked against ``METRICS``; errors name ``tiebreaks.<i>``."""
    return checked_chain(chain, METRICS, first=MATCH_POINTS, name="tiebreak")


def checked_chain(
    chain: object, known: Mapping[str, object], *, first: str | None, name: str
) -> tuple[str, ...]:
    """``chain``, a list of keys of ``known`` each once, checked; errors name ``tiebreaks.<i>``.
    ``first``: a key that always ranks first, so is never a tiebreak (an event's match points)."""
    if isinstance(chain, str | bytes) or not isinstance(chain, Sequence):
        raise SettingError(SettingCode.INVALID, "tiebreaks", "the tiebreaks are a list of metric keys")
    seen: set[str] = set()
    for index, key in enumerate(chain):
        field = f"tiebreaks.{index}"
        if first is not None and key == first:
            raise SettingError(SettingCode.UNKNOWN_METRIC, field, "match points always rank first")
        if not isinstance(key, str) or key not in known:
            raise SettingError(SettingCode.UNKNOWN_METRIC, field, f"unknown {name} {key!r}")
        if key in seen:
            raise SettingError(SettingCode.DUPLICATE_METRIC, field, f"{key} appears twice")
        seen.add(key)
    return tuple(chain)
