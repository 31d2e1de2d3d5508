"""Standings (G10) from the database: a fixed number of queries, then pure ranking.

``match_records`` (scoring.selectors.standing_records) reads every confirmed result of the event,
and the byes of its published rounds, as plain ``MatchRecord`` values in two queries whatever the
number of pairs; the match
points (G9) and the ranking (G10) are pure functions of them (engine.scoring.methods, engine.scoring.ranking).
A computed table is cached under the event's ``results_version`` (bumped by every confirmation
and correction), so a cached table is never stale.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache as once
from typing import Any

from django.core.cache import cache

from core.fast import read_ahead
from engine.scoring.methods import build_method
from engine.scoring.ranking import pair_rounds, rank, rank_units
from scoring.selectors.standing_records import (
    individual_entries,
    provisional_matches,
    ranking_context,
    scored_records,
    table_entries,
)
from tournaments.models import Event, Pair, PairStatus, Unit

CACHE_SECONDS = 24 * 60 * 60
#: The cached tables' generation: a release that changes what a table holds moves it, so no table
#: cached (nor ETag given, scoring.views.standings) by the one before is taken for the new one's.
CACHE_GENERATION = "standings:v1"


def pair_points(event: Event, *, before: int | None = None, only: int | None = None) -> dict[int, float]:
    """Each pair's match points (G9, the event's method) from the rounds numbered below ``before``
    (Swiss pairing, G11) or from round ``only`` (table movement); at tables of four each player's
    own points (``table_entries``)."""
    if event.at_tables or event.rotating_partners:
        if event.rotating_partners:
            entries, _, penalties, _ = individual_entries(event, before=before, only=only)
        else:
            entries, _, penalties = table_entries(event, before=before, only=only)
        return {
            player: sum(entry.match_points for entry in rounds) + penalties.get(player, 0)
            for player, rounds in entries.items()
        }
    records, penalties = scored_records(event, before=before, only=only)
    scored = build_method(event.match_points).score(records)
    totals: dict[int, float] = dict(penalties)
    for record in records:
        points = scored[record.match_id]
        totals[record.ns] = totals.get(record.ns, 0.0) + points.ns
        if record.ew is not None and points.ew is not None:
            totals[record.ew] = totals.get(record.ew, 0.0) + points.ew
    return totals


#: How long a refresh's mark (pending or running, scoring.tasks) lets readers take the last table
#: computed instead of computing the new one themselves: a refresh takes a fraction of a second
#: once it runs, so a mark older than this is a backlog or a lost task, and readers compute.
REFRESH_GRACE_SECONDS = 2.0
PENDING, RUNNING = "pending", "running"


def refresh_mark_key(event_id: int, mark: str) -> str:
    """The cache key of an event's refresh mark (``PENDING`` or ``RUNNING``), set by scoring.tasks."""
    return f"standings:refresh-{mark}:{event_id}"


def _latest_key(event_id: int, kind: str) -> str:
    return f"{CACHE_GENERATION}:{event_id}:latest:{kind}"


def _cache_key(event: Event, kind: str, upto: int | None, version: int | None = None) -> str:
    version = event.results_version if version is None else version
    return f"{CACHE_GENERATION}:{event.pk}:{version}:{kind}:{upto or 'all'}"


def _cached(event: Event, kind: str, upto: int | None, compute, version: int | None = None):
    """The table of the event's results version, computed on a miss; or, given ``version`` (from
    ``served_version``), that earlier version's table while it is still cached."""
    if version is not None and version != event.results_version:
        table = cache.get(_cache_key(event, kind, upto, version))
        if table is not None:
            return table
    key = _cache_key(event, kind, upto)
    table = cache.get(key)
    if table is None:
        with collector_paused():
            table = compute()
        cache.set(key, table, CACHE_SECONDS)
        if upto is None:
            _mark_latest(event, kind)
    return table


def _mark_latest(event: Event, kind: str) -> None:
    """Point the event's ``latest`` key at this version's table unless a newer one is there."""
    key = _latest_key(event.pk, kind)
    latest = cache.get(key)
    if latest is None or latest < event.results_version:
        cache.set(key, event.results_version, CACHE_SECONDS)


def served_version(event: Event, kind: str, upto: int | None = None) -> int:
    """The results version whose table (``kind``: pairs or units) a reader is given now.

    The event's own version, unless its table is not computed yet while a refresh of it is pending
    or running (marked within ``REFRESH_GRACE_SECONDS``): then the last table computed, so that the
    readers of a busy round read that one instead of each computing the new one at once; the
    refresh makes the new one theirs within a second of the result (docs/scoring.md "Standings").
    Tables as of a round are not refreshed in the background: always the event's version. One
    cache read (three small keys), no table read: what a 304 costs.
    """
    current = event.results_version
    if upto is not None:
        return current
    keys = version_keys(event.pk, kind)
    found = read_ahead.get_many(keys)
    latest = found.get(keys[0])
    if latest is None or latest >= current:
        return current
    now = time.time()
    marks = (found.get(key) for key in keys[1:])
    # A mark is ``{"at": time}``; one of another shape (a release before this one set ``True``)
    # holds nobody back.
    if any(isinstance(mark, dict) and now - mark.get("at", 0) < REFRESH_GRACE_SECONDS for mark in marks):
        return latest
    return current


def version_keys(event_id: int, kind: str) -> list[str]:
    """The cache keys ``served_version`` reads (for core.fast.read_ahead): the table computed last and
    the marks of a pending and a running refresh."""
    return [
        _latest_key(event_id, kind),
        refresh_mark_key(event_id, PENDING),
        refresh_mark_key(event_id, RUNNING),
    ]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off while a table is computed.

    A table of 5,000 pairs × 9 rounds allocates some 200,000 short-lived objects (records, points,
    entries); every 700 allocations the collector would walk the young objects, and now and then
    every object of the process: a third of the computation's time (docs/scoring.md "Standings").
    Reference counting still frees what the computation drops; what it leaves in cycles is collected
    once the collector is back. Nested or concurrent computations leave it to whoever paused it.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _ranked(event: Event, upto: int | None):
    """Rows of the pair standings and what they were computed from (three queries)."""
    met = None
    if event.at_tables:
        entries, rounds, penalties = table_entries(event, upto=upto)
    elif event.rotating_partners:
        entries, rounds, penalties, met = individual_entries(event, upto=upto)
    else:
        records, penalties = scored_records(event, upto=upto)
        entries = pair_rounds(
            records,
            match_method=build_method(event.match_points),
            level_method=build_method(event.level_points),
        )
        rounds = sorted({record.round for record in records})
    listed = (
        Pair.objects.filter(event=event)
        .order_by("number")
        .values_list(
            "id",
            "number",
            "name",
            "player_1__name",
            "player_2__name",
            "player_3__name",
            "unit_id",
            "unit__name",
            "status",
        )
    )
    pairs = {
        pk: {
            "id": pk,
            "number": number,
            "name": name or " / ".join(player for player in (first, second, third) if player is not None),
            "unit_id": unit_id,
            "unit": unit,
            "status": status,
        }
        for pk, number, name, first, second, third, unit_id, unit, status in listed
        if status == PairStatus.ACTIVE or pk in entries
    }
    # What the lots are drawn on (G10): the pair numbers (the queryset's rows are read once).
    numbers = {pk: number for pk, number, *_ in listed if pk in pairs}
    context = ranking_context(event, {pk: entries.get(pk, []) for pk in pairs}, penalties, numbers, met)
    rows = rank(context, chain=event.tiebreaks, shared_places=event.shared_places)
    return rows, pairs, entries, rounds, penalties


def refresh_tables(event: Event) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both tables of the event's version (pairs, units), cached, from one ranking (the refresh task's)."""
    ranking = once(lambda: _ranked(event, None))
    return standings_table(event, ranking=ranking), units_table(event, ranking=ranking)


def standings_table(
    event: Event,
    *,
    upto: int | None = None,
    ranking: Callable | None = None,
    version: int | None = None,
    cached: bool = True,
) -> dict[str, Any]:
    """The pair standings (G10) as the API returns them: every row with every tiebreak value and the
    tiebreak that separated it from the next row. Cached per results version. ``ranking``: where
    ``_ranked(event, upto)`` comes from when it was computed already; ``version``: the version
    ``served_version`` chose (its table while it is cached, else the event's own). ``cached=False``:
    computed from the rows as they stand in this transaction, and kept nowhere (a ruling's preview,
    referee.incidents.previews, reads the standings of a change it then rolls back)."""

    def compute() -> dict[str, Any]:
        rows, pairs, _, rounds, penalties = ranking() if ranking else _ranked(event, upto)
        provisional = provisional_matches(event, upto=upto)
        waiting = {pair for match in provisional for pair in match["entrants"]}
        return {
            **_header(event, upto, rounds),
            # Results waiting for the chief referee's decision (G12): it may change them.
            "provisional": [
                {key: match[key] for key in ("match", "round", "table")} for match in provisional
            ],
            "rows": [
                {
                    "rank": row.rank,
                    "shared": row.shared,
                    "pair": _pair(pairs[row.pair]),
                    "match_points": row.match_points,
                    "penalty_points": penalties.get(row.pair, 0),
                    "tiebreaks": row.values,
                    "played": row.played,
                    "wins": row.wins,
                    "draws": row.draws,
                    "losses": row.losses,
                    "decided_by": row.decided_by,
                    "provisional": row.pair in waiting,
                }
                for row in rows
            ],
        }

    return _cached(event, "pairs", upto, compute, version) if cached else compute()


def units_table(
    event: Event, *, upto: int | None = None, ranking: Callable | None = None, version: int | None = None
) -> dict[str, Any]:
    """Units ranked by their pairs' totals (G11): all pairs, or the event's best ``unit_best``."""

    def compute() -> dict[str, Any]:
        rows, pairs, entries, rounds, _ = ranking() if ranking else _ranked(event, upto)
        level_points = {pair: sum(e.level_points for e in entries.get(pair, ())) for pair in pairs}
        units = {unit.pk: unit for unit in Unit.objects.filter(event=event)}
        unit_rows = rank_units(
            rows,
            {pk: pair["unit_id"] for pk, pair in pairs.items()},
            best=event.unit_best,
            level_points=level_points,
            seed=None if event.shared_places else event.lots_seed,
        )
        return {
            **_header(event, upto, rounds),
            "unit_best": event.unit_best,
            "rows": [
                {
                    "rank": row.rank,
                    "shared": row.shared,
                    "unit": {
                        "id": row.unit,
                        "name": units[row.unit].name,
                        "short_name": units[row.unit].short_name,
                    },
                    "match_points": row.match_points,
                    "level_points": row.level_points,
                    "pairs": [pairs[pk]["number"] for pk in row.pairs],
                    "decided_by": row.decided_by,
                }
                for row in unit_rows
            ],
        }

    return _cached(event, "units", upto, compute, version)


def _header(event: Event, upto: int | None, rounds: list[int]) -> dict[str, Any]:
    return {
        "event": event.slug,
        "as_of_round": upto,
        "rounds": rounds,
        "results_version": event.results_version,
        "match_points": build_method(event.match_points).to_dict(),
        "level_points": build_method(event.level_points).to_dict(),
        "tiebreaks": list(event.tiebreaks),
        "shared_places": event.shared_places,
        "lots_seed": event.lots_seed,
    }


def _pair(pair: dict[str, Any]) -> dict[str, Any]:
    return {key: pair[key] for key in ("id", "number", "name", "unit", "status")}


def shown_tiebreaks(table: dict) -> list[str]:
    """The tiebreaks the rows hold: the event's chain, then the lots that settle what it leaves tied
    when places are not shared (G10)."""
    chain = list(table["tiebreaks"])
    if not table["shared_places"] and "lots" not in chain:
        chain.append("lots")
    return chain
