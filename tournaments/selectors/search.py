"""The round board's search of an event's tables by a pair's or a table's number (docs/desk.md "The
round board"): conditions the tables list's filters (tournaments/views/match_filters.py) apply, so
that the database answers the search in one page at any size of round."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from tournaments.models import Match, TableSeat


def plays_pair(number: int) -> Q:
    """The matches where the pair of that number plays: on a side, or in a seat at a table of four."""
    seated = TableSeat.objects.filter(match=OuterRef("pk"), pair__number=number)
    return Q(ns_pair__number=number) | Q(ew_pair__number=number) | Q(Exists(seated))


def tables_of_pair(matches: QuerySet[Match], number: int) -> QuerySet[Match]:
    return matches.filter(plays_pair(number))


def table_or_pair(matches: QuerySet[Match], number: int) -> QuerySet[Match]:
    """The table of that number, and the tables where the pair of that number plays."""
    return matches.filter(Q(table=number) | plays_pair(number))
