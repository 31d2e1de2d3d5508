"""``GET /events/{slug}/results/``: every table of the published rounds with its official result and the
points it gave (G8, G9). Three queries, whatever the size of the event (two more when the event
seats its players at tables of four: their seats and their confirmed seat totals).

A table of four (four-player Dou Dizhu, docs/rules/doudizhu.md D8, D10) has no sides: its row's
``ns_pair`` and ``ew_pair`` are null and ``seats`` lists its players N, E, S, W, each with the
seat's totals of the confirmed result and the standings' points of it (``engine.scoring.ranking.tables``);
``points`` is then per seat. A two-sided match's ``seats`` is empty.

``penalty_points`` shows beside the match what the referees' rulings gave or took in match points
(G12; docs/referees.md): per side, or per seat at a table of four; null where no ruling did (one
query more, two at tables of four). A player's table a ruling scores as its forfeit shows the
standings' points of it (none)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Q

from engine.levels import format_level
from engine.scoring.methods import build_method
from engine.scoring.ranking.tables import ByeRecord, TableRecord, table_rounds
from engine.seats import Side
from scoring.models import MatchResult, ResultStatus
from scoring.rulings import rulings
from scoring.selectors.standing_records import SCORED_ROUNDS, disqualified_tables, match_records
from tournaments.models import Event, Match, Pair, Substitution
from tournaments.selectors import table_seats
from tournaments.substitutes import played, substitutions_of

#: What a seat of a table of four shows of its confirmed result (``SheetTotals.seats``, D8).
SEAT_TOTALS = ("points", "deals_won", "landlord_won", "landlord_lost")


def results_table(event: Event, *, only: int | None = None) -> dict[str, Any]:
    matches = Match.objects.filter(round__event=event, round__status__in=SCORED_ROUNDS)
    if only is not None:
        matches = matches.filter(round__number=only)
    match_rows = matches.order_by("round__number", "table").values_list(
        "id", "round__number", "table", "ns_pair_id", "ew_pair_id", "status"
    )
    records = {record.match_id: record for record in match_records(event, only=only)}
    loaded = {
        pair.pk: pair
        for pair in Pair.objects.filter(event=event).select_related("player_1", "player_2", "player_3")
    }
    pairs = {pk: {"id": pk, "number": pair.number, "name": pair.display_name} for pk, pair in loaded.items()}
    substituted = _substitutions(event)
    rows_of = list(match_rows)
    window = Q(match__round__event=event, match__round__status__in=SCORED_ROUNDS)
    if only is not None:
        window &= Q(match__round__number=only)
    deducted = rulings().match_penalties(event, window)
    four = _tables_of_four(event, rows_of, pairs, window, deducted) if event.at_tables else {}
    # An individual event's tables: two sides of two players each, seated N/S and E/W.
    partners = table_seats([row[0] for row in rows_of if row[3] is None]) if event.rotating_partners else {}
    # The two sides' methods score two-sided records only: a table of four's points are its seats'.
    sided = [record for record in records.values() if record.ns is not None and record.match_id not in four]
    match_points = build_method(event.match_points).score(sided)
    level_points = build_method(event.level_points).score(sided)
    rows = []
    for pk, number, table, ns, ew, status in rows_of:
        record = records.get(pk)
        row: dict[str, Any] = {
            "match": pk,
            "round": number,
            "table": table,
            "ns_pair": pairs.get(ns),
            "ew_pair": pairs.get(ew),
            "seats": [],
            "status": "bye" if ns is not None and ew is None else status,
            "levels": None,
            "winner": None,
            "level_difference": None,
            "points": None,
            "deals_played": None,
            "forfeit": None,
            "match_points": None,
            "level_points": None,
            "penalty_points": None,
            "played": _who_played(loaded, substituted, number, ns, ew),
        }
        if pk in four:
            _seat_row(row, four[pk], record)
        elif record is not None and record.ns is not None:
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
        if pk in partners:
            row["seats"] = _partner_seats(partners[pk], pairs, row, deducted.get(pk, {}))
        if pk in deducted and ns is not None:
            row["penalty_points"] = {
                "NS": deducted[pk].get(ns, 0),
                "EW": deducted[pk].get(ew, 0) if ew else None,
            }
        rows.append(row)
    return {"event": event.slug, "round": only, "results_version": event.results_version, "rows": rows}


def _substitutions(event: Event) -> dict[int, list[Substitution]]:
    """The event's substitutions by pair (one query; none loaded when it has none)."""
    ids = Substitution.objects.filter(pair__event=event).values_list("pair_id", flat=True)
    return substitutions_of(ids)


def _who_played(
    pairs: dict[int, Pair], substituted: dict[int, list[Substitution]], number: int, ns, ew
) -> dict[str, list[str]] | None:
    """Who really played for each side in round ``number`` when a substitute did (docs/events.md
    "Substitutes"): the players' names by side, a substitute in the place of the one replaced;
    None when both sides played as registered."""
    sides = {"NS": ns, "EW": ew}
    if not any(s.covers(number) for pk in sides.values() if pk for s in substituted.get(pk, ())):
        return None
    return {
        side: [player.name for player in played(pairs[pk].players, substituted.get(pk, ()), number)]
        for side, pk in sides.items()
        if pk is not None and pk in pairs
    }


def _tables_of_four(
    event: Event,
    rows_of: list[tuple],
    pairs: dict[int, dict],
    window: Q,
    deducted: dict[int, dict[int, float]],
) -> dict[int, dict]:
    """Match id → its seats (a table of four) or its bye's points, with the standings' entries of
    ``table_rounds`` (the bye scores the round's average, docs/scoring.md "Tables of four"; a
    player's forfeit by a ruling or a disqualification) and the points rulings gave or took."""
    tables = [row[0] for row in rows_of if row[3] is None]
    seated = table_seats(tables)
    totals: dict[int, Mapping[str, Mapping[str, float]]] = {}
    confirmed = MatchResult.objects.filter(match_id__in=tables, status=ResultStatus.CONFIRMED)
    for pk, seats in confirmed.values_list("match_id", "seats"):
        assert seats is not None  # a table of four's result comes from its deals, which total its seats
        totals[pk] = seats
    records = [
        TableRecord(match_id=pk, round=number, players=seated[pk], seats=totals[pk])
        for pk, number, *_ in rows_of
        if totals.get(pk) and pk in seated
    ]
    byes = [
        ByeRecord(match_id=pk, round=number, player=ns)
        for pk, number, _, ns, ew, _ in rows_of
        if ns and not ew
    ]
    forfeits = rulings().seat_forfeits(event, window) + disqualified_tables(event, records)
    entries = {
        (player, entry.match_id): entry
        for player, rounds in table_rounds(records, byes, forfeits=forfeits).items()
        for entry in rounds
    }
    out: dict[int, dict] = {}
    for pk, *_ in rows_of:
        if pk in seated:
            out[pk] = {
                "seats": [
                    {
                        "seat": seat,
                        "pair": pairs[player],
                        **{key: (totals.get(pk) or {}).get(seat, {}).get(key) for key in SEAT_TOTALS},
                        "match_points": getattr(entries.get((player, pk)), "match_points", None),
                        "level_points": getattr(entries.get((player, pk)), "level_points", None),
                        "penalty_points": deducted.get(pk, {}).get(player),
                    }
                    for seat, player in seated[pk].items()
                ]
            }
    for bye in byes:
        entry = entries.get((bye.player, bye.match_id))
        out[bye.match_id] = {"bye": None if entry is None else entry.match_points}
    return out


def _partner_seats(
    seated: Mapping[str, int], pairs: dict[int, dict], row: dict[str, Any], deducted: Mapping[int, float]
) -> list[dict]:
    """An individual event's table by seat: each player with their side's match and level points
    (N and S the NS side's, E and W the EW side's: docs/duplicate.md "Individual events") and what
    the rulings gave or took from the player."""
    sides = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
    return [
        {
            "seat": seat,
            "pair": pairs[player],
            **dict.fromkeys(SEAT_TOTALS),
            "match_points": (row["match_points"] or {}).get(sides[seat]),
            "level_points": (row["level_points"] or {}).get(sides[seat]),
            "penalty_points": deducted.get(player),
        }
        for seat, player in seated.items()
    ]


def _seat_row(row: dict[str, Any], four: dict, record) -> None:
    """A table of four's row (its seats, per-seat points) or, at such an event, a bye's."""
    if "bye" in four:
        row["match_points"] = {"NS": four["bye"], "EW": None}
        return
    row["seats"] = four["seats"]
    if (
        record is not None
        and record.kind == "played"
        and all(seat["points"] is not None for seat in four["seats"])
    ):
        row["points"] = {seat["seat"]: seat["points"] for seat in four["seats"]}
        row["deals_played"] = record.extra.get("deals_played")


def _points(points) -> dict[str, float | None]:
    return {"NS": points.ns, "EW": points.ew}
