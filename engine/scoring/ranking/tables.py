"""The standings' entries of a game played four to a table, each player for themselves (four-player
Dou Dizhu: docs/rules/doudizhu.md D10, docs/scoring.md "Tables of four"). Pure: no Django.

Each confirmed table gives each of its four players one ``PairRound`` (the standings' per-round
entry, whatever the entrant), so the ranking and its tiebreak registry run unchanged:

- ``match_points``: the player's points at the table (D8, summed over the round's deals);
- ``level_points``: those points less the table's average (净胜分 against the table): the
  ``level_points`` tiebreak;
- ``firsts``: the deals the player's side won (胜局): the ``first_places`` tiebreak;
- ``outcome``: a win for the table's top score alone, a draw for a shared top, else a loss: the
  ``wins`` tiebreak counts the tables a player topped.

A player whose table a referee's ruling scores as its forfeit (docs/referees.md "Tables of four"),
or a disqualified player's under ``disqualified_results: forfeit``, has a lost table with no points
and no deals won: its level points are its 0 less the table's average as played; the other three
keep their own entries. With no confirmed table yet, the forfeit alone is the player's round.

A bye (a player the draw left out, the field not being a multiple of four) scores the round's
average points per seated player, so sitting out neither helps nor hurts (**decision**); it has no
level points and no deals, and counts as a draw (it topped no table).

An event of such a game scores with ``game_points`` and ``net_points`` and ranks with the tiebreaks
that compare players (not head-to-head, opponents' points, levels or double wins, which compare two
sides): its game's registry entry says so (``Game.scoring``: engine/doudizhu/__init__.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.scoring.methods.records import MatchKind, Outcome
from engine.scoring.ranking.entries import PairRound, clean


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A confirmed table of four: its players by seat and each seat's totals (``SheetTotals.seats``)."""

    match_id: int
    round: int
    players: Mapping[str, int]  # seat → entrant id
    seats: Mapping[str, Mapping[str, float]]  # seat → {"points", "deals_won", …}


@dataclass(frozen=True, slots=True)
class ByeRecord:
    match_id: int
    round: int
    player: int


#: A player's table scored as its forfeit: the same three facts as a bye.
ForfeitRecord = ByeRecord


def table_rounds(
    tables: Iterable[TableRecord],
    byes: Iterable[ByeRecord] = (),
    *,
    players: Iterable[int] = (),
    forfeits: Iterable[ForfeitRecord] = (),
) -> dict[int, list[PairRound]]:
    """Every player's rounds, sorted by round then match; ``players`` adds players with none yet."""
    out: dict[int, list[PairRound]] = {player: [] for player in players}
    round_points: dict[int, list[float]] = {}
    forfeited = {(forfeit.match_id, forfeit.player): forfeit for forfeit in forfeits}
    for table in tables:
        points = {seat: float(table.seats[seat]["points"]) for seat in table.players}
        average = sum(points.values()) / len(points)
        top = max(points.values())
        leaders = sum(1 for value in points.values() if value == top)
        round_points.setdefault(table.round, []).extend(points.values())
        for seat, player in table.players.items():
            if forfeited.pop((table.match_id, player), None) is not None:
                out.setdefault(player, []).append(_forfeit(table.round, table.match_id, -average))
                continue
            mine = points[seat]
            outcome = Outcome.LOSS if mine < top else Outcome.WIN if leaders == 1 else Outcome.DRAW
            entry = PairRound(
                table.round,
                table.match_id,
                None,
                MatchKind.PLAYED,
                outcome,
                clean(mine),
                clean(mine - average),
                0,
                0,
                int(table.seats[seat].get("deals_won", 0)),
                0,
            )
            out.setdefault(player, []).append(entry)
    for bye in byes:
        seated = round_points.get(bye.round, ())
        average = clean(sum(seated) / len(seated)) if seated else 0
        entry = PairRound(bye.round, bye.match_id, None, MatchKind.BYE, Outcome.DRAW, average, 0, 0, 0, 0, 0)
        out.setdefault(bye.player, []).append(entry)
    for forfeit in forfeited.values():  # no confirmed table yet: the forfeit is the round
        out.setdefault(forfeit.player, []).append(_forfeit(forfeit.round, forfeit.match_id, 0))
    for entries in out.values():
        entries.sort(key=lambda entry: (entry.round, entry.match_id))
    return out


def _forfeit(round_number: int, match_id: int, level_points: float) -> PairRound:
    return PairRound(
        round_number, match_id, None, MatchKind.FORFEIT, Outcome.LOSS, 0, clean(level_points), 0, 0, 0, 0
    )
