"""``GET /events/{slug}/results/``: every table of the published rounds with its official result and the
points it gave (G8, G9). Three queries, whatever the size of the event."""

from __future__ import annotations

from typing import Any

from referee.games.guandan.cards import Side, format_level
from scoring.methods import build_method
from scoring.selectors.standings import SCORED_ROUNDS, match_records
from tournaments.models import Event, Match, Pair


def results_table(event: Event, *, only: int | None = None) -> dict[str, Any]:
    matches = Match.objects.filter(round__event=event, round__status__in=SCORED_ROUNDS)
    if only is not None:
        matches = matches.filter(round__number=only)
    rows_of = matches.order_by("round__number", "table").values_list(
        "id", "round__number", "table", "ns_pair_id", "ew_pair_id", "status"
    )
    records = {record.match_id: record for record in match_records(event, only=only)}
    pairs = {
        pair.pk: {"id": pair.pk, "number": pair.number, "name": pair.display_name}
        for pair in Pair.objects.filter(event=event).select_related("player_1", "player_2", "player_3")
    }
    match_points = build_method(event.match_points).score(list(records.values()))
    level_points = build_method(event.level_points).score(list(records.values()))
    rows = []
    for pk, number, table, ns, ew, status in rows_of:
        record = records.get(pk)
        row: dict[str, Any] = {
            "match": pk,
            "round": number,
            "table": table,
            "ns_pair": pairs[ns],
            "ew_pair": pairs.get(ew),
            "status": "bye" if ew is None else status,
            "levels": None,
            "winner": None,
            "level_difference": None,
            "points": None,
            "deals_played": None,
            "forfeit": None,
            "match_points": None,
            "level_points": None,
        }
        if record is not None:
            last = record.games[-1] if record.games else None
            row.update(
                levels=None
                if last is None
                else {"NS": format_level(last.ns_level), "EW": format_level(last.ew_level)},
                winner=None if record.winner is None else str(record.winner),
                # G8 级差, over every game of a best of three (as the level methods count it).
                level_difference=None if last is None else abs(record.net_levels(Side.NS)),
                # a point game's totals over its deals (docs/rules/daguai.md K5); None for level games
                points=None if record.points is None else {str(side): record.points[side] for side in Side},
                # a point game's result has no games (docs/rules/daguai.md K5), but its deals
                deals_played=record.extra.get("deals_played") if record.kind == "played" else None,
                forfeit=None if record.kind in ("played", "bye") else str(record.kind),
                match_points=_points(match_points[pk]),
                level_points=_points(level_points[pk]),
            )
        rows.append(row)
    return {"event": event.slug, "round": only, "results_version": event.results_version, "rows": rows}


def _points(points) -> dict[str, float | None]:
    return {"NS": points.ns, "EW": points.ew}
