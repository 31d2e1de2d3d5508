"""What every scorekeeping write shares: the locked match, its state checks, hashing, after-commit work."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from django.db import connections, router, transaction
from django.utils import timezone

from scoring.actors import Actor
from scoring.happenings import standings_changed
from scoring.models import Webhook
from scoring.models.states import RELATION
from scoring.problems import NotAllowed, ScoreConflict
from scoring.selectors.matches import correction_deadline
from scoring.tasks import queue_events, queue_standings_refresh
from tournaments.models import Event, Match, RoundStatus

# The check of the caller's ``If-Match`` against the locked match (a 412 when what was read is stale).
IfMatch = Callable[[Match], object]
# Webhook events to queue: (type, data).
Happenings = Sequence[tuple[str, dict[str, Any]]]


def lock_match(match: Match, *, locked: bool = False, state: bool = False) -> Match:
    """The match row locked for the rest of the transaction: writes on one match are serial.

    ``locked``: the caller loaded ``match`` locked in this transaction (a view's
    ``visible_match(lock=True)`` inside the request's transaction), with its round, event and pairs:
    it is taken as it is. ``state``: its derived state row is read and locked with it, in the same
    statement (``scoring.services.sheet_store``), when it has one."""
    if locked:
        assert transaction.get_connection().in_atomic_block, "a lock lasts only as long as its transaction"
        return match
    matches = Match.objects.select_related("round__event", "round__stage", "ns_pair", "ew_pair")
    if state:
        found = (
            matches.filter(pk=match.pk, **{f"{RELATION}__isnull": False})
            .select_related(RELATION)
            .select_for_update(of=("self", RELATION))
            .first()
        )
        if found is not None:
            return found
    return matches.select_for_update(of=("self",)).get(pk=match.pk)


def require_playing(match: Match) -> None:
    """Scores are kept only for a published round's real match (not a draft, not a bye)."""
    if match.round.status == RoundStatus.DRAFT:
        raise ScoreConflict(
            f"Round {match.round.number} is not published yet; nothing can be scored.", "round_not_published"
        )
    if match.is_bye:
        raise ScoreConflict("A bye has no opponent and no deals; it scores as the event says.", "bye_match")


def require_keeper(match: Match, actor: Actor) -> None:
    if not actor.keeps(match):
        raise NotAllowed(f"You do not keep the score of table {match.table}.", "wrong_table")


def require_correction_right(match: Match, actor: Actor) -> None:
    """Correcting what is official (or what a closed round holds) is a referee's: within the round's
    correction period any referee, after it only the chief referee or an organizer."""
    deadline = correction_deadline(match)
    if deadline is not None and timezone.now() > deadline:
        if not actor.is_chief:
            raise NotAllowed(
                "The correction period of this round is over: only the chief referee corrects now.",
                "correction_period_over",
            )
    elif not actor.is_referee:
        raise NotAllowed("A confirmed result is corrected by a referee.", "referee_required")


def content_hash(content: object) -> str:
    """The SHA-256 of ``content`` (JSON: a dict, or None for nothing) in canonical form."""
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Moved(NamedTuple):
    """What moving an event's ``results_version`` answered."""

    version: int  # the new one
    hooked: bool  # the event has an active webhook


def move_results_version(event_id: int) -> Moved | None:
    """The event's ``results_version`` moved on by one, in one ``UPDATE … RETURNING`` that answers the
    new version and whether the event has an active webhook, so that ``notify_standings`` reads
    neither again; None when the event is gone (a change told after its deletion). The statement is
    written once per database (the ORM's update has no RETURNING)."""
    using = router.db_for_write(Event)
    if using not in _moves:
        _moves[using] = _move_statement(connections[using].ops.quote_name)
    with connections[using].cursor() as cursor:
        cursor.execute(_moves[using], [event_id])
        row = cursor.fetchone()
    return None if row is None else Moved(row[0], bool(row[1]))


_moves: dict[str, str] = {}


def _move_statement(quote: Callable[[str], str]) -> str:
    event, hook = Event._meta, Webhook._meta
    table, pk = quote(event.db_table), quote(str(event.pk.column))
    version = quote(str(event.get_field("results_version").column))
    owner, active = quote(str(hook.get_field("event").column)), quote(str(hook.get_field("active").column))
    hooks = f"SELECT 1 FROM {quote(hook.db_table)} WHERE {owner} = {table}.{pk} AND {active}"
    return (
        f"UPDATE {table} SET {version} = {version} + 1 WHERE {pk} = %s RETURNING {version}, EXISTS ({hooks})"
    )


def notify_standings(event: Event, moved: Moved, *, news: Happenings = ()) -> None:
    """The standings changed (their ``results_version`` moved for it, ``moved``: what the move
    answered): tell the club websites (``standings.updated``, written in this transaction, then
    ``news``) and recompute them after the commit, unless a recomputation is pending for the event
    already (coalesced: scoring.tasks)."""
    version, hooked = moved
    if hooked:
        updated = {"results_version": version, "standings": f"/api/v1/events/{event.slug}/standings/"}
        queue_events(event, [("standings.updated", updated), *news])
    standings_changed.send(sender=Event, event=event)

    def refresh() -> None:
        queue_standings_refresh(event.pk)

    # Robust: the confirmation has committed and readers compute the table themselves on a cache
    # miss, so a broker that cannot take the task must not turn the caller's answer into a 500.
    transaction.on_commit(refresh, robust=True)
