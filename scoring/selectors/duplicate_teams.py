"""The team matches of a duplicate teams event and the teams' standings (docs/duplicate.md "Teams of
four"); the comparison is the engine's (engine/duplicate/teams.py).

A round's team match is its two tables where two teams' pairs meet: the lower table's NS pair is
team A's, and A's other pair sits EW at the other table. Only deals both tables played count.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from engine.duplicate.teams import team_match
from engine.seats import Side
from scoring.models import Deal, DealStatus
from scoring.selectors.duplicate import DIFFERENCE_SCALE, record_points
from tournaments.models import Event, Match, Round, Unit


def _match_points(event: Event) -> tuple[float, float, float]:
    """A team match's points by the event's match points setting (G9 ``win_draw_loss``'s numbers;
    2 / 1 / 0 when it names others)."""
    setting = event.match_points or {}
    return (
        float(setting.get("win", 2)),
        float(setting.get("draw", 1)),
        float(setting.get("loss", 0)),
    )


def round_team_matches(round: Round) -> list[dict[str, Any]]:
    """Every team match of the round: the teams, each deal's swing, the totals, the winner and the
    match points."""
    event = round.event
    matches = list(
        Match.objects.filter(round=round, ns_pair__isnull=False, ew_pair__isnull=False)
        .order_by("table")
        .values_list("pk", "table", "ns_pair__unit_id", "ew_pair__unit_id")
    )
    units = dict(Unit.objects.filter(event=event).values_list("pk", "name"))
    by_match: dict[int, dict[int, dict[Side, int]]] = defaultdict(dict)
    for match, board, points in Deal.objects.filter(
        match__round=round, status=DealStatus.CURRENT
    ).values_list("match_id", "record__board", "record__points"):
        by_match[match][board] = record_points(points)
    comparison = event.rule_profile().comparison
    win, draw, loss = _match_points(event)
    seen: dict[frozenset[int], tuple[int, int, int]] = {}
    out = []
    for pk, table, ns_unit, ew_unit in matches:
        key = frozenset((ns_unit, ew_unit))
        if key not in seen:
            seen[key] = (pk, table, ns_unit)
            continue
        first, first_table, a = seen.pop(key)
        b = ew_unit if ns_unit == a else ns_unit
        boards = sorted(set(by_match[first]) & set(by_match[pk]))
        played = team_match(
            [(n, by_match[first][n], by_match[pk][n]) for n in boards],
            comparison=comparison,
            table=DIFFERENCE_SCALE,
        )
        points = {None: (draw, draw), "A": (win, loss), "B": (loss, win)}[played.winner]
        out.append(
            {
                "tables": [first_table, table],
                "a": {"id": a, "name": units.get(a, "")},
                "b": {"id": b, "name": units.get(b, "")},
                "deals": [{"board": d.number, "swing": d.swing, "counted": d.counted} for d in played.deals],
                "a_total": played.a_total,
                "b_total": played.b_total,
                "winner": played.winner,
                "a_match_points": points[0],
                "b_match_points": points[1],
            }
        )
    return out


def team_standings(event: Event) -> dict[str, Any]:
    """The teams by match points, then by the difference of their totals (swings won less lost),
    then by name; teams equal on both share a place."""
    rows: dict[int, dict[str, Any]] = {}
    for round in Round.objects.filter(event=event).select_related("event").order_by("number"):
        for played in round_team_matches(round):
            for me, other, own, mp in (
                ("a", "b", "a_total", "a_match_points"),
                ("b", "a", "b_total", "b_match_points"),
            ):
                team = played[me]
                row = rows.setdefault(
                    team["id"], {"team": team, "matches": 0, "match_points": 0.0, "difference": 0.0}
                )
                row["matches"] += 1
                row["match_points"] += played[mp]
                row["difference"] += played[own] - played[f"{other}_total"]
    ordered = sorted(rows.values(), key=lambda r: (-r["match_points"], -r["difference"], r["team"]["name"]))
    place, previous = 0, None
    for index, row in enumerate(ordered, start=1):
        decided = (row["match_points"], row["difference"])
        if decided != previous:
            place = index
        row["place"], previous = place, decided
    return {"event": event.slug, "rows": ordered}
