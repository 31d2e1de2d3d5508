"""An event's own rows as its API lists them (the organisers' views' querysets): the views ask for
them here and hold no query of their own (tests/core/test_thin_views.py)."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from tournaments.models import (
    Event,
    EventRole,
    Invitation,
    Match,
    Pair,
    Player,
    Round,
    Stage,
    Substitution,
    TableToken,
    Unit,
)


def event_roles(event: Event) -> QuerySet[EventRole]:
    return EventRole.objects.filter(event=event).select_related("user").order_by("role", "id")


def event_table_tokens(event: Event) -> QuerySet[TableToken]:
    return TableToken.objects.filter(event=event).select_related("event").order_by("table", "-id")


def event_units(event: Event) -> QuerySet[Unit]:
    return Unit.objects.filter(event=event)


def event_players(event: Event) -> QuerySet[Player]:
    return Player.objects.filter(event=event)


def event_pairs(event: Event) -> QuerySet[Pair]:
    return Pair.objects.filter(event=event).select_related("player_1", "player_2", "player_3")


def event_stages(event: Event) -> QuerySet[Stage]:
    return Stage.objects.filter(event=event)


def event_matches(event: Event) -> QuerySet[Match]:
    return Match.objects.filter(round__event=event)


def round_again(round_: Round) -> Round:
    """The round as stored now (after a write), for its answer."""
    return Round.objects.get(pk=round_.pk)


def event_invitations(event: Event) -> QuerySet[Invitation]:
    return Invitation.objects.filter(event=event).select_related("used_by")


def event_substitutions(event: Event) -> QuerySet[Substitution]:
    return Substitution.objects.filter(pair__event=event).select_related("pair", "replaced", "substitute")


def entrant_people(pairs: QuerySet[Pair]) -> Iterator[tuple[int, list[tuple[int, int | None]]]]:
    """Each entrant of ``pairs`` with its players as (player id, member id or None), in one query
    (the draw's guard against one member twice, the ratings' teams)."""
    rows = pairs.values_list(
        "pk",
        "player_1_id",
        "player_1__member_id",
        "player_2_id",
        "player_2__member_id",
        "player_3_id",
        "player_3__member_id",
    )
    for pk, *people in rows:
        players = zip(people[::2], people[1::2], strict=True)
        yield pk, [(player, member) for player, member in players if player is not None]
