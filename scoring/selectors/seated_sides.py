"""An individual event's tables as the standings read them (docs/duplicate.md "Individual events"):
a table of seats whose N/S and E/W players are its two sides, read as a two-sided ``MatchRecord``
whose NS and EW stand for the players at N and E (``seated_sides``), with the referees' rulings,
which accuse a seat there as at a table of four, carried to the player's side (``seat_rulings``).
scoring.selectors.standing_records calls them for an event with ``rotating_partners``."""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Q

from engine.scoring.methods.records import MatchKind, MatchRecord
from engine.seats import Side
from scoring.rulings import rulings
from tournaments.models import Event
from tournaments.selectors import table_seats


def seated_sides(records: list[MatchRecord]) -> tuple[list[MatchRecord], dict[int, tuple[int, int]]]:
    """An individual event's tables (no pairs: seats) as two-sided records: NS and EW stand for the
    players at N and E (their partners at S and W are credited by ``individual_entries``); and the
    partners at S and W of each table (match id → (S, W))."""
    seats = {
        match: seated
        for match, seated in table_seats([record.match_id for record in records if record.ns is None]).items()
        if len(seated) == 4
    }
    sided = [
        replace(record, ns=seats[record.match_id]["N"], ew=seats[record.match_id]["E"])
        if record.match_id in seats
        else record
        for record in records
    ]
    return sided, {match: (seated["S"], seated["W"]) for match, seated in seats.items()}


def seat_rulings(
    event: Event,
    records: list[MatchRecord],
    partners: dict[int, tuple[int, int]],
    points: dict[int, float],
    window: Q,
) -> tuple[list[MatchRecord], dict[int, float]]:
    """An individual event's rulings, which accuse a seat as at a table of four (docs/referees.md):
    match points to the players they hit, and a player's forfeit scored as their side's."""
    readers = rulings()
    points = dict(points)
    for per_player in readers.match_penalties(event, window).values():
        for player, amount in per_player.items():
            points[player] = points.get(player, 0) + amount
    offenders: dict[int, set[int]] = {}
    for forfeit in readers.seat_forfeits(event, window):
        offenders.setdefault(forfeit.match_id, set()).add(forfeit.player)
    if not offenders:
        return records, points
    scored = []
    for record in records:
        out = offenders.get(record.match_id)
        sides = sides_in(record, out, partners.get(record.match_id)) if out and record.ew else set()
        if sides:
            winner = None if len(sides) == 2 else next(iter(sides)).other
            record = replace(record, kind=MatchKind.FORFEIT, winner=winner, games=(), tally=None)
        scored.append(record)
    return scored, points


def sides_in(record: MatchRecord, pairs: set[int], partners: tuple[int, int] | None = None) -> set[Side]:
    """The sides of ``record`` holding one of ``pairs``; ``partners``: an individual table's S and W."""
    south, west = partners or (None, None)
    return ({Side.NS} if record.ns in pairs or south in pairs else set()) | (
        {Side.EW} if record.ew in pairs or west in pairs else set()
    )
