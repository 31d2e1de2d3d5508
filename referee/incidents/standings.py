"""What the standing penalties do to the standings (G12 → G9, G10), read in one query.

- ``match_points``: added to (or taken from) the pair's total, and shown as a column of its own;
- ``match_awarded``: the match scores as awarded to the side the penalty names (the method's maximum,
  e.g. 28 to 0 on the 28-point scale), whether or not a result was confirmed;
- ``forfeit``: the match scores as a late forfeit of the side the penalty names (the event's forfeit
  numbers);
- a pair disqualified by a ruling: with the event's ``disqualified_results: "forfeit"`` each of its
  matches scores as its forfeit; with ``keep`` (the default) they stay as played.

A cancelled penalty or an overturned ruling drops out of the query, so the standings return exactly
to what they were.
"""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Q

from engine.penalties import PenaltyKind
from engine.scoring.methods.records import MatchKind, MatchRecord
from engine.seats import Side
from referee.incidents.selectors import active_penalties
from tournaments.models import Event, PairStatus

KINDS = (
    PenaltyKind.MATCH_POINTS,
    PenaltyKind.MATCH_AWARDED,
    PenaltyKind.FORFEIT,
    PenaltyKind.DISQUALIFICATION,
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
            "before",
        )
    )
    if not rows:
        return records, {}
    by_match = {record.match_id: record for record in records}
    points: dict[int, float] = {}
    disqualified: set[int] = set()
    for match, number, ns, ew, kind, side, amount, before in rows:
        if kind == PenaltyKind.MATCH_POINTS:
            assert amount is not None  # a match-points effect has its amount (engine.penalties.settings)
            for pair in _pairs(side, ns, ew):
                points[pair] = points.get(pair, 0) + amount
        elif kind == PenaltyKind.DISQUALIFICATION:
            disqualified.add(before.get("pair"))
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
    if disqualified and event.penalty_rules().disqualified_results == "forfeit":
        still = set(
            event.pairs.filter(pk__in=disqualified, status=PairStatus.DISQUALIFIED).values_list(
                "pk", flat=True
            )
        )
        for match, record in list(by_match.items()):
            if record.ew is None or record.kind is MatchKind.BYE:
                continue
            offenders = {Side.NS} if record.ns in still else set()
            offenders |= {Side.EW} if record.ew in still else set()
            if offenders:
                winner = None if len(offenders) == 2 else next(iter(offenders)).other
                by_match[match] = replace(record, kind=MatchKind.FORFEIT, winner=winner, games=(), tally=None)
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
