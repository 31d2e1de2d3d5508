"""What each caller may see: events, rounds and matches, and the event an anonymous reader reads
(docs/api.md "Who sees what"). Views ask these; they hold no queries of their own."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.auth.models import AnonymousUser
from django.db import router
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from core.fast.prepared import Prepared
from tournaments.auth import TableUser
from tournaments.gate import kept_row
from tournaments.models import (
    Event,
    Match,
    Round,
    RoundStatus,
)
from tournaments.permissions import is_account, is_staff, scorekeeper_tables, sees_drafts

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


# The kinds of caller ``viewer`` names.
TABLE = "table"  # a table token
SUPERUSER = "superuser"
ACCOUNT = "account"  # a person with an account, not a superuser
PUBLIC = "public"  # nobody signed in


def viewer(request) -> tuple[str, dict[str, int]]:
    """What ``visible_events`` depends on of the caller: a kind (``table``, ``superuser``,
    ``account``, ``public``) and the id that kind sees by (a table token's event, an account)."""
    user = request.user
    if isinstance(user, TableUser):
        return TABLE, {"who": user.token.event_id}
    if user and user.is_superuser:
        return SUPERUSER, {}
    if is_account(request):
        return ACCOUNT, {"who": user.pk}
    return PUBLIC, {}


def events_visible_to(kind: str, who: int | None = None):
    """``visible_events`` of a caller of that ``kind`` known by ``who`` (``viewer``); a prepared
    read (core.fast.prepared) builds it from these values alone."""
    public = ~Q(status="draft")
    if kind == TABLE:  # a table token sees its own event
        return Event.objects.filter(public | Q(pk=who))
    if kind == SUPERUSER:
        return Event.objects.all()
    if kind == ACCOUNT:
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


#: What an anonymous read of the tables list reads of the event (``public_event``'s default).
PUBLIC_EVENT_FIELDS = event_columns("id", "slug", "status", "publish_pairings", "results_version")
_ANONYMOUS = SimpleNamespace(user=AnonymousUser())
_public_events = Prepared(
    Event,
    lambda fields, slug: visible_events(_ANONYMOUS).filter(slug=slug).order_by().values_list(*fields),
)


def public_event(slug: str, fields: tuple[str, ...] = PUBLIC_EVENT_FIELDS) -> Event:
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
