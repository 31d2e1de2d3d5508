"""Standings (G10) from the database: a fixed number of queries, then pure ranking.

``match_records`` reads every confirmed result of the event, and the byes of its published
rounds, as plain ``MatchRecord`` values in two queries whatever the number of pairs; the match
points (G9) and the ranking (G10) are pure functions of them (engine.scoring.methods, engine.scoring.ranking).
A computed table is cached under the event's ``results_version`` (bumped by every confirmation
and correction), so a cached table is never stale.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache as once
from typing import Any, TypedDict

from django.core.cache import cache
from django.db.models import Q

from engine.scoring.methods import build_method
from engine.scoring.methods.records import DealTally, GameRecord, MatchKind, MatchRecord
from engine.scoring.ranking import RankingContext, pair_rounds, rank, rank_units
from engine.scoring.ranking.entries import PairRound
from engine.scoring.ranking.tables import ByeRecord, TableRecord, table_rounds
from engine.seats import Side
from scoring.models import MatchResult, ResultSource, ResultStatus
from scoring.rulings import rulings
from tournaments.models import Event, Match, Pair, PairStatus, RoundStatus, Unit
from tournaments.selectors import table_seats

SCORED_ROUNDS = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)
CACHE_SECONDS = 24 * 60 * 60
#: The cached tables' generation: a release that changes what a table holds moves it, so no table
#: cached (nor ETag given, scoring.views.standings) by the one before is taken for the new one's.
CACHE_GENERATION = "standings:v1"


class _Window(TypedDict):
    """Which published rounds count: up to one (``upto``), before one, or only one (None: no limit)."""

    upto: int | None
    before: int | None
    only: int | None


def _rounds(event: Event, *, upto: int | None, before: int | None, only: int | None, prefix: str = "") -> Q:
    q = Q(**{f"{prefix}round__event": event, f"{prefix}round__status__in": SCORED_ROUNDS})
    if only is not None:
        q &= Q(**{f"{prefix}round__number": only})
    if upto is not None:
        q &= Q(**{f"{prefix}round__number__lte": upto})
    if before is not None:
        q &= Q(**{f"{prefix}round__number__lt": before})
    return q


def match_records(
    event: Event, *, upto: int | None = None, before: int | None = None, only: int | None = None
) -> list[MatchRecord]:
    """What the standings score of each match: its confirmed result or bye, as the referees' rulings
    leave it (G12: a match awarded or forfeited by a ruling, a disqualified pair's matches)."""
    return scored_records(event, upto=upto, before=before, only=only)[0]


def scored_records(
    event: Event, *, upto: int | None = None, before: int | None = None, only: int | None = None
) -> tuple[list[MatchRecord], dict[int, float]]:
    """``match_records`` and each pair's match points from rulings (G12), one more query."""
    where: _Window = {"upto": upto, "before": before, "only": only}
    records = _confirmed_records(event, **where)
    return rulings().standings(event, records, _rounds(event, **where, prefix="match__"))


def _confirmed_records(
    event: Event, *, upto: int | None = None, before: int | None = None, only: int | None = None
) -> list[MatchRecord]:
    """Confirmed results and byes of the published rounds (``upto``: as of that round).

    Two queries (three when some match was a best of three): a single game's result is read from
    the result's own columns, and only best-of-three results load their list of games. A point
    game's result (docs/rules/daguai.md K5) has no levels, so no games: its points and first-outs
    columns are read instead (None when the result has none).
    """
    where: _Window = {"upto": upto, "before": before, "only": only}
    byes = Match.objects.filter(_rounds(event, **where), ns_pair__isnull=False, ew_pair__isnull=True)
    records = [
        MatchRecord(match_id=pk, round=number, ns=ns, ew=None, kind=MatchKind.BYE)
        for pk, number, ns in byes.values_list("id", "round__number", "ns_pair_id")
    ]
    rows = list(
        MatchResult.objects.filter(
            _rounds(event, **where, prefix="match__"), status=ResultStatus.CONFIRMED
        ).values_list(*_COLUMNS)
    )
    several = [row[0] for row in rows if row[-1] > 1 and row[5] != ResultSource.FORFEIT]
    games_of = dict(MatchResult.objects.filter(pk__in=several).values_list("pk", "games")) if several else {}
    for (
        pk,
        match,
        number,
        ns,
        ew,
        source,
        winner,
        ns_level,
        ew_level,
        end,
        *tally,
        kind,
        at,
        deals,
        ns_points,
        ew_points,
        ns_first_outs,
        ew_first_outs,
        _,
    ) in rows:
        if source == ResultSource.FORFEIT or (ns_level is None and pk not in games_of):
            games: tuple[GameRecord, ...] = ()
        elif pk in games_of:
            games = tuple(_game(g) for g in games_of[pk] if g.get("ns_level") is not None)
        else:
            games = (GameRecord(ns_level, ew_level, _SIDES[winner], end == "time_limit"),)
        records.append(
            MatchRecord(
                match_id=match,
                round=number,
                ns=ns,
                ew=ew,
                kind=_kind(source, kind),
                winner=_SIDES[winner],
                games=games,
                tally=None
                if tally[0] is None
                else {Side.NS: DealTally(*tally[:3]), Side.EW: DealTally(*tally[3:])},
                finished_at=at.timestamp() if at else None,
                extra={"deals_played": deals},
                points=None if ns_points is None else {Side.NS: ns_points, Side.EW: ew_points},
                first_outs=None
                if ns_first_outs is None
                else {Side.NS: ns_first_outs, Side.EW: ew_first_outs},
            )
        )
    return records


_SIDES = {"NS": Side.NS, "EW": Side.EW, "": None, None: None}
# The columns match_records reads: a result's own columns describe its last game, which is its only
# game unless the match is a best of three (then its list of games is read as well).
_COLUMNS = (
    "id",
    "match_id",
    "match__round__number",
    "match__ns_pair_id",
    "match__ew_pair_id",
    "source",
    "winner",
    "ns_level",
    "ew_level",
    "end_reason",
    "ns_double_wins",
    "ns_one_threes",
    "ns_one_fours",
    "ew_double_wins",
    "ew_one_threes",
    "ew_one_fours",
    "forfeit_kind",
    "finished_at",
    "deals_played",
    "ns_points",
    "ew_points",
    "ns_first_outs",
    "ew_first_outs",
    "match__best_of",
)


def _game(game: dict) -> GameRecord:
    return GameRecord(
        ns_level=game["ns_level"],
        ew_level=game["ew_level"],
        winner=_SIDES[game["winner"]],
        on_time=bool(game.get("on_time")),
    )


def _kind(source: str, forfeit_kind: str) -> MatchKind:
    if source != ResultSource.FORFEIT:
        return MatchKind.PLAYED
    return MatchKind.WITHDRAWAL if forfeit_kind == "withdrawal" else MatchKind.FORFEIT


def table_entries(
    event: Event, *, upto: int | None = None, before: int | None = None, only: int | None = None
) -> tuple[dict[int, list[PairRound]], list[int]]:
    """A tables-of-four event's standings entries (``engine.scoring.ranking.tables``) and the rounds they
    come from: three queries (confirmed tables, their seats, the byes of the published rounds)."""
    where: _Window = {"upto": upto, "before": before, "only": only}
    rows = list(
        MatchResult.objects.filter(
            _rounds(event, **where, prefix="match__"),
            status=ResultStatus.CONFIRMED,
            match__ns_pair__isnull=True,
        ).values_list("match_id", "match__round__number", "seats")
    )
    players = table_seats([row[0] for row in rows])
    tables = [
        TableRecord(match_id=match, round=number, players=players[match], seats=seats)
        for match, number, seats in rows
        if seats and match in players
    ]
    byes = [
        ByeRecord(match_id=pk, round=number, player=pair)
        for pk, number, pair in Match.objects.filter(
            _rounds(event, **where), ns_pair__isnull=False, ew_pair__isnull=True
        ).values_list("id", "round__number", "ns_pair_id")
    ]
    rounds = sorted({table.round for table in tables} | {bye.round for bye in byes})
    return table_rounds(tables, byes), rounds


def pair_points(event: Event, *, before: int | None = None, only: int | None = None) -> dict[int, float]:
    """Each pair's match points (G9, the event's method) from the rounds numbered below ``before``
    (Swiss pairing, G11) or from round ``only`` (table movement); at tables of four each player's
    own points (``table_entries``)."""
    if event.at_tables:
        entries, _ = table_entries(event, before=before, only=only)
        return {player: sum(entry.match_points for entry in rounds) for player, rounds in entries.items()}
    records, penalties = scored_records(event, before=before, only=only)
    scored = build_method(event.match_points).score(records)
    totals: dict[int, float] = dict(penalties)
    for record in records:
        points = scored[record.match_id]
        totals[record.ns] = totals.get(record.ns, 0.0) + points.ns
        if record.ew is not None and points.ew is not None:
            totals[record.ew] = totals.get(record.ew, 0.0) + points.ew
    return totals


def _cache_key(event: Event, kind: str, upto: int | None) -> str:
    return f"{CACHE_GENERATION}:{event.pk}:{event.results_version}:{kind}:{upto or 'all'}"


def _cached(event: Event, kind: str, upto: int | None, compute):
    key = _cache_key(event, kind, upto)
    table = cache.get(key)
    if table is None:
        table = compute()
        cache.set(key, table, CACHE_SECONDS)
    return table


def _ranked(event: Event, upto: int | None):
    """Rows of the pair standings and what they were computed from (three queries)."""
    if event.at_tables:
        entries, rounds = table_entries(event, upto=upto)
        penalties: dict[int, float] = {}
    else:
        records, penalties = scored_records(event, upto=upto)
        entries = pair_rounds(
            records,
            match_method=build_method(event.match_points),
            level_method=build_method(event.level_points),
        )
        rounds = sorted({record.round for record in records})
    pairs = {
        pk: {
            "id": pk,
            "number": number,
            "name": name or " / ".join(player for player in (first, second, third) if player is not None),
            "unit_id": unit_id,
            "unit": unit,
            "status": status,
        }
        for pk, number, name, first, second, third, unit_id, unit, status in Pair.objects.filter(event=event)
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
        if status == PairStatus.ACTIVE or pk in entries
    }
    context = RankingContext(
        rounds={pk: entries.get(pk, []) for pk in pairs},
        seed=event.lots_seed,
        bye_in_opponents=event.opponents_bye,
        forfeit_in_opponents=event.opponents_forfeit,
        penalty_points=penalties,
    )
    rows = rank(context, chain=event.tiebreaks, shared_places=event.shared_places)
    return rows, pairs, entries, rounds, penalties


def refresh_tables(event: Event) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both tables of the event's version (pairs, units), cached, from one ranking (the refresh task's)."""
    ranking = once(lambda: _ranked(event, None))
    return standings_table(event, ranking=ranking), units_table(event, ranking=ranking)


def standings_table(
    event: Event, *, upto: int | None = None, ranking: Callable | None = None
) -> dict[str, Any]:
    """The pair standings (G10) as the API returns them: every row with every tiebreak value and the
    tiebreak that separated it from the next row. Cached per results version. ``ranking``: where
    ``_ranked(event, upto)`` comes from when it was computed already."""

    def compute() -> dict[str, Any]:
        rows, pairs, _, rounds, penalties = ranking() if ranking else _ranked(event, upto)
        return {
            **_header(event, upto, rounds),
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
                }
                for row in rows
            ],
        }

    return _cached(event, "pairs", upto, compute)


def units_table(event: Event, *, upto: int | None = None, ranking: Callable | None = None) -> dict[str, Any]:
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

    return _cached(event, "units", upto, compute)


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
