"""After a Shuangkou deal: the bottom's multiplier, the attackers' points, the level change and
who deals next (docs/rules/shuangkou.md S7-S9).

:func:`settle` is the rule on plain numbers; the replay uses it, and :func:`score_deal` puts it on
the wire for a scorekeeper who posts only the attackers' points and the last trick's shape.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.cards import ALL_CARDS
from engine.errors import BadInput
from engine.seats import Seat, Side, next_seat, previous_seat
from engine.shuangkou.cards import DECKS, NO_TRUMP, format_level, parse_level, points_of
from engine.shuangkou.declaration import parse_seat
from engine.shuangkou.profiles import STANDARD, RuleProfile


class Taker(StrEnum):
    """Who won the last trick (扣底 when the attackers did)."""

    DEALER = "dealer"
    ATTACKERS = "attackers"


def bottom_multiplier(longest_tractor: int, pairs: int, profile: RuleProfile = STANDARD) -> int:
    """S7: the multiplier of the bottom's points by the shape of the play that won the last trick.

    A tractor of n pairs: ``tractor_multiplier`` x n² (the longest, whatever else the play holds).
    Else by its pairs: none ``single_multiplier``, then ``pair_multipliers`` for one, two, three
    pairs; **decision**: each pair beyond the table adds the table's last step again (4 pairs: 10).
    """
    if longest_tractor >= 2:
        return profile.tractor_multiplier * longest_tractor**2
    if not pairs:
        return profile.single_multiplier
    table = profile.pair_multipliers
    if pairs <= len(table):
        return table[pairs - 1]
    step = table[-1] - (table[-2] if len(table) > 1 else profile.single_multiplier)
    return table[-1] + (pairs - len(table)) * step


def rise(level: int, earned: int, *, played: bool, mandatory: Iterable[int]) -> int:
    """S8: a side's level after earning ``earned`` levels; never past the no-trump deal.

    A rise stops at a mandatory level it would pass ("10、J、K不得超越"). **Decision** (as Guandan's
    mandatory levels, G6): a side standing on one rises past it only by winning a deal played at
    it (``played``: it was the dealer side at that level and kept the deal); attackers standing on
    it that take the deal stay there, even when they dealt at it before and lost.
    """
    if earned <= 0:
        return level
    target = min(level + earned, NO_TRUMP)
    for stop in sorted(mandatory):
        if stop == level and not played:
            return level
        if level < stop < target:
            return stop
    return target


@dataclass(frozen=True, slots=True)
class LevelChange:
    """S8, S9: what one deal does to the levels and the deal."""

    dealer: Seat
    attackers_points: int
    kept: bool  # the attackers scored below the threshold: the dealer side keeps the deal
    side: Side  # the side that goes up: the dealer side when kept, else the attackers
    earned: int  # levels earned by the points, before the mandatory stops
    level_from: int
    level_to: int
    j_reset: bool  # the J rule sent the dealer side back
    dealer_side_level: int  # the dealer side's level after the deal
    next_dealer: Seat
    won_no_trump: bool  # S10: the dealer side won its no-trump deal, and with it the match

    @property
    def rise(self) -> int:
        return self.level_to - self.level_from

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer.value,
            "attackers_points": self.attackers_points,
            "kept": self.kept,
            "side": self.side.value,
            "earned": self.earned,
            "level_from": format_level(self.level_from),
            "level_to": format_level(self.level_to),
            "rise": self.rise,
            "j_reset": self.j_reset,
            "dealer_side_level": format_level(self.dealer_side_level),
            "next_dealer": self.next_dealer.value,
            "won_no_trump": self.won_no_trump,
        }


def settle(
    *,
    dealer: Seat,
    dealer_level: int,
    attackers_level: int,
    points: int,
    j_last_trick: bool = False,
    profile: RuleProfile = STANDARD,
) -> LevelChange:
    """S8, S9: the level change of a deal the attackers scored ``points`` in.

    Below ``threshold`` (80) the dealer side goes up one level per ``points_per_level`` (10)
    short of it and keeps the deal; at the threshold or above the attackers take the deal and go
    up one level per 10 above it. ``j_last_trick``: the attackers won the last trick with a J as
    the highest card of the winning play; over the threshold at the J rule's level that sends the
    dealer side back to ``j_rule_reset``.
    """
    direction = profile.turn_direction
    mandatory = profile.mandatory_levels
    kept = points < profile.threshold
    if kept:
        earned = (profile.threshold - points) // profile.points_per_level
        after = rise(dealer_level, earned, played=True, mandatory=mandatory)
        following = dealer.partner if profile.keep_dealer == "partner" else dealer
        return LevelChange(
            dealer=dealer,
            attackers_points=points,
            kept=True,
            side=dealer.side,
            earned=earned,
            level_from=dealer_level,
            level_to=after,
            j_reset=False,
            dealer_side_level=after,
            next_dealer=following,
            won_no_trump=dealer_level == NO_TRUMP,
        )
    earned = (points - profile.threshold) // profile.points_per_level
    after = rise(attackers_level, earned, played=False, mandatory=mandatory)
    j_reset = bool(
        profile.j_rule
        and j_last_trick
        and dealer_level == profile.j_rule_level
        and points > profile.threshold
    )
    passing = next_seat if profile.pass_dealer == "next_seat" else previous_seat
    return LevelChange(
        dealer=dealer,
        attackers_points=points,
        kept=False,
        side=dealer.side.other,
        earned=earned,
        level_from=attackers_level,
        level_to=after,
        j_reset=j_reset,
        dealer_side_level=profile.j_rule_reset if j_reset else dealer_level,
        next_dealer=passing(dealer, direction),
        won_no_trump=False,
    )


def total_points(profile: RuleProfile = STANDARD) -> int:
    """S6: the points in the two decks (200 by default)."""
    points = points_of(profile)
    return DECKS * sum(points[card] for card in ALL_CARDS)


@dataclass(frozen=True, slots=True)
class DealScore:
    """S6-S9 for one deal from its totals: the scorekeeper's form of a deal."""

    trick_points: int  # the attackers' points from the tricks they won
    bottom_points: int
    last_trick: Taker
    multiplier: int | None  # None when the dealer side won the last trick
    bottom_bonus: int
    penalty: int  # S5: points moved by refused throws (+ for the attackers)
    change: LevelChange

    @property
    def attackers_points(self) -> int:
        return self.change.attackers_points

    def to_dict(self) -> dict[str, Any]:
        return {
            "trick_points": self.trick_points,
            "bottom_points": self.bottom_points,
            "last_trick": self.last_trick.value,
            "multiplier": self.multiplier,
            "bottom_bonus": self.bottom_bonus,
            "penalty": self.penalty,
            "attackers_points": self.attackers_points,
            "level_change": self.change.to_dict(),
        }


def tally(
    *,
    dealer: Seat,
    dealer_level: int,
    attackers_level: int,
    trick_points: int,
    bottom_points: int,
    last_trick: Taker,
    longest_tractor: int = 0,
    pairs: int = 0,
    j_highest: bool = False,
    penalty: int = 0,
    profile: RuleProfile = STANDARD,
) -> DealScore:
    """S7: the attackers' points (their tricks, the bottom multiplied when they took the last trick,
    the throw penalties, never below 0), then :func:`settle`."""
    attackers_last = last_trick is Taker.ATTACKERS
    multiplier = bottom_multiplier(longest_tractor, pairs, profile) if attackers_last else None
    bonus = bottom_points * multiplier if multiplier is not None else 0
    points = max(trick_points + bonus + penalty, 0)
    change = settle(
        dealer=dealer,
        dealer_level=dealer_level,
        attackers_level=attackers_level,
        points=points,
        j_last_trick=attackers_last and j_highest,
        profile=profile,
    )
    return DealScore(trick_points, bottom_points, last_trick, multiplier, bonus, penalty, change)


def score_deal(
    *,
    dealer: Seat | str,
    level: int | str,
    attackers_level: int | str = 2,
    trick_points: int,
    bottom_points: int = 0,
    last_trick: str = "dealer",
    last_tractor: int = 0,
    last_pairs: int = 0,
    last_j_highest: bool = False,
    penalty: int = 0,
    profile: RuleProfile = STANDARD,
) -> DealScore:
    """The scorekeeper's question (S6-S9): the attackers' trick points, the bottom's points, who took
    the last trick and the winning play's shape (its longest tractor, its pairs; whether a J was its
    highest card) give the attackers' points, the multiplier, the level change and the next dealer.
    """
    seat = parse_seat(dealer, field="dealer")
    dealer_level = parse_level(level, field="level")
    their_level = parse_level(attackers_level, field="attackers_level")
    total = total_points(profile)
    numbers = {"trick_points": trick_points, "bottom_points": bottom_points, "last_tractor": last_tractor}
    numbers |= {"last_pairs": last_pairs}
    for name, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= total:
            raise BadInput("invalid", f"{name} is a whole number from 0 to {total}.", field=name)
    if trick_points + bottom_points > total:
        raise BadInput("invalid", f"The two decks hold {total} points (S6).", field="trick_points")
    if isinstance(penalty, bool) or not isinstance(penalty, int):
        raise BadInput("invalid", "penalty is a whole number.", field="penalty")
    try:
        taker = Taker(last_trick)
    except ValueError:
        raise BadInput("invalid", "last_trick is dealer or attackers.", field="last_trick") from None
    if not isinstance(last_j_highest, bool):
        raise BadInput("invalid", "last_j_highest is true or false.", field="last_j_highest")
    return tally(
        dealer=seat,
        dealer_level=dealer_level,
        attackers_level=their_level,
        trick_points=trick_points,
        bottom_points=bottom_points,
        last_trick=taker,
        longest_tractor=last_tractor,
        pairs=max(last_pairs, last_tractor),
        j_highest=last_j_highest,
        penalty=penalty,
        profile=profile,
    )
