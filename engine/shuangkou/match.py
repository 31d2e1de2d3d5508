"""A Shuangkou match as a fold over its deals (docs/rules/shuangkou.md S8-S10).

Both sides start at 2. Each deal is played at its dealer side's level; :func:`apply_deal` folds
one deal's outcome into a frozen :class:`MatchState` (levels, who deals next, the winner);
:func:`close_on_time` ends a match whose clock ran out; :func:`play_match` folds a whole one.

A side that passes A plays its no-trump deal (level ``NT``); winning it — being its dealer
side and holding the attackers below the threshold — wins the match at once (S10). When the
clock runs out first the side with the higher level wins; equal levels: ``equal_levels``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.errors import BadInput
from engine.seats import Seat, Side
from engine.shuangkou.cards import FIRST_LEVEL, NO_TRUMP, format_level
from engine.shuangkou.declaration import parse_seat
from engine.shuangkou.levels import LevelChange, settle
from engine.shuangkou.profiles import STANDARD, RuleProfile


class EndReason(StrEnum):
    NO_TRUMP_WON = "no_trump_won"
    TIME_LIMIT = "time_limit"


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What the match needs of a deal: its dealer, the attackers' points, and whether the attackers
    won the last trick with a J as the highest card of the winning play (S8, the J rule)."""

    dealer: Seat
    attackers_points: int
    j_last_trick: bool = False

    @classmethod
    def parse(cls, value: DealOutcome | Mapping[str, Any], *, field: str = "deal") -> DealOutcome:
        """From ``{"dealer": "N", "attackers_points": 85, "j_last_trick": false}``."""
        if isinstance(value, DealOutcome):
            return value
        if not isinstance(value, Mapping):
            raise BadInput("invalid", "A deal outcome is an object.", field=field)
        points = value.get("attackers_points")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            detail = "attackers_points is a whole number, 0 or more."
            raise BadInput("invalid", detail, field=f"{field}.attackers_points")
        j_last = value.get("j_last_trick", False)
        if not isinstance(j_last, bool):
            raise BadInput("invalid", "j_last_trick is true or false.", field=f"{field}.j_last_trick")
        return cls(parse_seat(value.get("dealer"), field=f"{field}.dealer"), points, j_last)


@dataclass(frozen=True, slots=True)
class MatchState:
    """Levels 2..14 (A), 15 = the no-trump deal; ``dealer`` deals next (None before the first deal,
    which the first caller deals)."""

    ns_level: int = FIRST_LEVEL
    ew_level: int = FIRST_LEVEL
    dealer: Seat | None = None
    deals: int = 0
    winner: Side | None = None
    end: EndReason | None = None
    changes: tuple[LevelChange, ...] = ()  # the level sheet: one entry per deal

    def level(self, side: Side) -> int:
        return self.ns_level if side is Side.NS else self.ew_level

    @property
    def dealer_side(self) -> Side | None:
        return None if self.dealer is None else self.dealer.side

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def draw(self) -> bool:
        return self.finished and self.winner is None

    @property
    def deal_level(self) -> int | None:
        """The level the next deal is played at (its dealer side's); None before the first deal."""
        side = self.dealer_side
        return None if side is None else self.level(side)

    def to_dict(self) -> dict[str, Any]:
        return {
            "levels": {"NS": format_level(self.ns_level), "EW": format_level(self.ew_level)},
            "dealer": self.dealer.value if self.dealer else None,
            "dealer_side": self.dealer_side.value if self.dealer_side else None,
            "no_trump_deal": self.deal_level == NO_TRUMP,
            "deals": self.deals,
            "finished": self.finished,
            "winner": self.winner.value if self.winner else None,
            "draw": self.draw,
            "end": self.end.value if self.end else None,
            "changes": [change.to_dict() for change in self.changes],
        }


def apply_deal(state: MatchState, outcome: DealOutcome, profile: RuleProfile = STANDARD) -> MatchState:
    """S8-S10: the match after one more deal. The deal's dealer must be the one due (any seat for
    the first deal); a finished match takes no more deals."""
    if state.finished:
        raise BadInput("match_over", "The match is over (S10).", field="deals")
    if state.dealer is not None and outcome.dealer is not state.dealer:
        detail = f"{state.dealer} deals this deal, not {outcome.dealer} (S9)."
        raise BadInput("wrong_dealer", detail, field="dealer")
    dealer_side = outcome.dealer.side
    change = settle(
        dealer=outcome.dealer,
        dealer_level=state.level(dealer_side),
        attackers_level=state.level(dealer_side.other),
        points=outcome.attackers_points,
        j_last_trick=outcome.j_last_trick,
        profile=profile,
    )
    levels = {dealer_side: change.dealer_side_level}
    if not change.kept:
        levels[dealer_side.other] = change.level_to
    state = replace(
        state,
        ns_level=levels.get(Side.NS, state.ns_level),
        ew_level=levels.get(Side.EW, state.ew_level),
        dealer=change.next_dealer,
        deals=state.deals + 1,
        changes=(*state.changes, change),
    )
    if change.won_no_trump:
        state = replace(state, winner=dealer_side, end=EndReason.NO_TRUMP_WON)
    return state


def close_on_time(state: MatchState, profile: RuleProfile = STANDARD) -> MatchState:
    """S10: the clock ran out. The higher level wins; equal levels are a draw, or (``equal_levels:
    dealer_side``) won by the side holding the deal. A finished match is returned unchanged."""
    if state.finished:
        return state
    if state.ns_level != state.ew_level:
        winner: Side | None = Side.NS if state.ns_level > state.ew_level else Side.EW
    else:
        winner = state.dealer_side if profile.equal_levels == "dealer_side" else None
    return replace(state, winner=winner, end=EndReason.TIME_LIMIT)


def play_match(
    outcomes: Iterable[DealOutcome | Mapping[str, Any]],
    *,
    time_up: bool = False,
    profile: RuleProfile = STANDARD,
) -> MatchState:
    """Fold a match's deals in order (a deal after the match ended is ``match_over``); ``time_up``:
    the clock ran out after the last of them."""
    state = MatchState()
    for i, outcome in enumerate(outcomes):
        try:
            state = apply_deal(state, DealOutcome.parse(outcome, field=f"deals.{i}"), profile)
        except BadInput as error:
            if error.field in ("dealer", "deals"):
                raise BadInput(error.code, error.detail, field=f"deals.{i}.dealer") from None
            raise
    return close_on_time(state, profile) if time_up else state
