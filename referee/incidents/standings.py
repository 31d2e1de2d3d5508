"""What the standing penalties do to the standings (G12 → G9, G10), read in one query.

- ``match_points``: added to (or taken from) the pair's total, and shown as a column of its own;
- ``match_awarded``: the match scores as awarded to the side the penalty names (the method's maximum,
  e.g. 28 to 0 on the 28-point scale), whether or not a result was confirmed;
- ``forfeit``: the match scores as a late forfeit of the side the penalty names (the event's forfeit
  numbers);
- a pair disqualified by a ruling: its matches score as the event's ``disqualified_results`` says,
  in scoring (``scoring.selectors.standing_records.disqualified_results``), as for a pair its
  organizer disqualified: the pair's status is what counts, so it is not read here.

A cancelled penalty or an overturned ruling drops out of the query, so the standings return exactly
to what they were.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from engine.penalties import PenaltyKind
from engine.scoring.methods.records import MatchKind, MatchRecord
from engine.scoring.ranking.tables import ForfeitRecord
from engine.seats import Side
from referee.incidents.seats import seats_hit
from referee.incidents.selectors import active_penalties, waits_for_chief
from referee.models import Incident
from tournaments.models import Event
from tournaments.selectors import table_seats

KINDS = (
    PenaltyKind.MATCH_POINTS,
    PenaltyKind.MATCH_AWARDED,
    PenaltyKind.FORFEIT,
)


def ruled_standings(
    event: Event, records: list[MatchRecord], rounds: Q
) -> tuple[list[MatchRecord], dict[int, float]]:
    """``records`` with the rulings applied, and each pair's penalty points (``rounds``: the filter of
    the matches being scored, prefixed ``match__``)."""
    rows = list(
        active_penalties()
        .filter(rounds, event=event, kind__in=KINDS)
        .exclude(side="")  # a table of four's are its players' (match_penalties, seat_forfeits)
        .order_by("id")
        .values_list(
            "match_id",
            "match__round__number",
            "match__ns_pair_id",
            "match__ew_pair_id",
            "kind",
            "side",
            "amount",
        )
    )

    if not rows:
        return records, {}
    by_match = {record.match_id: record for record in records}
    points: dict[int, float] = {}
    for match, number, ns, ew, kind, side, amount in rows:
        if kind == PenaltyKind.MATCH_POINTS:
            assert amount is not None  # a match-points effect has its amount (engine.penalties.settings)
            for pair in _pairs(side, ns, ew):
                points[pair] = points.get(pair, 0) + amount
        else:
            awarded = kind == PenaltyKind.MATCH_AWARDED
            winner = _winner(side, awarded=awarded)
            by_match[match] = MatchRecord(
                match_id=match,
                round=number,
                ns=ns,
                ew=ew,
                kind=MatchKind.AWARDED if awarded else MatchKind.FORFEIT,
                winner=winner,
            )
    return list(by_match.values()), points


def _pairs(side: str, ns: int, ew: int | None) -> list[int]:
    by_side: dict[str, list[int | None]] = {"NS": [ns], "EW": [ew], "both": [ns, ew]}
    pairs = by_side[side]
    return [pair for pair in pairs if pair is not None]


def _winner(side: str, *, awarded: bool) -> Side | None:
    """An award names the side it goes to; a forfeit the side that forfeits (both: nobody wins)."""
    if side == "both":
        return None
    return Side(side) if awarded else Side(side).other


def match_penalties(event: Event, rounds: Q) -> dict[int, dict[int, float]]:
    """The match points the standing rulings gave or took, by match then entrant: a side's pair (or
    both pairs), or at a table of four the players its ``to`` hits from the offender's seat (the
    offender, the other three, or all four). Two queries (one without a table of four)."""
    rows = list(
        active_penalties()
        .filter(rounds, event=event, kind=PenaltyKind.MATCH_POINTS)
        .order_by("id")
        .values_list(
            "match_id",
            "match__ns_pair_id",
            "match__ew_pair_id",
            "side",
            "to",
            "amount",
            "ruling__incident__seat",
        )
    )
    seated = table_seats([match for match, ns, *_ in rows if ns is None])
    out: dict[int, dict[int, float]] = {}
    for match, ns, ew, side, to, amount, seat in rows:
        assert amount is not None  # a match-points effect has its amount (engine.penalties.settings)
        hit = _pairs(side, ns, ew) if side else [seated[match][each] for each in seats_hit(to, seat)]
        points = out.setdefault(match, {})
        for pair in hit:
            points[pair] = points.get(pair, 0) + amount
    return out


def seat_forfeits(event: Event, rounds: Q) -> list[ForfeitRecord]:
    """The players whose table of four a standing ruling scores as their forfeit (the offender: a
    forfeit at a table of four hits no one else, referee.incidents.seats)."""
    rows = (
        active_penalties()
        .filter(rounds, event=event, kind=PenaltyKind.FORFEIT, side="")
        .order_by("id")
        .values_list("match_id", "match__round__number", "ruling__incident__pair_id")
    )
    return [ForfeitRecord(match_id=match, round=number, player=player) for match, number, player in rows]


def provisional_matches(event: Event, rounds: Q) -> list[dict[str, Any]]:
    """The matches whose result waits for the chief referee (G12): an incident appealed, or its
    standing ruling flagged for review (a ruling that decides the match, or other than the table's).
    Their results are provisional: the chief referee's decision may change them. Each carries its
    ``entrants``: the two pairs, or at a table of four its four players (docs/referees.md: the
    standings mark their rows). One query, two with tables of four."""
    rows = (
        Incident.objects.filter(rounds, waits_for_chief(), event=event)
        .order_by("match__round__number", "match__table")
        .values_list(
            "match_id", "match__round__number", "match__table", "match__ns_pair_id", "match__ew_pair_id"
        )
        .distinct()
    )
    keys = ("match", "round", "table", "ns_pair", "ew_pair")
    matches: list[dict[str, Any]] = [dict(zip(keys, row, strict=True)) for row in rows]
    # A table of four has no sides: its entrants are its seats' players (one more query, only then).
    seated = table_seats([match["match"] for match in matches if match["ns_pair"] is None])
    for match in matches:
        sides = [pair for pair in (match["ns_pair"], match["ew_pair"]) if pair is not None]
        match["entrants"] = sides or list(seated.get(match["match"], {}).values())
    return matches
