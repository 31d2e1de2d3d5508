"""What the standings score (G10), read from the database: the published rounds' confirmed results
and byes as plain ``MatchRecord`` values (``match_records``), with the referees' rulings and the
disqualified pairs' results applied (``scored_records``), or a tables-of-four event's entries
(``table_entries``): a fixed number of queries whatever the number of pairs.
scoring.selectors.standings ranks them.

At 5,000 pairs × 9 rounds this reads 22,500 results: the rows are read as tuples of the columns
needed, in round and table order, and turned into records in one written-out loop (docs/scoring.md
"Standings" gives the figures).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypedDict

from django.db.models import Q

from engine.scoring.methods import build_method
from engine.scoring.methods.records import DealTally, GameRecord, MatchKind, MatchRecord
from engine.scoring.ranking import RankingContext
from engine.scoring.ranking.entries import PairRound
from engine.scoring.ranking.individual import individual_rounds
from engine.scoring.ranking.tables import ByeRecord, ForfeitRecord, TableRecord, table_rounds
from engine.seats import Side
from scoring.models import MatchResult, ResultSource, ResultStatus
from scoring.rulings import rulings
from scoring.selectors.seated_sides import seat_rulings, seated_sides, sides_in
from tournaments.models import Event, Match, PairStatus, RoundStatus
from tournaments.selectors import table_seats

SCORED_ROUNDS = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


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
    partners: dict[int, tuple[int, int]] = {}
    if event.rotating_partners:
        records, partners = seated_sides(records)
    window = _rounds(event, **where, prefix="match__")
    records, points = rulings().standings(event, records, window)
    if event.rotating_partners:
        records, points = seat_rulings(event, records, partners, points, window)
    return disqualified_results(event, records, partners), points


def individual_entries(
    event: Event, *, upto: int | None = None, before: int | None = None, only: int | None = None
) -> tuple[dict[int, list[PairRound]], list[int], dict[int, float], dict[int, dict[int, tuple[int, ...]]]]:
    """An individual event's standings entries (``engine.scoring.ranking.individual``): each player
    credited with their side's result at every table, the rounds they come from, the rulings'
    penalty points and the opponents each player met at each table."""
    records, penalties = scored_records(event, upto=upto, before=before, only=only)
    seats = table_seats([record.match_id for record in records if record.ew is not None])
    sides = {
        match: ((seated["N"], seated["S"]), (seated["E"], seated["W"]))
        for match, seated in seats.items()
        if len(seated) == 4
    }
    entries, met = individual_rounds(
        records,
        sides,
        match_method=build_method(event.match_points),
        level_method=build_method(event.level_points),
    )
    return entries, sorted({record.round for record in records}), penalties, met


def provisional_matches(event: Event, *, upto: int | None = None) -> list[dict[str, Any]]:
    """The matches of the scored rounds whose result waits for the chief referee's decision (G12):
    what the standings mark provisional (``Rulings.provisional``)."""
    return rulings().provisional(event, _rounds(event, upto=upto, before=None, only=None, prefix="match__"))


def disqualified_results(
    event: Event, records: list[MatchRecord], partners: dict[int, tuple[int, int]] | None = None
) -> list[MatchRecord]:
    """``records`` with the matches of the event's disqualified pairs as its ``disqualified_results``
    says (docs/referees.md §2): ``keep`` (the default) leaves them as played, ``forfeit`` scores each
    as that pair's forfeit (both pairs disqualified: nobody wins). A pair is disqualified by a ruling
    or by its organizer (``PATCH …/pairs/{id}/``) alike: this is the one place that reads the setting,
    so both count the same. One more query, only under ``forfeit``. ``partners``: an individual
    event's tables, match id → the players at S and W, whose side is disqualified with them."""
    if event.penalty_rules().disqualified_results != "forfeit":
        return records
    out = set(event.pairs.filter(status=PairStatus.DISQUALIFIED).values_list("pk", flat=True))
    if not out:
        return records
    scored = []
    for record in records:
        offenders = (
            set()
            if record.ew is None or record.kind is MatchKind.BYE
            else sides_in(record, out, (partners or {}).get(record.match_id))
        )
        if offenders:
            winner = None if len(offenders) == 2 else next(iter(offenders)).other
            record = replace(record, kind=MatchKind.FORFEIT, winner=winner, games=(), tally=None)
        scored.append(record)
    return scored


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
    # Ordered by round and table explicitly: the models' default orderings would join the event
    # (its own ordering) into both queries and sort 22,500 rows by it for nothing (one event).
    byes = Match.objects.filter(
        _rounds(event, **where), ns_pair__isnull=False, ew_pair__isnull=True
    ).order_by("round__number", "table")
    records = [
        MatchRecord(match_id=pk, round=number, ns=ns, ew=None, kind=MatchKind.BYE)
        for pk, number, ns in byes.values_list("id", "round__number", "ns_pair_id")
    ]
    rows = list(
        MatchResult.objects.filter(_rounds(event, **where, prefix="match__"), status=ResultStatus.CONFIRMED)
        .order_by("match__round__number", "match__table", "version")
        .values_list(*_COLUMNS)
    )
    several = [row[0] for row in rows if row[-1] > 1 and row[5] != ResultSource.FORFEIT]
    games_of = dict(MatchResult.objects.filter(pk__in=several).values_list("pk", "games")) if several else {}
    sides, forfeit, played = _SIDES, ResultSource.FORFEIT, MatchKind.PLAYED
    extras: dict[object, dict[str, object]] = {}  # one ``extra`` per number of deals: records only read it
    one_game: dict[tuple, tuple[GameRecord, ...]] = {}
    append = records.append
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
        ns_double,
        ns_one_three,
        ns_one_four,
        ew_double,
        ew_one_three,
        ew_one_four,
        kind,
        at,
        deals,
        ns_points,
        ew_points,
        ns_first_outs,
        ew_first_outs,
        _,
    ) in rows:
        side = sides[winner]
        if source == forfeit or (ns_level is None and pk not in games_of):
            games: tuple[GameRecord, ...] = ()
        elif pk in games_of:
            games = tuple(_game(g) for g in games_of[pk] if g.get("ns_level") is not None)
        else:  # one game: its record made once per outcome (the records only read it)
            key = (ns_level, ew_level, winner, end)
            made = one_game.get(key)
            if made is None:
                made = one_game[key] = (GameRecord(ns_level, ew_level, side, end == "time_limit"),)
            games = made
        extra = extras.get(deals)
        if extra is None:
            extra = extras[deals] = {"deals_played": deals}
        # Positional, in MatchRecord's field order: 22,500 records of 5,000 pairs × 9 rounds are
        # built within the standings' budget (docs/scoring.md "Standings").
        append(
            MatchRecord(
                match,
                number,
                ns,
                ew,
                played if source != forfeit else _kind(source, kind),
                side,
                games,
                None
                if ns_double is None
                else {
                    Side.NS: DealTally(ns_double, ns_one_three, ns_one_four),
                    Side.EW: DealTally(ew_double, ew_one_three, ew_one_four),
                },
                at.timestamp() if at else None,
                extra,
                None if ns_points is None else {Side.NS: ns_points, Side.EW: ew_points},
                None if ns_first_outs is None else {Side.NS: ns_first_outs, Side.EW: ew_first_outs},
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
) -> tuple[dict[int, list[PairRound]], list[int], dict[int, float]]:
    """A tables-of-four event's standings entries (``engine.scoring.ranking.tables``), the rounds they
    come from and each player's penalty points (G12): the confirmed tables, their seats, the byes of
    the published rounds, and the rulings' points and forfeits (docs/referees.md "Tables of four");
    a disqualified player's tables score as its forfeits under ``disqualified_results: forfeit``."""
    where: _Window = {"upto": upto, "before": before, "only": only}
    window = _rounds(event, **where, prefix="match__")
    rows = list(
        MatchResult.objects.filter(
            window, status=ResultStatus.CONFIRMED, match__ns_pair__isnull=True
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
    readers = rulings()
    forfeits = readers.seat_forfeits(event, window) + disqualified_tables(event, tables)
    penalties: dict[int, float] = {}
    for points in readers.match_penalties(event, window).values():
        for player, amount in points.items():
            penalties[player] = penalties.get(player, 0) + amount
    rounds = sorted(
        {table.round for table in tables} | {bye.round for bye in byes} | {f.round for f in forfeits}
    )
    return table_rounds(tables, byes, forfeits=forfeits), rounds, penalties


def disqualified_tables(event: Event, tables: list[TableRecord]) -> list[ForfeitRecord]:
    """The tables of the event's disqualified players as their forfeits, when its
    ``disqualified_results`` is ``forfeit`` (as ``disqualified_results`` scores a pair's matches)."""
    if not tables or event.penalty_rules().disqualified_results != "forfeit":
        return []
    out = set(event.pairs.filter(status=PairStatus.DISQUALIFIED).values_list("pk", flat=True))
    return [
        ForfeitRecord(match_id=table.match_id, round=table.round, player=player)
        for table in tables
        for player in table.players.values()
        if player in out
    ]


def ranking_context(
    event: Event,
    rounds: dict[Any, list[PairRound]],
    penalties: Any,
    lot_keys: dict[Any, int],
    met: dict[int, dict[int, tuple[int, ...]]] | None = None,
) -> RankingContext:
    """What the ranking reads of the event besides the entrants' rounds (G10): its lots seed and how a
    bye and a forfeit count in opponents' points; the lots are drawn on ``lot_keys`` (pair numbers)."""
    return RankingContext(
        rounds=rounds,
        seed=event.lots_seed,
        bye_in_opponents=event.opponents_bye,
        forfeit_in_opponents=event.opponents_forfeit,
        penalty_points=penalties,
        lot_keys=lot_keys,
        met=met,
    )
