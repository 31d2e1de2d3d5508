"""Which match a caller reaches by its id (every ``/matches/{id}/…`` view and ``POST /sync``); a table
token's table reaches its match through scoring.selectors.table (``GET /table/``)."""

from __future__ import annotations

from django.db import router
from django.db.models import F, FilteredRelation, Q

from core.fast.prepared import Prepared
from scoring.models.states import RELATION
from tournaments.models import Match, TableToken
from tournaments.permissions import remember_roles
from tournaments.selectors import ACCOUNT, events_visible_to, sees_match, viewer


def visible_match(request, pk, *, lock: bool = False, state: bool = False) -> Match | None:
    """The match ``pk`` with its round, stage, event and pairs when the caller sees it (its event
    visible, and the match itself: a table token sees its own table's), else None.

    One query: the event's visibility is its filter, and the match's own is asked of the row loaded
    (``tournaments.selectors.sees_match``). ``lock``: the match row is locked for the rest of the
    caller's transaction in that same query (``select_for_update``), so that a write loads it once
    (its service is told so: ``scoring.services.common.lock_match``'s ``locked``). The query is
    compiled once per kind of caller (``core.fast.prepared``): every write to a match reads it so.
    ``state`` (with ``lock``): the match's derived state row (``scoring.services.sheet_store``) is
    read and locked in the same statement; a match without one is then read again without it.
    """
    if lock and state:
        found = _visible_match(request, pk, lock=True, state=True)
        if found is not None:
            return found
    return _visible_match(request, pk, lock=lock, state=False)


def _visible_match(request, pk, *, lock: bool, state: bool) -> Match | None:
    if getattr(request.user, "deferred_key", None) is not None:
        match = _with_table_token(request, int(pk), lock=lock, state=state)
        if match is not None:
            return match if sees_match(request, match) else None
        if state:  # perhaps only no state row yet: visible_match asks again without it
            return None
        # No match of the token's event by that id, or no such token: the token is looked up (a 401
        # when it is unknown or revoked) and the match is looked for as for any caller.
    kind, who = viewer(request)
    found = _matches.objects((kind, lock, state), pk=int(pk), **who)
    match = found[0] if found else None
    if match is not None and kind == ACCOUNT:  # its roles in the event came with it: a row each
        held = [(row.held_role, row.held_tables) for row in found if row.held_role]  # type: ignore[attr-defined]
        remember_roles(request, match.round.event, held)
    return match if match is not None and sees_match(request, match) else None


def _match_of_visible_event(shape, *, pk: int, who: int | None = None):
    """The match ``pk`` of an event a caller of that kind sees (``shape``: the kind, and whether the
    row is locked, and whether its state row is read and locked with it), with its round, stage, event
    and pairs. Without an ORDER BY (``first()``'s, or the model's ordering): a filter by id finds one
    row."""
    kind, lock, state = shape
    matches = (
        Match.objects.filter(round__event__in=events_visible_to(kind, who), pk=pk)
        .select_related(*_WITH_MATCH)
        .order_by()
    )
    if kind == ACCOUNT:
        # An account's roles in the match's event (tournaments.permissions.event_roles), every write
        # needs them: read with the match, one row per role (one row without a role), instead of a
        # query of their own.
        held = Q(round__event__roles__user=who)
        matches = matches.annotate(held=FilteredRelation("round__event__roles", condition=held)).annotate(
            held_role=F("held__role"), held_tables=F("held__tables")
        )
    return _locked(matches, lock, state)


def _locked(matches, lock: bool, state: bool):
    """``matches`` locked (``lock``) and, with ``state``, joined with their state rows (an inner
    join: only a match that has one) locked with them."""
    if not lock:
        return matches
    if state:
        return (
            matches.filter(**{f"{RELATION}__isnull": False})
            .select_related(RELATION)
            .select_for_update(of=("self", RELATION))
        )
    return matches.select_for_update(of=("self",))


_WITH_MATCH = ("round__event", "round__stage", "ns_pair", "ew_pair")
_matches = Prepared(Match, _match_of_visible_event)

# The token's columns, read with the match (``_with_table_token``).
_TOKEN_COLUMNS = tuple(field.attname for field in TableToken._meta.concrete_fields)
_TOKENS = "round__event__table_tokens"


def _match_with_token(shape, *, pk: int, key: str):
    """The match ``pk`` of the event of the valid (not revoked) table token ``key``, with the token's
    columns (``token_<column>``) and the match's round, stage, event and pairs (``shape``: whether
    the row is locked, and its state row with it)."""
    lock, state = shape
    matches = (
        Match.objects.annotate(
            vouching=FilteredRelation(
                _TOKENS, condition=Q(**{f"{_TOKENS}__key": key, f"{_TOKENS}__revoked_at__isnull": True})
            )
        )
        .filter(pk=pk, vouching__isnull=False)
        .annotate(**{f"token_{column}": F(f"vouching__{column}") for column in _TOKEN_COLUMNS})
        .select_related(*_WITH_MATCH)
        .order_by()
    )
    return _locked(matches, lock, state)


_matches_with_token = Prepared(Match, _match_with_token)


def _with_table_token(request, pk: int, *, lock: bool, state: bool = False) -> Match | None:
    """``visible_match`` for a table token not looked up yet (``TableUser.deferred_key``): the match
    ``pk`` of the token's own event, with the token, in one query; the token vouched for then
    (``TableUser.vouch``). None when there is no such match or no such token (valid, not revoked)."""
    user = request.user
    found = _matches_with_token.objects((lock, state), pk=pk, key=str(user.deferred_key))
    if not found:
        return None
    match = found[0]
    values = [getattr(match, f"token_{column}") for column in _TOKEN_COLUMNS]
    token = TableToken.from_db(router.db_for_read(TableToken), _TOKEN_COLUMNS, values)
    token.event = match.round.event
    user.vouch(token)
    return match
