"""How an event keeps a Shuangkou match deal by deal: the game's scoresheet (docs/rules/shuangkou.md
"Scorekeeping"; the contract is ``engine.sheets``).

A scorekeeper posts each deal in one of two forms:

- **short**: ``{"dealer": "N", "attackers_points": 85, "j_last_trick": false}`` — the seat that
  dealt, the attackers' points *with the bottom already counted* (its points times the S7
  multiplier when they took the last trick, and any S5 throw penalty), and whether the attackers
  won the last trick with a J as the highest card of the winning play (the J rule, S8);
- **whole**: ``declarations``, ``hands``, ``bottom``, ``buried`` and ``tricks`` (and ``dealer`` for
  a first deal nobody called), which the engine replays (S3-S9, ``deal.replay_deal``) at the
  deal's level; the attackers' points and the J rule follow from the play. The first rule the
  record breaks refuses the deal (a ``RuleViolation`` naming its path, ``tricks.2.plays.1``).

Either form may add ``level``, a check: the deal is played at its dealer side's level (S8) and
another level is ``wrong_level``. The record keeps what the fold needs: the form, the dealer, the
attackers' points and the J flag (for the whole form also the replayed deal, so that a correction
of an earlier deal replays it again at its new level).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.errors import BadInput, RuleViolation
from engine.forms import DealForm
from engine.seats import Side
from engine.sheets import MatchSheet, SheetTotals
from engine.shuangkou import form
from engine.shuangkou.cards import FIRST_LEVEL, format_level, parse_level
from engine.shuangkou.deal import replay_deal
from engine.shuangkou.declaration import parse_seat
from engine.shuangkou.match import DealOutcome, MatchState, apply_deal, close_on_time
from engine.shuangkou.profiles import RuleProfile

WHOLE_FIELDS = ("declarations", "hands", "bottom", "buried", "tricks")


class ShuangkouSheet(MatchSheet[MatchState]):
    """docs/rules/shuangkou.md S8-S10 on the service's scoresheet (``match.MatchState`` is the state)."""

    line_kind = "levels"

    def start(self, profile: RuleProfile) -> MatchState:
        return MatchState()

    def deal_form(self, profile: RuleProfile, state: MatchState) -> DealForm:
        number = None if state.finished else state.deals + 1
        return form.deal_form(number=number, dealer=None if state.finished else state.dealer)

    def knockout_profile(self, profile: RuleProfile) -> RuleProfile:
        """In a knockout, equal levels on time go to the side holding the deal (S10's own variant,
        ``equal_levels: dealer_side``), as a Guandan knockout game that ends level gets one more deal."""
        return profile if profile.equal_levels != "draw" else replace(profile, equal_levels="dealer_side")

    def deal_level(self, state: MatchState) -> int:
        """The dealer side's level (S8); before the first deal both sides stand at 2."""
        level = state.deal_level
        return FIRST_LEVEL if level is None else level

    def record(self, data: Mapping[str, Any], *, state: MatchState, profile: RuleProfile) -> dict[str, Any]:
        level = self.deal_level(state)
        if data.get("level") is not None:
            posted = parse_level(data["level"], field="level")
            if posted != level:
                raise RuleViolation(
                    "wrong_level",
                    f"This deal is played at {format_level(level)} (S8), not {format_level(posted)}.",
                    field="level",
                )
        whole = [name for name in WHOLE_FIELDS if data.get(name) is not None]
        if not whole:
            try:
                outcome = DealOutcome.parse(data, field="deal")
            except BadInput as error:  # the body is the deal: its fields are named from the top
                field = (error.field or "").removeprefix("deal.")
                raise BadInput(error.code, error.detail, field=field) from None
            return {
                "form": "short",
                "dealer": outcome.dealer.value,
                "attackers_points": outcome.attackers_points,
                "j_last_trick": outcome.j_last_trick,
            }
        missing = [name for name in WHOLE_FIELDS if name != "declarations" and data.get(name) is None]
        if missing:
            detail = f"A whole deal gives {', '.join(WHOLE_FIELDS)}; {missing[0]} is missing."
            raise BadInput("invalid", detail, field=missing[0])
        return self._replayed(data, state=state, level=level, profile=profile)

    def _replayed(
        self, data: Mapping[str, Any], *, state: MatchState, level: int, profile: RuleProfile
    ) -> dict[str, Any]:
        posted = data.get("dealer")
        dealer = state.dealer
        if posted is not None:
            seat = parse_seat(posted, field="dealer")
            if dealer is not None and seat is not dealer:
                raise RuleViolation(
                    "wrong_dealer", f"{dealer} deals this deal, not {seat} (S9).", field="dealer"
                )
            dealer = seat
        side = state.dealer_side
        replay = replay_deal(
            hands=data["hands"],
            bottom=data["bottom"],
            buried=data["buried"],
            tricks=data["tricks"],
            declarations=data.get("declarations") or (),
            level=level,
            attackers_level=FIRST_LEVEL if side is None else state.level(side.other),
            dealer=dealer,
            first_deal=state.deals == 0,
            profile=profile,
        )
        if replay.violation is not None:
            v = replay.violation
            raise RuleViolation(v.code, v.detail, field=v.path)
        if replay.score is None or replay.dealer is None:
            raise RuleViolation(
                "deal_not_finished", "The tricks end before every card is played (S5).", field="tricks"
            )
        return {
            "form": "whole",
            "dealer": replay.dealer.value,
            "attackers_points": replay.score.attackers_points,
            # What settles the deal the same way (S8): the J rule applied to this deal.
            "j_last_trick": replay.score.change.j_reset,
            **{name: data.get(name) or [] for name in WHOLE_FIELDS},
        }

    def apply(self, state: MatchState, record: Mapping[str, Any], *, profile: RuleProfile) -> MatchState:
        return apply_deal(state, DealOutcome.parse(record, field="deal"), profile)

    def close_on_time(self, state: MatchState, *, profile: RuleProfile) -> MatchState:
        return close_on_time(state, profile)

    def line_entry(self, record: Mapping[str, Any], state: MatchState) -> dict[str, Any]:
        """The level sheet (S8): the dealer, the attackers' points and both levels after the deal."""
        levels = {side.value: format_level(state.level(side)) for side in (Side.NS, Side.EW)}
        return {
            "dealer": record["dealer"],
            "scorer": None,
            "scored": record["attackers_points"],
            "after": levels,
        }

    def totals(self, state: MatchState) -> SheetTotals:
        return SheetTotals(
            winner=state.winner,
            deals=state.deals,
            end_reason=state.end.value if state.end else "",
            ns_level=state.level(Side.NS),
            ew_level=state.level(Side.EW),
        )


SHEET = ShuangkouSheet()
