"""Whom an incident accuses (G12): a side of the match, or at a table of four — where each player
scores alone and there are no sides (docs/events.md "Tables of four") — a seat, the player in it
(docs/referees.md "Tables of four").

The match says which: a table of four has its ``seats`` and no pairs; the event's penalty table is
read for players alone there (``Event.penalty_rules``, from the game's registry entry). Which seats
a table has, and the side each sits on, is the game's too (``Game.seats``: the compass seats, or
Daguai Luzi's six, K1): a seat another game's table has is refused (``400 unknown_seat``). What a
ruling may apply at a table of four is checked here (engine.penalties.seats), and whom its effects hit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.errors import Conflict, DomainError
from engine.penalties import Effect, Target
from engine.penalties.seats import refused_at_seats
from engine.registry import get_game
from tournaments.models import SEATS_OF_FOUR, Match, TableSeat


@dataclass(frozen=True)
class Accused:
    """The side (empty at a table of four), the seat (maybe empty for a side) and the entrant."""

    side: str
    seat: str
    pair_id: int


def seat_sides(match: Match) -> dict[str, str | None]:
    """The seats of the match's table (its game's), each with its side (None: a player alone)."""
    return {seat.code: seat.side for seat in get_game(match.round.event.game, pending=True).seats}


def _check_seat(match: Match, seat: str) -> dict[str, str | None]:
    sides = seat_sides(match)
    if seat and seat not in sides:
        raise DomainError(
            f"This table has no seat {seat}: its seats are {', '.join(sides)}.", "unknown_seat", field="seat"
        )
    return sides


def accused(match: Match, *, seat: str = "", side: str = "", per_seat: bool = False) -> Accused:
    """Who is accused at ``match``: a seat of a table of four (a side there is a ``400``), or a side
    named directly or by one of its seats. ``per_seat``: the infraction is counted per player (its
    row's scope), so the seat must be named (``400 seat_required``), never the side alone."""
    seat, side = seat or "", side or ""
    sides = _check_seat(match, seat)
    if match.is_table_of_four:
        if side:
            raise DomainError(
                "A table of four has no sides: name the seat of the player accused.",
                "seat_required",
                field="side",
            )
        if not seat:
            raise DomainError("Name the seat of the player accused.", "required", field="seat")
        pair_id = TableSeat.objects.filter(match=match, seat=seat).values_list("pair_id", flat=True).first()
        assert pair_id is not None  # a table of four seats all four (tournaments.draws.tables)
        return Accused(side="", seat=seat, pair_id=pair_id)
    if seat and side and sides[seat] != side:
        raise DomainError(f"Seat {seat} does not sit {side}.", "seat_not_in_side", field="seat")
    if per_seat and not seat:
        raise DomainError(
            "This infraction is counted per player: name the seat of the player accused, not the side.",
            "seat_required",
            field="seat",
        )
    side = side or sides.get(seat) or ""
    if not side:
        raise DomainError("Name the seat or the side accused.", "required", field="side")
    pair_id = match.ns_pair_id if side == "NS" else match.ew_pair_id
    assert pair_id is not None  # a played match is no bye: both sides have their pair
    return Accused(side=side, seat=seat, pair_id=pair_id)


def appellant(match: Match, *, side: str = "", seat: str = "") -> tuple[str, str]:
    """(side, seat) of who appeals: a side of the match, or a seat at a table of four."""
    if match.is_table_of_four:
        _check_seat(match, seat)
        if not seat:
            raise DomainError("At a table of four the seat appeals: name it.", "seat_required", field="seat")
        return "", seat
    if not side:
        raise DomainError("Name the side that appeals.", "required", field="side")
    return side, ""


def refuse_at_seats(match: Match, effects: Iterable[Effect]) -> None:
    """A table of four has no levels and no side to award a match to; a forfeit or a disqualification
    hits the offender alone (``409 not_supported``, as for levels in a game without them)."""
    if not match.is_table_of_four:
        return
    for index, effect in enumerate(effects):
        if refused_at_seats(effect):
            raise Conflict(
                f"A table of four cannot apply {effect.kind} to {effect.to}: each player scores alone — "
                "rule points (match_points), a forfeit or a disqualification of the offender.",
                "not_supported",
                field=f"effects.{index}",
            )


def seats_hit(to: str, seat: str) -> tuple[str, ...]:
    """The seats an effect ``to`` hits at a table of four, seen from the offending ``seat``."""
    if to == Target.OFFENDER:
        return (seat,)
    others = tuple(other for other in SEATS_OF_FOUR if other != seat)
    return others if to == Target.OPPONENTS else SEATS_OF_FOUR
