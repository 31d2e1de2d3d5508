"""The scoresheet of a duplicate Guandan table 复式掼蛋 (docs/duplicate.md; the ``MatchSheet``
contract of engine/sheets.py). Pure Python.

A duplicate table plays the round's deals of a deal set (``deals_per_round``), each alone: no
tribute (G7) and no level change (G6). For every deal a scorekeeper posts its ``finishing_order``
(all the deal form asks for) and may post the ``hands``, the ``leader``, the ``plays`` (replayed,
G5) and the ``level`` (a check). When the table's round plays a deal set the service hands the
sheet the set's deal (``with_dealt``): posted hands must be the set's, the plays are replayed from
the set's hands and leader, at the set's level (or the event's fixed level), and the record keeps
the deal's number in the set (``board``).

The record: ``board``, ``level``, ``leader``, ``finishing_order`` (all four seats), ``points``
(``{"NS", "EW"}`` by the finishing order, engine/duplicate/scoring.py), ``hands`` (when the table
posted hands or plays; else the set's deal ``board`` holds them) and ``plays`` (None when not
posted). The match's totals are the sums of both sides' points; the
field comparison (matchpoints, the difference scale) is the event's, across tables
(engine/duplicate/scoring.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.duplicate import form
from engine.duplicate.profiles import DuplicateProfile
from engine.duplicate.scoring import deal_points
from engine.errors import BadInput
from engine.forms import DealForm
from engine.guandan.cards import Card, format_cards, format_level
from engine.guandan.deal import Action, parse_action, replay_dealt
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.question import parse_hands, parse_question_level
from engine.seats import Seat, Side, parse_seat
from engine.sheets import DealRefused, MatchSheet, SheetTotals, check_deal_fields

# ``points`` is derived: a stored record read again (after a correction) has it, and it is recomputed.
_FIELDS = frozenset({"finishing_order", "hands", "leader", "plays", "level", "board", "points"})


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal of the set, as the service hands it to the sheet: its number, hands, level, leader."""

    number: int
    hands: Mapping[Seat, tuple[Card, ...]]
    level: int
    leader: Seat

    @classmethod
    def of(cls, *, number: int, hands: Mapping[str, Sequence[str]], level: int, leader: str) -> Dealt:
        return cls(number=number, hands=parse_hands(dict(hands)), level=level, leader=parse_seat(leader))


@dataclass(frozen=True, slots=True)
class PostedDuplicate:
    finish: FinishingOrder | None
    hands: Mapping[Seat, tuple[Card, ...]] | None
    plays: tuple[Action, ...] | None
    leader: Seat | None
    level: int | None
    board: int | None
    dealt: Dealt | None = None


@dataclass(frozen=True, slots=True)
class DuplicateTable:
    """A duplicate table so far: both sides' deal points and first-outs, deals played."""

    deals_per_round: int
    ns_points: int = 0
    ew_points: int = 0
    ns_first_outs: int = 0
    ew_first_outs: int = 0
    deals: int = 0
    time_up: bool = False

    @property
    def finished(self) -> bool:
        return self.time_up or self.deals >= self.deals_per_round

    @property
    def winner(self) -> Side | None:
        if not self.finished or self.ns_points == self.ew_points:
            return None
        return Side.NS if self.ns_points > self.ew_points else Side.EW

    def to_dict(self) -> dict[str, Any]:
        winner = self.winner
        return {
            "deals": self.deals,
            "deals_per_round": self.deals_per_round,
            "finished": self.finished,
            "time_up": self.time_up,
            "winner": None if winner is None else str(winner),
            "points": {"NS": self.ns_points, "EW": self.ew_points},
        }


def _read(data: Mapping[str, Any] | PostedDuplicate) -> PostedDuplicate:
    if isinstance(data, PostedDuplicate):
        return data
    check_deal_fields(data, _FIELDS, game="duplicate Guandan")
    order = data.get("finishing_order")
    plays = data.get("plays")
    if plays is not None and not isinstance(plays, list | tuple):
        raise BadInput("invalid_type", "The plays are a list of actions.", field="plays")
    board = data.get("board")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
        raise BadInput("invalid", "board is the deal's number in the set, from 1.", field="board")
    leader = data.get("leader")
    return PostedDuplicate(
        finish=None if order is None else normalise_finishing_order(order),
        hands=None if data.get("hands") is None else parse_hands(data["hands"]),
        plays=None
        if plays is None
        else tuple(parse_action(p, field=f"plays[{i}]") for i, p in enumerate(plays)),
        leader=None if leader is None else _seat(leader),
        level=None if data.get("level") is None else parse_question_level(data["level"]),
        board=board,
    )


def _seat(value: object) -> Seat:
    try:
        return parse_seat(value)
    except BadInput as error:
        raise BadInput(error.code, error.detail, field="leader") from None


def _same_hand(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return sorted(card.code for card in a) == sorted(card.code for card in b)


class DuplicateSheet(MatchSheet[DuplicateTable]):
    """A duplicate table: each deal alone, scored by its finishing order (see the module)."""

    deals_from_set: ClassVar[bool] = True

    def read(self, data: Mapping[str, Any] | PostedDuplicate) -> PostedDuplicate:
        return _read(data)

    def with_dealt(self, posted: PostedDuplicate, dealt: Dealt) -> PostedDuplicate:
        """The posted deal with the set's deal it must be (its hands, level and leader)."""
        if posted.board is not None and posted.board != dealt.number:
            raise DealRefused(
                "wrong_board",
                f"This table's deal is deal {dealt.number} of the set, not {posted.board}.",
                field="board",
                extra={"expected": dealt.number},
            )
        return replace(posted, dealt=dealt)

    def start(self, profile: DuplicateProfile) -> DuplicateTable:
        return DuplicateTable(deals_per_round=profile.deals_per_round)

    def record(
        self, data: Mapping[str, Any] | PostedDuplicate, *, state: DuplicateTable, profile: DuplicateProfile
    ) -> dict[str, Any]:
        posted = self.read(data)
        hands, leader, level, board = posted.hands, posted.leader, posted.level, posted.board
        dealt = posted.dealt
        if dealt is not None:
            board, level = dealt.number, profile.level_of(dealt.level)
            if posted.hands is not None:
                for seat, cards in posted.hands.items():
                    if not _same_hand(cards, dealt.hands[seat]):
                        raise DealRefused(
                            "not_the_sets_hand",
                            f"{seat}'s hand is not the one of deal {dealt.number} of the set.",
                            field=f"hands.{seat}",
                        )
            if posted.leader is not None and posted.leader != dealt.leader:
                raise DealRefused(
                    "wrong_leader",
                    f"{dealt.leader} leads deal {dealt.number} of the set, not {posted.leader}.",
                    field="leader",
                    extra={"expected": str(dealt.leader)},
                )
            if posted.level is not None and posted.level != level:
                raise DealRefused(
                    "wrong_level",
                    f"Deal {dealt.number} is played at {format_level(level)}, "
                    f"not {format_level(posted.level)}.",
                    field="level",
                    extra={"expected": format_level(level)},
                )
            hands, leader = dealt.hands, dealt.leader
        elif level is None and profile.level_rule == "fixed":
            level = profile.fixed_level
        finish = self._finish(posted, hands=hands, leader=leader, level=level, profile=profile)
        points = deal_points(finish, profile.deal_points)
        return {
            "board": board,
            "level": None if level is None else format_level(level),
            "leader": None if leader is None else str(leader),
            "finishing_order": finish.codes(),
            "points": {"NS": points[Side.NS], "EW": points[Side.EW]},
            # The hands are kept where the record needs them to be read again alone (its plays are
            # replayed from them after a correction) or where the table posted them; the set's
            # deal (``board``) holds them otherwise, once, not once a table.
            "hands": None
            if hands is None or (posted.plays is None and posted.hands is None)
            else {str(seat): format_cards(hands[seat]) for seat in sorted(hands)},
            "plays": None if posted.plays is None else [action.to_dict() for action in posted.plays],
        }

    def _finish(
        self,
        posted: PostedDuplicate,
        *,
        hands: Mapping[Seat, tuple[Card, ...]] | None,
        leader: Seat | None,
        level: int | None,
        profile: DuplicateProfile,
    ) -> FinishingOrder:
        if posted.plays is None:
            if posted.finish is None:
                raise BadInput(
                    "required", "Give the finishing order (or the plays).", field="finishing_order"
                )
            return posted.finish
        if hands is None:
            raise BadInput("hands_required", "Plays are replayed from the hands as dealt.", field="hands")
        if leader is None:
            raise BadInput("leader_required", "Name the seat that led.", field="leader")
        if level is None:
            raise BadInput("level_required", "Name the level the deal was played at.", field="level")
        replay = replay_dealt(
            level=level, hands=hands, leader=leader, plays=posted.plays, profile=profile.play_rules()
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
            raise DealRefused(
                "deal_not_finished", "The plays end before the deal is over (G5.5).", field="plays"
            )
        if posted.finish is not None and posted.finish.identity() != replay.finish.identity():
            raise DealRefused(
                "finishing_order_mismatch",
                f"The plays give the finishing order {replay.finish.codes()}.",
                field="finishing_order",
            )
        return replay.finish

    def apply(
        self, state: DuplicateTable, record: Mapping[str, Any], *, profile: DuplicateProfile
    ) -> DuplicateTable:
        if state.finished:
            raise BadInput("match_over", "The table has played all its deals of the round.", field="number")
        finish = normalise_finishing_order(record["finishing_order"])
        points = record["points"]
        first_ns = finish.winner_side is Side.NS
        return replace(
            state,
            ns_points=state.ns_points + int(points["NS"]),
            ew_points=state.ew_points + int(points["EW"]),
            ns_first_outs=state.ns_first_outs + (1 if first_ns else 0),
            ew_first_outs=state.ew_first_outs + (0 if first_ns else 1),
            deals=state.deals + 1,
        )

    def close_on_time(self, state: DuplicateTable, *, profile: DuplicateProfile) -> DuplicateTable:
        return state if state.finished else replace(state, time_up=True)

    def totals(self, state: DuplicateTable) -> SheetTotals:
        return SheetTotals(
            winner=state.winner,
            deals=state.deals,
            end_reason=None if not state.finished else ("time_limit" if state.time_up else "deals_played"),
            ns_points=state.ns_points,
            ew_points=state.ew_points,
            ns_first_outs=state.ns_first_outs,
            ew_first_outs=state.ew_first_outs,
        )

    def deal_form(self, profile: DuplicateProfile, state: DuplicateTable) -> DealForm:
        """The finishing order alone (engine/duplicate/form.py): no tribute, the set's level."""
        return form.deal_form(deals=state.deals, finished=state.finished)

    def deals_expected(self, profile: DuplicateProfile) -> int:
        return profile.deals_per_round

    def tally(self, records: Iterable[Mapping[str, Any]]) -> dict[str, list[int]]:
        """Deals won per side by finish: [1-2, 1-3, 1-4] (what ``deal_points`` methods read)."""
        counts = {"NS": [0, 0, 0], "EW": [0, 0, 0]}
        for record in records:
            finish = normalise_finishing_order(record["finishing_order"])
            counts[str(finish.winner_side)][finish.partner_place - 2] += 1
        return counts

    def line_entry(self, record: Mapping[str, Any], state: DuplicateTable) -> dict[str, Any]:
        points = record["points"]
        scorer = "NS" if points["NS"] > points["EW"] else "EW"
        return {
            "dealer": record.get("leader"),
            "scorer": scorer,
            "scored": points[scorer],
            "after": {"NS": state.ns_points, "EW": state.ew_points},
        }


SHEET = DuplicateSheet()
