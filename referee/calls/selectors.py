"""Reads of the calls (docs/referees.md "Calling a referee"): the event's queue, a table's calls, one
call as its caller may see it."""

from __future__ import annotations

from django.db.models import QuerySet

from referee.models import RefereeCall
from scoring.actors import REFEREES, actor_of
from tournaments.models import Event, Match
from tournaments.permissions import has_role
from tournaments.selectors import visible_events

_WITH = ("event", "match__round", "called_by", "called_token", "closed_by", "closed_token")


def event_calls(event: Event) -> QuerySet[RefereeCall]:
    """The event's calls, oldest first (the referees' queue)."""
    return RefereeCall.objects.filter(event=event).select_related(*_WITH).order_by("id")


def match_calls(match: Match) -> list[RefereeCall]:
    """The calls of one table's match, oldest first (a table makes a few: the list is not paged)."""
    return list(RefereeCall.objects.filter(match=match).select_related(*_WITH).order_by("id"))


def visible_call(request, pk) -> RefereeCall | None:
    """The call ``pk`` when the caller may see it: the event's referees, and the keepers of its table
    (its token, its scorekeepers); anyone else finds nothing, as for another table's match."""
    call = RefereeCall.objects.filter(event__in=visible_events(request), pk=pk).select_related(*_WITH).first()
    if call is None:
        return None
    if has_role(request, call.event, *REFEREES) or actor_of(request, call.event).keeps(call.match):
        return call
    return None
