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
from engine.seats import Side
from referee.incidents.selectors import active_penalties, waits_for_chief
from referee.models import Incident
from tournaments.models import Event

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


def provisional_matches(event: Event, rounds: Q) -> list[dict[str, Any]]:
    """The matches whose result waits for the chief referee (G12): an incident appealed, or its
    standing ruling flagged for review (a ruling that decides the match, or other than the table's).
    Their results are provisional: the chief referee's decision may change them. One query."""
    rows = (
        Incident.objects.filter(rounds, waits_for_chief(), event=event)
        .order_by("match__round__number", "match__table")
        .values_list(
            "match_id", "match__round__number", "match__table", "match__ns_pair_id", "match__ew_pair_id"
        )
        .distinct()
    )
    keys = ("match", "round", "table", "ns_pair", "ew_pair")
    return [dict(zip(keys, row, strict=True)) for row in rows]
