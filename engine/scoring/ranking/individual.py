"""The standings' entries of an individual event: players alone whose partners rotate every round
(转蛋 / 个人赛; docs/duplicate.md "Individual events"). Pure: no Django.

A table of such an event is a match of two sides, each side two players: the side's result is
credited to both of its players. The records come as any event's, each table's NS and EW standing
for one player of each side (the N and E seats); ``individual_rounds`` scores them with the event's
methods (``pair_rounds``, unchanged) and gives the other two players (S and W) the same entries as
their partners.

The tiebreaks then read each player's own entries (**decisions**):

- ``opponents_points`` (对手分) sums the final match points of *both* opponents of every table
  played, so a player of an individual event meets two opponents a round (``met``);
  ``sonneborn_berger`` weighs both by the player's outcome; ``head_to_head`` compares two tied
  players over the tables where they sat on opposite sides (partners are not opponents).
- A bye (sitting out) is scored as the event's match-points method scores a bye, and adds to
  opponents' points as the event's ``opponents_bye`` says, as in any event.
- ``level_points``, ``wins``, ``first_places``, ``double_wins`` and the progressive scores are the
  player's side's, table by table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from engine.scoring.methods.base import ScoringMethod
from engine.scoring.methods.records import MatchRecord
from engine.scoring.ranking.entries import PairRound, pair_rounds

#: A table's two sides, each (first player, partner): ((N, S), (E, W)).
Sides = tuple[tuple[int, int], tuple[int, int]]


def individual_rounds(
    records: Iterable[MatchRecord],
    sides: Mapping[int, Sides],
    *,
    match_method: ScoringMethod,
    level_method: ScoringMethod,
    players: Iterable[int] = (),
) -> tuple[dict[int, list[PairRound]], dict[int, dict[int, tuple[int, ...]]]]:
    """Every player's rounds, and the opponents each met at each table (player → match id →
    opponents). ``records`` of the tables in ``sides`` have their NS and EW set to the sides' first
    players here; a bye's record is the player's own."""
    seated = [
        replace(record, ns=sides[record.match_id][0][0], ew=sides[record.match_id][1][0])
        if record.match_id in sides
        else record
        for record in records
    ]
    out = pair_rounds(seated, match_method=match_method, level_method=level_method, pairs=players)
    met: dict[int, dict[int, tuple[int, ...]]] = {}
    for record in seated:
        table = sides.get(record.match_id)
        if table is None:
            continue
        for own, other in ((table[0], table[1]), (table[1], table[0])):
            first, partner = own
            entry = next(e for e in out[first] if e.match_id == record.match_id)
            out.setdefault(partner, []).append(entry)
            for player in own:
                met.setdefault(player, {})[record.match_id] = other
    for entries in out.values():
        entries.sort(key=lambda entry: (entry.round, entry.match_id))
    return out, met
