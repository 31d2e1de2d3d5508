"""The check-in (检录) of a round as it reads (docs/events.md "Check-in"): every entrant the
round's draw would place, with its mark, and the pairs the draw leaves out."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import AbsentPairs, Attendance, CheckIn, Match, Pair, Round, TableSeat
from tournaments.selectors.pages import stage_pairs


@dataclass(frozen=True)
class Entry:
    pair: Pair
    mark: CheckIn | None
    match: Match | None = None  # the pair's table in the round (None: not drawn yet, or left out)

    @property
    def status(self) -> str | None:
        return None if self.mark is None else self.mark.status


def marks(round_: Round) -> dict[int, CheckIn]:
    """The round's check-in marks by pair id."""
    return {mark.pair_id: mark for mark in CheckIn.objects.filter(round=round_).select_related("checked_by")}


def absent_ids(round_: Round) -> set[int]:
    """The pairs marked absent for the round."""
    return set(
        CheckIn.objects.filter(round=round_, status=Attendance.ABSENT).values_list("pair_id", flat=True)
    )


def left_out_ids(round_: Round) -> set[int]:
    """The pairs the round's draw leaves out: those marked absent, where the event leaves them out
    (``absent_pairs``); with ``forfeit`` an absent pair is drawn and its match forfeited."""
    if round_.event.absent_pairs != AbsentPairs.LEAVE_OUT:
        return set()
    return absent_ids(round_)


def drawn_pairs(round_: Round) -> tuple[list[Pair], bool]:
    """``stage_pairs`` of the round's stage without the pairs its check-in leaves out."""
    pairs, qualified = stage_pairs(round_.stage)
    out = left_out_ids(round_)
    return [pair for pair in pairs if pair.pk not in out], qualified


def check_in_sheet(round_: Round) -> list[Entry]:
    """Every pair the round's stage would place, by number, with its mark (None: not checked in)
    and its table in the round's draw, and any other pair marked for the round (one withdrawn since)."""
    pairs, _ = stage_pairs(round_.stage)
    by_pair = marks(round_)
    listed = {pair.pk for pair in pairs}
    others = Pair.objects.filter(pk__in=set(by_pair) - listed)
    everyone = sorted([*pairs, *others], key=lambda pair: pair.number)
    loaded = {
        pair.pk: pair
        for pair in Pair.objects.filter(pk__in=[p.pk for p in everyone]).select_related(
            "player_1", "player_2", "player_3", "unit"
        )
    }
    matches = {match.pk: match for match in Match.objects.filter(round=round_)}
    tables: dict[int, Match] = {}  # pair id → its table (a seat's entrant at a table of four too)
    for match in matches.values():
        tables |= {pair: match for pair in (match.ns_pair_id, match.ew_pair_id) if pair is not None}
    for seat_match, seat_pair in TableSeat.objects.filter(round=round_).values_list("match_id", "pair_id"):
        tables[seat_pair] = matches[seat_match]
    return [
        Entry(pair=loaded[pair.pk], mark=by_pair.get(pair.pk), match=tables.get(pair.pk)) for pair in everyone
    ]


def unmarked_numbers(round_: Round) -> list[int]:
    """The numbers of the stage's pairs with no mark for the round (the draw waits for them when
    the event says so: ``check_in_required``)."""
    pairs, _ = stage_pairs(round_.stage)
    marked = set(CheckIn.objects.filter(round=round_).values_list("pair_id", flat=True))
    return sorted(pair.number for pair in pairs if pair.pk not in marked)
