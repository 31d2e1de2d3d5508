"""Reads: what each caller may see (events, rounds, matches); draw histories and qualification; the
rows of the tables list. Views ask these; they hold no queries of their own.

Match points come from the scoring app (G9: the event's own method over confirmed results, byes
scored as the event says); qualification ranks by the event's standings (G10). Both are read through
``tournaments.standings``, which the scoring app fills at start-up (it stands above this layer).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.contrib.auth.models import AnonymousUser
from django.db import router
from django.db.models import F, Func, IntegerField, Max, Q, Subquery
from django.http import Http404
from django.shortcuts import get_object_or_404

from core.prepared import Prepared
from tournaments.auth import TableUser
from tournaments.gate import kept_row
from tournaments.models import (
    SEATS_OF_FOUR,
    Event,
    EventRole,
    Match,
    Pair,
    PairStatus,
    Round,
    RoundStatus,
    Stage,
    TableSeat,
    TableToken,
    Unit,
)
from tournaments.permissions import is_account, is_staff, scorekeeper_tables, sees_drafts
from tournaments.serializers.registration import PairSerializer
from tournaments.serializers.schedule import MatchSerializer
from tournaments.standings import standings

PUBLISHED = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)
#: What a match's page shows with it (``select_related``): its round, stage and event, both pairs' players.
MATCH_WITH_PLAYERS = (
    "round__event",
    "round__stage",
    "ns_pair__player_1",
    "ns_pair__player_2",
    "ew_pair__player_1",
    "ew_pair__player_2",
)
ALL_ROUNDS, PUBLISHED_ROUNDS = "all", "published"


# ---- visibility: what a caller may see -------------------------------------------------------------
def visible_events(request):
    """Events the caller may see: published ones, plus those where the caller has a role."""
    kind, who = viewer(request)
    return events_visible_to(kind, **who)


def viewer(request) -> tuple[str, dict[str, int]]:
    """What ``visible_events`` depends on of the caller: a kind (``table``, ``superuser``,
    ``account``, ``public``) and the id that kind sees by (a table token's event, an account)."""
    user = request.user
    if isinstance(user, TableUser):
        return "table", {"who": user.token.event_id}
    if user and user.is_superuser:
        return "superuser", {}
    if is_account(request):
        return "account", {"who": user.pk}
    return "public", {}


def events_visible_to(kind: str, who: int | None = None):
    """``visible_events`` of a caller of that ``kind`` known by ``who`` (``viewer``); a prepared
    read (core.prepared) builds it from these values alone."""
    public = ~Q(status="draft")
    if kind == "table":  # a table token sees its own event
        return Event.objects.filter(public | Q(pk=who))
    if kind == "superuser":
        return Event.objects.all()
    if kind == "account":
        return Event.objects.filter(public | Q(roles__user=who)).distinct()
    return Event.objects.filter(public)


def visible_rounds(request, event: Event):
    """The event's rounds the caller sees: organizers and referees every one, others the published
    and closed ones."""
    rounds = Round.objects.filter(event=event).prefetch_related("matches")
    if not sees_drafts(request, event):
        rounds = rounds.filter(status__in=PUBLISHED)
    return rounds


def match_visibility(request, event: Event) -> str | list[int] | None:
    """What each caller sees of the tables (G11 publication): ``ALL_ROUNDS``, ``PUBLISHED_ROUNDS``,
    the tables of published rounds a scorekeeper is limited to, or None (nothing).

    Organizers and referees: every round, drafts included. Scorekeepers (and table tokens):
    published rounds, only their tables when they are limited to some. Everyone else: published
    rounds, when the event publishes its pairings.
    """
    if sees_drafts(request, event):
        return ALL_ROUNDS
    if is_staff(request, event):
        tables = scorekeeper_tables(request, event)
        return PUBLISHED_ROUNDS if tables is None else tables
    return PUBLISHED_ROUNDS if event.publish_pairings else None


def _match_scope(request, event: Event) -> tuple[list[int] | None, bool] | None:
    """What the caller sees of the event's matches (``match_visibility``): None, nothing; else the
    tables (None: every table) and whether draft rounds too. ``visible_matches`` filters a queryset
    by it and ``sees_match`` asks it of one loaded match, so the rule is this one function."""
    visibility = match_visibility(request, event)
    if visibility is None:
        return None
    if isinstance(visibility, str):  # ALL_ROUNDS or PUBLISHED_ROUNDS: every table
        return None, visibility == ALL_ROUNDS
    return list(visibility), False  # a scorekeeper's tables, of published rounds


def visible_matches(request, event: Event, matches):
    """``matches`` (of ``event``) narrowed to what the caller sees of them (``_match_scope``)."""
    scope = _match_scope(request, event)
    if scope is None:
        return matches.none()
    tables, drafts = scope
    if tables is not None:
        matches = matches.filter(table__in=tables)
    return matches if drafts else matches.filter(round__status__in=PUBLISHED)


def sees_match(request, match: Match) -> bool:
    """``visible_matches`` asked of one match loaded with its round and event (no query)."""
    scope = _match_scope(request, match.round.event)
    if scope is None:
        return False
    tables, drafts = scope
    return (tables is None or match.table in tables) and (drafts or match.round.status in PUBLISHED)


def match_details(request, event: Event):
    """The event's matches the caller sees (``visible_matches``), each with ``MATCH_WITH_PLAYERS``."""
    matches = visible_matches(request, event, Match.objects.filter(round__event=event))
    return matches.select_related(*MATCH_WITH_PLAYERS)


def match_of_visible_event(request, pk):
    """The match ``pk`` with its round and event when its event is visible to the caller, else None
    (whether the caller sees the match itself is ``visible_matches``)."""
    return (
        Match.objects.filter(Q(round__event__in=visible_events(request)), pk=pk)
        .select_related("round__event", "round__stage")
        .first()
    )


# An anonymous read reads its event as visible_events sees it through a prepared read: compiled to
# SQL once, not on every request. The tables list reads only the columns it uses (visibility,
# publication of the pairings, version, slug); any other event-scoped read every column.
EVENT_FIELDS = tuple(f.attname for f in Event._meta.concrete_fields)


def event_columns(*names: str) -> tuple[str, ...]:
    """``names`` in the event's column order, the order ``public_event`` needs its fields in."""
    return tuple(name for name in EVENT_FIELDS if name in names)


_PUBLIC_EVENT_FIELDS = event_columns("id", "slug", "status", "publish_pairings", "results_version")
_ANONYMOUS = SimpleNamespace(user=AnonymousUser())
_public_events = Prepared(
    Event,
    lambda fields, slug: visible_events(_ANONYMOUS).filter(slug=slug).order_by().values_list(*fields),
)


def public_event(slug: str, fields: tuple[str, ...] = _PUBLIC_EVENT_FIELDS) -> Event:
    """The event an anonymous caller may see by that slug (the fields not named deferred), else a 404.
    ``fields`` in the event's column order (``event_columns``), ``id`` among them. With a shared
    cache the row is kept there until the event changes (``tournaments.gate``): no query at all."""
    row = kept_row(slug, fields, lambda: _public_events.rows(fields, slug=slug))
    if row is None:
        raise Http404(f"No {Event._meta.object_name} matches the given query.")
    return Event.from_db(router.db_for_read(Event), fields, row)


def visible_event_or_404(request, slug: str) -> Event:
    """The event by that slug, every field loaded, when the caller may see it (``visible_events``),
    else a 404. An anonymous caller's (the club websites polling the standings) through the
    prepared read."""
    if not request.user.is_authenticated:
        return public_event(slug, EVENT_FIELDS)
    return get_object_or_404(visible_events(request), slug=slug)


def visible_event(request, slug: str) -> Event | None:
    """The event by that slug, every field loaded, when the caller may see it (``visible_events``)."""
    return visible_events(request).filter(slug=slug).first()


def event_by_slug(slug: str) -> Event | None:
    """The event by that slug whatever its status (the caller's role is checked by the caller)."""
    return Event.objects.filter(slug=slug).first()


# ---- the public pages (scoring.pages): published rounds, unit names, tables and their tokens ----
def published_rounds(event: Event) -> list[Round]:
    """The event's published and closed rounds with their stages, by number."""
    return list(
        Round.objects.filter(event=event, status__in=PUBLISHED).select_related("stage").order_by("number")
    )


def published_round(event: Event, number: int) -> Round | None:
    """The event's round ``number`` with its stage when it is published or closed, else None."""
    rounds = Round.objects.filter(event=event, number=number, status__in=PUBLISHED)
    return rounds.select_related("stage").first()


def current_round(event: Event) -> Round | None:
    """The round in play: the last published one, else the last closed one."""
    rounds = Round.objects.filter(event=event, status__in=PUBLISHED).select_related("stage")
    return (
        rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
        or rounds.order_by("-number").first()
    )


def unit_names(event: Event) -> dict[int, str]:
    """The event's units' names by id."""
    return dict(Unit.objects.filter(event=event).values_list("id", "name"))


def unit_short_names(event: Event) -> dict[str, str]:
    """The short names of the event's units that have one, by unit name (unique in an event)."""
    return dict(Unit.objects.filter(event=event).exclude(short_name="").values_list("name", "short_name"))


def event_tables(event: Event) -> list[int]:
    """Every table number of the event's rounds, in order."""
    return sorted(set(Match.objects.filter(round__event=event).values_list("table", flat=True)))


def live_table_tokens(event: Event) -> dict[int, TableToken]:
    """The event's unrevoked table tokens by table (one live token a table: a database constraint)."""
    tokens = TableToken.objects.filter(event=event, revoked_at__isnull=True).select_related("event")
    return {token.table: token for token in tokens}


@dataclass
class History:
    points: float = 0.0
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False
    ns_count: int = 0
    ew_count: int = 0


def histories(event: Event, *, before: int) -> dict[int, History]:
    """Every pair's record in the rounds numbered below ``before`` (two queries for the points, one here,
    and one for the seats when the event has tables of four: there every player met the other three)."""
    result: dict[int, History] = defaultdict(History)
    matches = Match.objects.filter(round__event=event, round__number__lt=before).values_list(
        "pk", "ns_pair_id", "ew_pair_id"
    )
    tables: list[int] = []
    for pk, ns, ew in matches:
        if ns is None:
            tables.append(pk)
            continue
        result[ns].ns_count += 1
        if ew is None:
            result[ns].had_bye = True
            continue
        result[ew].ew_count += 1
        result[ns].opponents.add(ew)
        result[ew].opponents.add(ns)
    for seats in seat_rows(tables).values():
        players = [pair for _, pair in seats]
        for pair in players:
            result[pair].opponents.update(other for other in players if other != pair)
    for pair, points in standings().points(event, before=before).items():
        result[pair].points = points
    return result


def active_pairs(event: Event) -> list[Pair]:
    return list(Pair.objects.filter(event=event, status=PairStatus.ACTIVE).order_by("number"))


def pairs_with_players(event: Event) -> list[Pair]:
    """The event's active pairs by number, their players and unit loaded (the pair cards)."""
    pairs = Pair.objects.filter(event=event, status=PairStatus.ACTIVE).order_by("number")
    return list(pairs.select_related("player_1", "player_2", "player_3", "unit"))


def previous_round(round_: Round) -> Round | None:
    return (
        Round.objects.filter(event=round_.event_id, stage=round_.stage_id, number__lt=round_.number)
        .order_by("-number")
        .first()
    )


def stage_pairs(stage: Stage) -> tuple[list[Pair], bool]:
    """The pairs that play in ``stage``, best first, and whether they qualified (G11).

    "Top N of one stage go to the next": when the stage before sets ``advance_count``, only
    its best N active pairs play on, in the order of the event's standings (G10: match points, then
    the tiebreak chain) as of the round before this stage; pairs the standings leave tied go by
    seed, then pair number. Otherwise every active pair plays, in pair-number order.
    """
    pairs = active_pairs(stage.event)
    before = Stage.objects.filter(event=stage.event_id, order__lt=stage.order).order_by("-order").first()
    if before is None or not before.advance_count:
        return pairs, False
    first = Round.objects.filter(stage=stage).order_by("number").values_list("number", flat=True).first()
    if first is None:
        first = (Round.objects.filter(event=stage.event_id).aggregate(top=Max("number"))["top"] or 0) + 1
    rows = standings().table(stage.event, upto=first - 1)["rows"]
    place = {row["pair"]["id"]: row["rank"] for row in rows}
    ranked = sorted(
        pairs, key=lambda p: (place.get(p.pk, len(rows) + 1), p.seed is None, p.seed or 0, p.number)
    )
    return ranked[: before.advance_count], True


# ---- the tables list (GET /events/{slug}/matches/): prepared reads -----------------------------
# Polled by every club website during a round: its two or three reads are compiled to SQL once
# (core.prepared) instead of on every request, which cost several times the database's own time.


def matches_of(event_id: int, rounds: str):
    """The event's matches a caller sees: every round (``ALL_ROUNDS``) or the published ones,
    in list order (``visible_matches`` says who sees which)."""
    matches = Match.objects.filter(round__event=event_id)
    if rounds == PUBLISHED_ROUNDS:
        matches = matches.filter(round__status__in=PUBLISHED)
    return matches.order_by("round__number", "table")


def with_count(matches):
    """``matches`` with ``_count``, the number of all of them, on each row: a page of them and the
    count in one query. A scalar subquery, which the database counts once, on the table's index,
    however many rows the page has; a window function (``COUNT(*) OVER ()``) made every row of the
    round, cast and sorted, to keep fifty: at 2,500 tables PostgreSQL took twice as long (2.7 ms
    against 1.3)."""
    every = matches.order_by().annotate(_all=Func(F("pk"), function="COUNT")).values("_all")
    return matches.annotate(_count=Subquery(every, output_field=IntegerField()))


def _match_page(rounds, *, event: int, **lookups):
    matches = matches_of(event, rounds).filter(**lookups)
    counted = with_count(matches).annotate(**MatchSerializer.ANNOTATIONS)
    return counted.values_list(*MatchSerializer.COLUMNS, "_count")


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
