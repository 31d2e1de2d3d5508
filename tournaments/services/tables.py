"""Rounds of a game played four to a table, each player for themselves (four-player Dou Dizhu;
docs/events.md "Tables of four").

The draw is ``tournaments.draws.tables_draw`` (pure): score-grouped tables of four, no two players
at one table again where it can be avoided, the players left over sitting out (a bye). This
module stores it: a table is a ``Match`` without sides whose four ``TableSeat`` rows seat the
players; a bye is a match of one entrant and no opponent, as in the two-sided games.

Only Swiss stages (积分编排) draw tables of four; a knockout or a round robin is between two sides.
A draft's tables are redrawn (with a seed), not edited by hand: ``require_two_sided`` refuses the
hand edits made for two-sided matches.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.errors import Conflict, DomainError
from tournaments import draws
from tournaments.draws.tables import TablesDraw, tables_draw
from tournaments.models import Event, Match, Round, StageKind, TableSeat

SEATS = ("N", "E", "S", "W")
TABLES_SYSTEM = "tables_of_four"


def require_stage_kind(event: Event, kind: str | None) -> None:
    """A game of tables of four draws score-grouped rounds only (a 400 at ``kind``)."""
    if kind is not None and kind != StageKind.SWISS and (event.at_tables or event.rotating_partners):
        raise DomainError(
            f"This event of {event.game} is played four to a table: its stages are Swiss (score-grouped "
            "or rotating-partner tables), not a knockout or a round robin of two sides.",
            "not_supported",
            field="kind",
        )


def require_two_sided(round_: Round) -> None:
    """Hand edits of a draw (swap, move, a table set by hand) are for two-sided matches (a 409)."""
    if round_.event.at_tables or round_.event.rotating_partners:
        raise Conflict(
            "A round of tables of four is redrawn, not edited by hand: draw it again (with a seed).",
            "not_supported",
        )


def draw_tables(round_: Round, entrants: Sequence[draws.Entrant], *, seed: int, first: bool) -> TablesDraw:
    """The round's tables from its entrants (``drawing.stage_entrants``, opponents = players met)."""
    first_round = draws.FirstRound(round_.stage.first_round) if first else None
    return tables_draw(entrants, seed=seed, first_round=first_round)


def store_tables(round_: Round, drawn: TablesDraw) -> None:
    """Write a draw as the round's matches: its tables in order, then one bye match per player out.

    The draft's matches are replaced (a redraw starts again: nothing is scored on a draft); the
    caller says the tables changed (``tournaments.changes.changed(…, tables=True)``).
    """
    round_.matches.all().delete()
    matches = [
        Match(round=round_, table=table.table, ns_pair=None, ew_pair=None, flags=sorted(table.flags))
        for table in drawn.tables
    ]
    after = len(drawn.tables)
    matches += [
        Match(round=round_, table=after + n, ns_pair_id=pair, ew_pair=None, flags=[str(draws.Flag.BYE)])
        for n, pair in enumerate(drawn.byes, start=1)
    ]
    created = Match.objects.bulk_create(matches)
    seats = [
        TableSeat(match=match, round=round_, seat=seat, pair_id=pair)
        for match, table in zip(created, drawn.tables, strict=False)
        for seat, pair in zip(SEATS, table.seats, strict=True)
    ]
    TableSeat.objects.bulk_create(seats)
