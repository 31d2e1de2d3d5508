"""Rounds of an individual event: players alone, their partners drawn every round (转蛋 / 个人赛;
docs/duplicate.md "Individual events").

The draw is the engine's (``engine.duplicate.individual``, pure): nobody partners the same player
twice, then nobody meets the same opponent twice, while that can be avoided, those who sat out
least sitting out. This module gives it the event's history and stores what it draws:

- **Players** are the entrants the round draws (``drawn_pairs``: the stage's active ones, without
  those the check-in leaves out), each by its number (对号), which every lot is keyed on, never its
  id (docs/events.md "Reproducing a draw").
- **History**: every table of the event's rounds before this one (its N/S and E/W partnerships,
  read from its seats) and every bye, whatever the stage.
- **Seed**: the one asked for, else the event's published ``lots_seed``, so that anyone holding the
  registration and the seed draws the same rounds; the round's number is the engine's round.
- **Tables**: a table is a ``Match`` without sides whose ``TableSeat`` rows seat the first
  partnership N and S, the second E and W; a player sitting out has a bye match, as in a Swiss
  round, scored as the event's match-points method scores a bye.
- **Flags**: ``repeat_partner`` on a table where two partners partnered before, ``rematch`` where
  two opponents met before (as partners or opponents); ``relaxed`` lists one note per such pair,
  and ``repeat_bye`` for a player sitting out again.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.duplicate.individual import History, IndividualRound, IndividualTable, draw_round
from engine.errors import BadInput
from tournaments import draws
from tournaments.models import Match, Round, TableSeat
from tournaments.selectors import table_seats
from tournaments.selectors.checkin import drawn_pairs

INDIVIDUAL_SYSTEM = "rotating_partners"


def event_history(round_: Round) -> tuple[History, dict[Hashable, int]]:
    """The partnerships, meetings and byes of the event's rounds before ``round_``, by pair number,
    and each number's pair id (two queries and the seats)."""
    earlier = Match.objects.filter(round__event=round_.event_id, round__number__lt=round_.number)
    numbers = dict(round_.event.pairs.values_list("pk", "number"))
    history = History.empty()
    tables = list(earlier.filter(ns_pair__isnull=True).values_list("pk", flat=True))
    drawn: list[IndividualTable] = []
    for seats in table_seats(tables).values():
        if len(seats) == 4:
            ns = (numbers[seats["N"]], numbers[seats["S"]])
            ew = (numbers[seats["E"]], numbers[seats["W"]])
            drawn.append(IndividualTable(ns=ns, ew=ew))
    byes = earlier.filter(ns_pair__isnull=False, ew_pair__isnull=True).values_list("ns_pair_id", flat=True)
    history.add(IndividualRound(tables=tuple(drawn), sitting_out=tuple(numbers[pair] for pair in byes)))
    ids: dict[Hashable, int] = {number: pk for pk, number in numbers.items()}
    return history, ids


def draw_individual(round_: Round, *, seed: int) -> list[str]:
    """Draw and store the round; the notes of what it had to relax (pair ids, for ``numbered``)."""
    history, ids = event_history(round_)
    players = [pair.number for pair in drawn_pairs(round_)[0]]
    try:
        drawn = draw_round(players, history, seed=seed, round_number=round_.number)
    except BadInput as exc:
        raise draws.DrawError(draws.ErrorCode.TOO_FEW_ENTRANTS, exc.detail) from exc
    round_.matches.all().delete()  # a redraw starts again: nothing is scored on a draft
    notes: list[str] = []
    matches, seats = [], []
    for number, table in enumerate(drawn.tables, start=1):
        flags = set()
        for a, b in (table.ns, table.ew):
            if history.partners.get(frozenset((a, b))):
                flags.add(str(draws.Flag.REPEAT_PARTNER))
                notes.append(draws.DrawNote.of(draws.Flag.REPEAT_PARTNER, ids[a], ids[b]))
        for a in table.ns:
            for b in table.ew:
                key = frozenset((a, b))
                if history.met.get(key) or history.partners.get(key):
                    flags.add(str(draws.Flag.REMATCH))
                    notes.append(draws.DrawNote.of(draws.Flag.REMATCH, ids[a], ids[b]))
        match = Match(round=round_, table=number, ns_pair=None, ew_pair=None, flags=sorted(flags))
        matches.append(match)
        north, south = table.ns
        east, west = table.ew
        seats.append((match, {"N": north, "E": east, "S": south, "W": west}))
    after = len(drawn.tables)
    for offset, player in enumerate(drawn.sitting_out, start=1):
        matches.append(
            Match(round=round_, table=after + offset, ns_pair_id=ids[player], flags=[str(draws.Flag.BYE)])
        )
        if history.byes.get(player):
            notes.append(draws.DrawNote.of(draws.Flag.REPEAT_BYE, ids[player]))
    Match.objects.bulk_create(matches)
    TableSeat.objects.bulk_create(
        TableSeat(match=match, round=round_, seat=seat, pair_id=ids[player])
        for match, seated in seats
        for seat, player in seated.items()
    )
    return sorted(set(notes))
