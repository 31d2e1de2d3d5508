"""The tables list (GET /events/{slug}/matches/): its reads, compiled once (core.fast.prepared)."""

from __future__ import annotations

from django.db.models import F, Func, IntegerField, Subquery, Value

from core.fast.prepared import Prepared
from tournaments.auth import TableUser
from tournaments.models import (
    SEATS_OF_FOUR,
    EventRole,
    Match,
    Pair,
    Round,
    RoundStatus,
    TableSeat,
)
from tournaments.selectors.visibility import PUBLISHED, PUBLISHED_ROUNDS
from tournaments.serializers.registration import PairSerializer
from tournaments.serializers.schedule import MatchSerializer

# ---- the tables list (GET /events/{slug}/matches/): prepared reads -----------------------------
# Polled by every club website during a round: its two or three reads are compiled to SQL once
# (core.fast.prepared) instead of on every request, which cost several times the database's own time.


def matches_of(event_id: int, rounds: str):
    """The event's matches a caller sees: every round (``ALL_ROUNDS``) or the published ones,
    in list order (``visible_matches`` says who sees which)."""
    matches = Match.objects.filter(round__event=event_id)
    if rounds == PUBLISHED_ROUNDS:
        matches = matches.filter(round__status__in=PUBLISHED)
    return matches.order_by("round__number", "table")


def matches_of_round(event_id: int, rounds: str, number: int):
    """``matches_of(event_id, rounds)`` of the round ``number`` alone, in table order, read by the
    round's id: ``round_id = (SELECT id FROM round …)`` ordered by table alone lets the database
    walk the (round, table) index and stop at the page's last row. Joined to the rounds and ordered
    by their number too, the page read, cast and sorted every table of the round to keep fifty
    (2,500 tables a round, nine rounds: 3.9 ms against 0.4 with the count), and where other events
    had a round of that number PostgreSQL misjudged the join and read every match it held (16 ms)."""
    round_ = Round.objects.filter(event=event_id, number=number)
    if rounds == PUBLISHED_ROUNDS:
        round_ = round_.filter(status__in=PUBLISHED)
    return Match.objects.filter(round=Subquery(round_.order_by().values("pk"))).order_by("table")


def with_count(matches):
    """``matches`` with ``_count``, the number of all of them, on each row: a page of them and the
    count in one query. A scalar subquery, which the database counts once, on the table's index,
    however many rows the page has; a window function (``COUNT(*) OVER ()``) made every row of the
    round, cast and sorted, to keep fifty: at 2,500 tables PostgreSQL took twice as long (2.7 ms
    against 1.3). A count of the ids, not ``COUNT(*)``: that one is read from the index alone, 0.17
    ms at 2,500 tables against 0.25 once the round's rows are vacuumed, but 0.5 to 0.9 ms against
    0.3 while they are being written (a round in play, when the list is polled): the index-only
    scan then visits every row as well."""
    every = matches.order_by().annotate(_all=Func(F("pk"), function="COUNT")).values("_all")
    return matches.annotate(_count=Subquery(every, output_field=IntegerField()))


#: The filter set's lookup of one round (``?round=N``), and pages.data's.
_ROUND_LOOKUPS = ("round__number__exact", "round__number")


def _match_page(rounds, *, event: int, **lookups):
    columns: tuple[str, ...] = MatchSerializer.COLUMNS
    number = next((lookups.pop(name) for name in _ROUND_LOOKUPS if name in lookups), None)
    if number is None:
        matches = matches_of(event, rounds)
    else:  # the round's number is the one asked for: no join to read it
        matches = matches_of_round(event, rounds, number).annotate(_round=Value(number, IntegerField()))
        columns = tuple("_round" if column == "round__number" else column for column in columns)
    counted = with_count(matches.filter(**lookups)).annotate(**MatchSerializer.ANNOTATIONS)
    return counted.values_list(*columns, "_count")


_match_pages = Prepared(Match, _match_page)


def match_page(event_id: int, rounds: str, lookups: dict, *, start: int, size: int) -> list[tuple]:
    """Rows of ``MatchSerializer.COLUMNS`` of ``matches_of(event_id, rounds).filter(**lookups)``
    from ``start`` on (``size`` of them), each followed by the count of all the matches filtered
    (``with_count``: no COUNT query of its own)."""
    return _match_pages.rows(rounds, limit=size, offset=start, event=event_id, **lookups)


def _pairs(columns, **ids):
    return Pair.objects.filter(pk__in=list(ids.values())).values_list(*columns)


_pair_reads = Prepared(Pair, _pairs)


def table_seats(match_ids) -> dict[int, dict[str, int]]:
    """The players of the tables of four among ``match_ids``: match id → {seat: entrant id}, the
    seats in the order N, E, S, W (one query; none without ids)."""
    if not match_ids:
        return {}
    seated: dict[int, dict[str, int]] = {}
    rows = TableSeat.objects.filter(match_id__in=match_ids).values_list("match_id", "seat", "pair_id")
    for match, seat, pair in sorted(rows, key=lambda row: (row[0], SEATS_OF_FOUR.index(row[1]))):
        seated.setdefault(match, {})[seat] = pair
    return seated


def seat_rows(match_ids) -> dict[int, list[tuple[str, int]]]:
    """The seats of the tables of four among ``match_ids``: match id → ``(seat, pair id)``, N E S W."""
    return {match: list(seats.items()) for match, seats in table_seats(match_ids).items()}


def match_answers(rows, *, event: str) -> tuple[list[dict], dict[int, dict]]:
    """Rows of ``MatchSerializer.COLUMNS`` as the API answers them, and their pairs' answers by id:
    the pairs in one query, the seats of the tables of four in one more (only when there are any)."""
    seats = seat_rows([row[0] for row in rows if row[3] is None])
    ids = {pk for row in rows for pk in MatchSerializer.pair_ids(row)}
    ids |= {pair for seated in seats.values() for _, pair in seated}
    pairs = {row[0]: PairSerializer.from_row(row) for row in pair_rows(ids)}
    return [MatchSerializer.from_row(row, event=event, pairs=pairs, seats=seats) for row in rows], pairs


def pair_rows(ids: set[int]) -> list[tuple]:
    """Rows of ``PairSerializer.COLUMNS`` of the pairs with these ids (in no particular order).

    The ids are padded to the next power of two (repeating one: ``IN`` ignores doubles), so a few
    compiled queries serve every page size.
    """
    if not ids:
        return []
    ordered = sorted(ids)
    slots = 8
    while slots < len(ordered):
        slots *= 2
    ordered += [ordered[-1]] * (slots - len(ordered))
    return _pair_reads.rows(PairSerializer.COLUMNS, **{f"id{n}": pk for n, pk in enumerate(ordered)})


def who(user) -> dict:
    """``GET /me/``: an account, its username and its roles event by event; a table token, its
    event and table (and no roles)."""
    if isinstance(user, TableUser):
        token = user.token
        table = {"event": token.event.slug, "table": token.table}
        return {"username": None, "superuser": False, "roles": [], "table": table}
    roles = EventRole.objects.filter(user=user).select_related("event").order_by("event__slug", "role")
    return {"username": user.username, "superuser": user.is_superuser, "roles": list(roles), "table": None}


def is_played_round(event_id: int, number: int) -> bool:
    """Whether the event has a round ``number`` that was published (or closed since): one the
    standings and results can be read as of (``?round=``)."""
    played = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)
    return Round.objects.filter(event=event_id, number=number, status__in=played).exists()
