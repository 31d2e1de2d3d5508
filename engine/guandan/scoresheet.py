"""The scoresheet of a Guandan table (docs/rules/guandan.md G5-G8; the ``MatchSheet`` contract of
engine/sheets.py). Pure Python.

A table plays one match or a best of three (``tie.TieState``, G8). For every deal a scorekeeper
posts its ``finishing_order`` and optionally ``level`` (a check of the level it was played at),
``tribute`` (``tributes``, ``returns``, ``anti_tribute``), ``hands``, ``leader`` and ``plays``:

- ``read`` parses the post once into a ``posted.PostedDeal`` (a malformed part is a ``BadInput``
  naming it: ``finishing_order[1]``, ``tribute.tributes[0].card``, ``hands.W``, ``plays[3]``);
- ``record`` checks it against the table: the level (G2, ``wrong_level``), the tribute against
  the last deal's finishing order (G7, ``tribute_record.check_tribute``; each problem in
  ``errors``), the leader the tribute gives (``wrong_leader``), the plays replayed from the hands
  after the tribute (G5, ``deal.replay_dealt``: a violation at ``plays.<i>``) and the finishing
  order they give. The checks take the parsed values (the referee questions' entry points,
  ``check_tribute_record`` and ``replay_deal``, are the ones that parse raw input), so nothing
  of the post is parsed twice. It answers the deal's record: ``game`` (which game of the table),
  ``finishing_order`` (all four seats), ``tribute`` (as posted, with its ``kind``), ``hands``,
  ``leader`` and ``plays`` (canonical wire forms; None when not posted);
- ``apply`` folds a stored record: the levels and the end of the table (G6, G8:
  ``tie.apply_tie_deal``); ``play`` checks and folds in one call, folding the finishing order the
  check settled rather than reading it back from the record.

A deal is identified by what was posted (``PostedDeal.identity``), not by what follows from the
deals before it: the same deal posted again is the same deal whatever the table's levels are, and
a deal re-derived after a correction of an earlier one keeps its identity.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import BadInput
from engine.forms import DealForm, Note
from engine.guandan import form
from engine.guandan.cards import Card, format_level, parse_level
from engine.guandan.deal import replay_dealt
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.level_result import tie_from_levels
from engine.guandan.match import TIMED_FORMATS, EndReason, LevelChange, MatchState
from engine.guandan.posted import KEPT_AS_POSTED, PostedDeal, read_deal
from engine.guandan.profiles import RuleProfile, knockout_profile
from engine.guandan.tie import (
    BEST_OF,
    TieState,
    apply_late_tie_change,
    apply_tie_change,
    apply_tie_deal,
    close_tie_on_time,
)
from engine.guandan.tribute_record import check_tribute
from engine.seats import Seat
from engine.sheets import LEVEL_LINE, DealRefused, MatchSheet, Played, SheetTotals, refused_by_the_match

#: The members of a Guandan record (stored whole, as every game's); the deal's answer shows all but
#: the hands and the plays apart (``deal_answer``).
RECORD_MEMBERS = ("game", "finishing_order", "tribute", "hands", "leader", "plays")


class GuandanSheet(MatchSheet[TieState]):
    """Guandan's scoresheet (see the module's docstring)."""

    line_kind: ClassVar[str] = LEVEL_LINE
    identity_is_posted: ClassVar[bool] = True
    takes_level_changes: ClassVar[bool] = True
    results_from_levels: ClassVar[bool] = True
    unfinished_hint: ClassVar[str] = (
        "The posted deals do not end the match (G8): post the remaining deals, or say "
        "`time_up` when the clock ran out. A table that went on on paper is scored from its "
        "level sheet by a referee, who sets the posted deals aside (`set_aside_deals`)."
    )

    def read(self, data: Mapping[str, Any] | PostedDeal) -> PostedDeal:
        return data if isinstance(data, PostedDeal) else read_deal(data)

    def identity(self, posted: PostedDeal) -> dict[str, Any]:
        return posted.identity()

    def start(self, profile: RuleProfile) -> TieState:
        return TieState()

    def begin(self, profile: RuleProfile, *, best_of: int = 1) -> TieState:
        if best_of not in BEST_OF:
            raise BadInput("invalid_choice", "best_of must be 1 or 3 (G8).", field="best_of")
        return TieState(best_of=best_of)

    def change(self, state: TieState, change: LevelChange, *, profile: RuleProfile) -> TieState:
        return apply_tie_change(state, change, profile=profile)

    def level_sheet(
        self,
        games: Sequence[Mapping[str, Any]],
        *,
        profile: RuleProfile,
        best_of: int = 1,
        fields: Sequence[str] | None = None,
    ) -> TieState:
        return tie_from_levels(games, best_of=best_of, profile=profile, fields=fields)

    def change_after_end(self, state: TieState, change: LevelChange, *, profile: RuleProfile) -> TieState:
        return apply_late_tie_change(state, change, profile=profile)

    def deal_level(self, state: TieState) -> int:
        return state.current.deal_level

    def deal_form(self, profile: RuleProfile, state: TieState) -> DealForm:
        return form.deal_form(state)

    def deal_notes(
        self, before: TieState, after: TieState, record: Mapping[str, Any], *, profile: RuleProfile
    ) -> list[Note]:
        return form.deal_notes(before, after, record, profile=profile)

    def knockout_profile(self, profile: RuleProfile) -> RuleProfile:
        return knockout_profile(profile)

    def record(
        self, data: Mapping[str, Any] | PostedDeal, *, state: TieState, profile: RuleProfile
    ) -> dict[str, Any]:
        return self._checked(self.read(data), state=state, profile=profile)[0]

    def play(
        self, posted: Mapping[str, Any] | PostedDeal, *, state: TieState, profile: RuleProfile
    ) -> Played[TieState]:
        """``MatchSheet.play``, folding the finishing order the check settled rather than reading it
        again from the record."""
        record, finish = self._checked(self.read(posted), state=state, profile=profile)
        with refused_by_the_match():
            after = apply_tie_deal(state, finish, profile=profile)
        return Played(record, after)

    def _checked(
        self, posted: PostedDeal, *, state: TieState, profile: RuleProfile
    ) -> tuple[dict[str, Any], FinishingOrder]:
        """The deal's record (``record``) and its finishing order as a value."""
        level = state.current.deal_level
        if posted.level_given is not None and _level(posted.level_given) != level:
            number = state.deals_played + 1
            raise DealRefused(
                "wrong_level",
                f"Deal {number} is played at {format_level(level)} (G2), not {posted.level_given}.",
                field="level",
                extra={"expected": format_level(level)},
            )
        start = _tribute(posted, state, level=level, profile=profile)
        finish = _finish(posted, start, level=level, profile=profile)
        record = {
            "game": state.game_number,
            "finishing_order": finish.codes(),
            "tribute": start.tribute,
            "hands": posted.hands_form(),
            "leader": start.leader_given,
            "plays": posted.plays_form(),
            **dict(posted.kept),
        }
        return record, finish

    def rederive(
        self, record: Mapping[str, Any], *, state: TieState, profile: RuleProfile
    ) -> Played[TieState]:
        """A stored deal checked again: its facts (finishing order, tribute, hands, plays) stay; a
        leader the tribute gave follows the tribute again, one the table named stays."""
        data: dict[str, Any] = {"finishing_order": record["finishing_order"]}
        tribute = record.get("tribute")
        if tribute is not None:
            data["tribute"] = {name: value for name, value in tribute.items() if name != "kind"}
        for name in ("hands", "plays"):
            if record.get(name) is not None:
                data[name] = record[name]
        if record.get("leader") and (record.get("plays") is not None or tribute is None):
            data["leader"] = record["leader"]
        data.update({name: record[name] for name in KEPT_AS_POSTED if record.get(name) is not None})
        return self.play(data, state=state, profile=profile)

    def apply(self, state: TieState, record: Mapping[str, Any], *, profile: RuleProfile) -> TieState:
        return apply_tie_deal(state, record["finishing_order"], profile=profile)

    def close_on_time(self, state: TieState, *, profile: RuleProfile) -> TieState:
        return close_tie_on_time(state, profile=profile)

    def totals(self, state: TieState) -> SheetTotals:
        """The table's result: the winner of the tie, its last game's levels and end, and each game."""
        last = state.current
        return SheetTotals(
            winner=state.winner,
            deals=state.deals_played,
            end_reason=None if last.end_reason is None else str(last.end_reason),
            ns_level=last.ns_level,
            ew_level=last.ew_level,
            games=tuple(_game(game) for game in state.games),
        )

    def deals_expected(self, profile: RuleProfile) -> int | None:
        """A counted format's deals for every game of the table, and the extra deal that may decide
        equal levels (G8); None: a game played through A or on time has no fixed number."""
        if profile.match_format not in ("deal_count", "time_or_deals"):
            return None
        return profile.deal_limit * profile.best_of + (1 if profile.equal_levels == "extra_deal" else 0)

    def time_limit_minutes(self, profile: RuleProfile) -> int | None:
        """G8: only the timed formats (计时制, 计时计副制) have a clock."""
        return profile.time_limit_minutes if profile.match_format in TIMED_FORMATS else None

    def tally(self, records: Iterable[Mapping[str, Any]]) -> dict[str, list[int]]:
        """Deals won per side by finish (G6): [1-2, 1-3, 1-4]."""
        counts: Counter[tuple[str, int]] = Counter()
        for record in records:
            finish = normalise_finishing_order(record["finishing_order"])
            counts[(str(finish.winner_side), finish.partner_place)] += 1
        return {side: [counts[(side, place)] for place in (2, 3, 4)] for side in ("NS", "EW")}

    def line(
        self,
        records: Iterable[Mapping[str, Any]],
        *,
        profile: RuleProfile,
        best_of: int = 1,
        changes: Mapping[int, Sequence[LevelChange]] | None = None,
    ) -> list[dict[str, Any]]:
        """The table's level line (G8 记级, ``TieState.level_line``): both levels after every deal,
        and the referees' level changes (G12) where they were ruled."""
        return self.fold(records, profile=profile, best_of=best_of, changes=changes).level_line()

    def deal_answer(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A Guandan deal's answer shows its members apart (its finishing order, tribute and leader,
        whether its plays were recorded; G5-G7: the deal is its own members) and, as its ``record``,
        only the members kept as posted (``KEPT_AS_POSTED``) it has, or None: a new deal field is read
        back as it was posted with no edit here."""
        kept = {name: record[name] for name in KEPT_AS_POSTED if record.get(name) is not None}
        return {
            "finishing_order": record["finishing_order"],
            "tribute": record["tribute"],
            "leader": record["leader"] or None,
            "recorded_plays": record["plays"] is not None,
            "record": kept or None,
        }

    def stored_form(
        self,
        *,
        number: int,
        version: int,
        level: int | None,
        record: Mapping[str, Any],
        played_at: str | None,
    ) -> dict[str, Any]:
        assert level is not None  # a Guandan deal is stored with the level it was played at
        return {
            "number": number,
            "version": version,
            "game": record["game"],
            "level": format_level(level),
            "finishing_order": record["finishing_order"],
            "tribute": record["tribute"],
            "leader": record["leader"] or None,
            "played_at": played_at,
            "recorded_plays": record["plays"] is not None,
        }


def _game(state: MatchState) -> dict[str, Any]:
    """One game of the table as a result lists it (G8)."""
    return {
        "ns_level": state.ns_level,
        "ew_level": state.ew_level,
        "winner": None if state.winner is None else str(state.winner),
        "draw": state.draw,
        "deals_played": state.deals_played,
        "end_reason": None if state.end_reason is None else str(state.end_reason),
        "tiebreak": None if state.tiebreak is None else str(state.tiebreak),
        "passed_a": None if state.passed_a is None else str(state.passed_a),
        "on_time": state.end_reason == EndReason.TIME_LIMIT,
    }


def _level(value: object) -> int:
    try:
        return parse_level(value)
    except BadInput as error:
        raise BadInput(error.code, error.detail, field="level") from None


@dataclass(frozen=True, slots=True)
class _Start:
    """How a deal starts after its tribute (G7): the tribute's record (with its kind), the leader as
    the record keeps it and as a seat, and the hands play starts from."""

    tribute: dict[str, Any] | None
    leader_given: Any
    leader: Seat | None
    hands: Mapping[Seat, Sequence[Card]] | None


def _tribute(posted: PostedDeal, state: TieState, *, level: int, profile: RuleProfile) -> _Start:
    """The deal's start after its tribute (G7), checked against the last deal's finishing order."""
    if posted.tributes is None and posted.hands is None:
        return _Start(None, posted.leader_given, posted.leader, None)
    checked = check_tribute(
        level=level,
        previous=state.tribute_after,
        tributes=posted.tributes or (),
        returns=posted.returns,
        anti_tribute=posted.anti_tribute,
        profile=profile,
        hands=posted.hands,
    )
    if not checked.valid:
        errors = [
            {"field": _dotted("tribute", problem.field), "code": problem.code, "message": problem.detail}
            for problem in checked.problems
        ]
        first = checked.problems[0]
        raise DealRefused(first.code, first.detail, errors=errors, extra={"tribute": checked.to_dict()})
    tribute = posted.tribute()
    if tribute is not None:
        tribute = {**tribute, "kind": str(checked.kind)}
    hands = checked.hands_after or posted.hands
    if checked.leader is None:
        return _Start(tribute, posted.leader_given, posted.leader, hands)
    if posted.leader is not None and posted.leader != checked.leader:
        raise DealRefused(
            "wrong_leader",
            f"{checked.leader} leads this deal (G7), not {posted.leader_given}.",
            field="leader",
            extra={"expected": str(checked.leader)},
        )
    return _Start(tribute, str(checked.leader), checked.leader, hands)


def _finish(posted: PostedDeal, start: _Start, *, level: int, profile: RuleProfile) -> FinishingOrder:
    """The deal's finishing order: the plays' when recorded (G5), else the posted one."""
    if posted.plays is None:
        if posted.finish is None:
            raise BadInput(
                "required", "Give the finishing order (or the hands and plays).", field="finishing_order"
            )
        return posted.finish
    if start.hands is None:
        raise BadInput("hands_required", "Plays are replayed from the hands as dealt.", field="hands")
    if start.leader is None:
        raise BadInput(
            "leader_required", "Name the seat that led the first deal (a card draw, G7).", field="leader"
        )
    replay = replay_dealt(
        level=level, hands=start.hands, leader=start.leader, plays=posted.plays, profile=profile
    )
    if replay.violation is not None:
        v = replay.violation
        raise DealRefused(
            v.code,
            v.detail,
            field=f"plays.{v.index}",
            extra={"violation": {"index": v.index, "code": v.code}},
        )
    if replay.finish is None:
        raise DealRefused("deal_not_finished", "The plays end before the deal is over (G5.5).", field="plays")
    finish = replay.finish
    if posted.finish is not None and posted.finish.identity() != finish.codes():
        raise DealRefused(
            "finishing_order_mismatch",
            f"The plays give the finishing order {finish.codes()}, not {posted.order_given}.",
            field="finishing_order",
        )
    return finish


def _dotted(prefix: str, field: str | None) -> str:
    if not field:
        return prefix
    return prefix + "." + field.replace("[", ".").replace("]", "")


SHEET = GuandanSheet()

__all__ = ["RECORD_MEMBERS", "SHEET", "GuandanSheet"]
