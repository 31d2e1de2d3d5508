"""A draft round's tables edited by hand (docs/events.md "Draws"): a table added, changed or
taken away, the whole draw checked again as a draw is (``rounds.recheck_and_store``)."""

from __future__ import annotations

from django.db import transaction

from core.errors import DomainError
from tournaments import draws
from tournaments.models import Match, Pair, Round, RoundStatus
from tournaments.services.drawing import pairings_of
from tournaments.services.rounds import lock_round, recheck_and_store, require_status
from tournaments.services.tables import require_two_sided


class MatchEdit(DomainError):
    default_code = "invalid"


def _check_pairs(round_: Round, ns: int, ew: int | None) -> None:
    for name, pid in (("ns_pair", ns), ("ew_pair", ew)):
        if pid is not None and not Pair.objects.filter(pk=pid, event=round_.event_id).exists():
            raise MatchEdit(f"No pair of this event has id {pid}.", "does_not_exist", field=name)
    if ns == ew:
        raise MatchEdit("A pair cannot play itself.", "self_pairing", field="ew_pair")


@transaction.atomic
def match_create(*, round_: Round, table: int, ns_pair: int, ew_pair: int | None) -> Match:
    """Add a table to a draft round by hand (a bye when ``ew_pair`` is None); the draw is re-checked."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    require_two_sided(round_)
    current = pairings_of(round_.matches.all())
    if any(p.table == table for p in current):
        raise MatchEdit(f"Table {table} is taken.", "table_taken", field="table")
    _check_pairs(round_, ns_pair, ew_pair)
    recheck_and_store(
        round_, [*current, draws.Pairing(table=table, ns=ns_pair, ew=ew_pair)], whole_stage=True
    )
    return round_.matches.get(table=table)


@transaction.atomic
def match_update(*, match: Match, ns_pair: int, ew_pair: int | None) -> Match:
    """Change who plays at a draft table; the draw is re-checked."""
    round_ = lock_round(match.round)
    require_status(round_, RoundStatus.DRAFT)
    require_two_sided(round_)
    _check_pairs(round_, ns_pair, ew_pair)
    pairings = [
        draws.Pairing(table=p.table, ns=ns_pair, ew=ew_pair) if p.table == match.table else p
        for p in pairings_of(round_.matches.all())
    ]
    recheck_and_store(round_, pairings, whole_stage=True)
    return round_.matches.get(table=match.table)


@transaction.atomic
def match_delete(*, match: Match) -> Round:
    """Remove a draft table; its pairs are unplaced until put back (publishing needs them placed)."""
    round_ = lock_round(match.round)
    require_status(round_, RoundStatus.DRAFT)
    require_two_sided(round_)
    pairings = [p for p in pairings_of(round_.matches.all()) if p.table != match.table]
    return recheck_and_store(round_, pairings, whole_stage=True)
