"""Rounds: create, draw (docs/rules/guandan.md G11), edit while draft, publish, close.

drawing.py makes a draw from the database; this module stores it (seed included), keeps
hand edits of a draft checked, and moves a round through draft -> published -> closed.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import Enum, auto

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from core.bulk_audit import log_bulk
from core.errors import Conflict, DomainError
from core.fields import column_max
from tournaments import draws
from tournaments.changes import changed
from tournaments.models import (
    Event,
    Match,
    MatchStatus,
    Pair,
    PairStatus,
    Round,
    RoundStatus,
    Stage,
    StageKind,
)
from tournaments.selectors import previous_round
from tournaments.selectors.checkin import drawn_pairs, unmarked_numbers
from tournaments.services.draw_guard import refuse_member_twice
from tournaments.services.drawing import (
    draws_whole_stage,
    ignored_flags,
    make_draw,
    name_pairs,
    numbered,
    pairings_of,
    stage_entrants,
)
from tournaments.services.individual import INDIVIDUAL_SYSTEM, draw_individual
from tournaments.services.tables import (
    TABLES_SYSTEM,
    draw_tables,
    require_two_sided,
    store_tables,
)
from tournaments.services.unsettled import settle_or_override

# check_draw problems that make a round unplayable; the others are flags on matches.
STRUCTURAL = {
    "duplicate_entrant",
    "missing_entrant",
    "unknown_entrant",
    "self_pairing",
    "duplicate_table",
    "two_byes",
}


class RoundState(Conflict):
    default_code = "round_not_draft"


class DrawFailed(Conflict):
    """The draw cannot be made from the event as it stands (too few pairs, a bad stage setting)."""

    default_code = "draw_failed"


ROUND_NUMBER_MAX = column_max(Round, "number")


class Unchanged(Enum):
    """A partial update's "not given" (None is a value: no start time)."""

    UNCHANGED = auto()


UNCHANGED = Unchanged.UNCHANGED


@transaction.atomic
def round_create(
    *, event: Event, stage: Stage, number: int | None = None, starts_at: datetime | None = None
) -> Round:
    if number is None:
        top = Round.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0
        if top >= ROUND_NUMBER_MAX:  # a round numbered last by hand: no next number
            raise DomainError(
                f"The last round is numbered {top}, the largest there is: give a number.",
                "round_numbers_exhausted",
                field="number",
            )
        number = top + 1
    elif Round.objects.filter(event=event, number=number).exists():
        raise DomainError(f"Round {number} exists.", "duplicate_number", field="number")
    round_ = Round.objects.create(event=event, stage=stage, number=number, starts_at=starts_at)
    changed(event)
    return round_


@transaction.atomic
def round_update(
    *, round_: Round, stage: Stage | None = None, starts_at: datetime | Unchanged | None = UNCHANGED
) -> Round:
    """Change a round's start time, or, while it is a draft, its stage (which discards its draw).

    Only the columns that change are written (and ``updated_at``).
    """
    round_ = lock_round(round_)
    written = ["updated_at"]
    if stage is not None and stage.pk != round_.stage_id:
        require_status(round_, RoundStatus.DRAFT)
        round_.stage = stage
        written += ["stage", *_forget_draw(round_)]
    if not isinstance(starts_at, Unchanged):
        round_.starts_at = starts_at
        written.append("starts_at")
    round_.save(update_fields=written)
    changed(round_.event_id, tables="stage" in written)  # a new stage: its draw's matches are gone
    return round_


def _forget_draw(round_: Round) -> tuple[str, ...]:
    """Discard the round's draw; the names of the columns that changed."""
    round_.matches.all().delete()
    round_.draw_seed, round_.draw_system, round_.relaxed, round_.drawn_at = None, "", [], None
    round_.unsettled_override = None
    return ("draw_seed", "draw_system", "relaxed", "drawn_at", "unsettled_override")


def lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event", "stage").get(pk=round_.pk)


def require_status(round_: Round, *statuses: str) -> None:
    if round_.status not in statuses:
        raise RoundState(
            f"Round {round_.number} is {round_.status}; this needs it {' or '.join(statuses)}.",
            "round_not_draft" if statuses == (RoundStatus.DRAFT,) else "round_state",
        )


def _store(round_: Round, pairings: Iterable[draws.Pairing], *, best_of: int) -> None:
    """Write the pairings as the round's matches, one row per table.

    Rows are updated in place by table number (a table keeps its match id through edits);
    tables that are gone are deleted and new ones created. Created and changed rows are written in
    bulk, which sends no model signals, so they are audited here (core.bulk_audit.log_bulk). The
    caller says the tables changed (``tournaments.changes.changed(…, tables=True)``).
    """
    knockout = round_.stage.kind == StageKind.KNOCKOUT
    existing = {m.table: m for m in round_.matches.all()}
    wanted = {p.table: p for p in pairings}
    round_.matches.exclude(table__in=wanted).delete()  # a queryset delete still signals: auditlog logs it
    edited, created, audit = [], [], []
    for table, p in wanted.items():
        fields = {
            "ns_pair_id": p.ns,
            "ew_pair_id": p.ew,
            "flags": sorted(p.flags),
            "best_of": best_of,
            "bracket_slot": table if knockout else None,
        }
        match = existing.get(table)
        if match is None:
            created.append(Match(round=round_, table=table, **fields))
            continue
        changes = {
            name: (getattr(match, name), value)
            for name, value in fields.items()
            if getattr(match, name) != value
        }
        if changes:
            for name, value in fields.items():
                setattr(match, name, value)
            edited.append(match)
            audit.append((match, "update", changes))
    Match.objects.bulk_update(edited, ["ns_pair_id", "ew_pair_id", "flags", "best_of", "bracket_slot"])
    Match.objects.bulk_create(created)
    audit += [
        (
            m,
            "create",
            {"table": (None, m.table), **{n: (None, getattr(m, n)) for n in ("ns_pair_id", "ew_pair_id")}},
        )
        for m in created
    ]
    log_bulk(audit, event_id=round_.event_id)


def _best_of(round_: Round) -> int:
    """G8: a knockout tie is as its stage says; any other round as the event's rules say (a game
    whose rules have no best of three, every game but Guandan, plays one match)."""
    if round_.stage.kind == StageKind.KNOCKOUT:
        return round_.stage.best_of
    return getattr(round_.event.rule_profile(), "best_of", 1)


@transaction.atomic
def round_draw(*, round_: Round, seed: int | None = None, unsettled_reason: str | None = None) -> Round:
    """Draw (or redraw) a draft round; the same seed on the same history gives the same draw.

    A Swiss round is not drawn over unsettled tables but with the override the event allows
    (services.unsettled)."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    settle_or_override(round_, reason=unsettled_reason, doing="draw")
    _require_check_in(round_)
    if seed is None:
        # An individual event draws from its published seed unless given one (docs/duplicate.md).
        seed = round_.event.lots_seed if round_.event.rotating_partners else secrets.randbelow(2**31)
    relaxed: Iterable[str]
    try:
        if round_.event.rotating_partners:
            relaxed, system = draw_individual(round_, seed=seed), INDIVIDUAL_SYSTEM
        elif round_.event.at_tables:
            first = previous_round(round_) is None
            tables = draw_tables(round_, stage_entrants(round_), seed=seed, first=first)
            store_tables(round_, tables)
            system, relaxed = TABLES_SYSTEM, tables.relaxed
        else:
            draw, system = make_draw(round_, seed)
            _store(round_, draw.pairings, best_of=_best_of(round_))
            ignored = ignored_flags(round_)
            relaxed = (entry for entry in draw.relaxed if entry.split(":", 1)[0] not in ignored)
    except draws.DrawError as exc:
        raise DrawFailed(name_pairs(round_.event, exc.detail), exc.code) from exc
    refuse_member_twice(round_)
    round_.draw_seed = seed
    round_.draw_system = system
    round_.relaxed = numbered(round_.event, relaxed)
    round_.drawn_at = timezone.now()
    round_.save()
    changed(round_.event_id, tables=True)
    return round_


def _require_check_in(round_: Round) -> None:
    """An event that draws only checked-in pairs (``check_in_required``) waits for every pair's mark."""
    if not round_.event.check_in_required:
        return
    waiting = unmarked_numbers(round_)
    if waiting:
        raise Conflict(
            f"The draw waits for the check-in of pairs {', '.join(map(str, waiting))}.",
            "check_in_incomplete",
            extra={"pairs": waiting},
        )


def recheck_and_store(
    round_: Round, pairings: Sequence[draws.Pairing], *, whole_stage: bool = False
) -> Round:
    """Store a hand-edited draft with its flags, and list in ``relaxed`` what the edit gave up.

    A swap or a move only rearranges the pairs of the draw, so the check is over those pairs
    (whatever their status now) and the number of byes the draw had. A table added or removed
    by hand (``whole_stage``) is checked against every pair of the stage: a pair left out is
    ``missing_entrant``, which blocks publishing.
    """
    placed = {pair for p in pairings for pair in p.entrants}
    pairs: Iterable[Pair] = Pair.objects.filter(pk__in=placed)
    if whole_stage:
        pairs = list({p.pk: p for p in [*drawn_pairs(round_)[0], *pairs]}.values())
    entrants = stage_entrants(round_, pairs)
    first = previous_round(round_) is None
    ignored = ignored_flags(round_)
    floats = round_.stage.kind == StageKind.SWISS and not first
    annotated = draws.annotate(pairings, entrants, floats=floats)
    problems = draws.check_draw(
        annotated,
        entrants,
        same_unit=draws.SameUnit("off" if draws.Flag.SAME_UNIT in ignored else round_.event.same_unit),
        avoid_rematches=draws.Flag.REMATCH not in ignored,
        byes=sum(1 for p in annotated if p.is_bye),
    )
    problems = [p for p in problems if p.split(":", 1)[0] not in ignored]
    _store(round_, annotated, best_of=_best_of(round_))
    refuse_member_twice(round_)
    round_.relaxed = numbered(round_.event, [*draws.relaxed_of(annotated, ignore=ignored), *problems])
    round_.save()
    changed(round_.event_id, tables=True)
    return round_


@transaction.atomic
def round_swap(*, round_: Round, pair_a: int, pair_b: int) -> Round:
    """Hand edit of a draft: two pairs trade places; the draw is re-checked."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    require_two_sided(round_)
    current = pairings_of(round_.matches.all())
    placed = {pid for p in current for pid in p.entrants}
    for name, pid in (("pair_a", pair_a), ("pair_b", pair_b)):
        if pid not in placed:
            number = (
                Pair.objects.filter(pk=pid, event=round_.event_id).values_list("number", flat=True).first()
            )
            detail = (
                f"No pair of this event has id {pid}."
                if number is None
                else f"Pair {number} is not in this round."
            )
            raise DomainError(detail, "not_in_round", field=name)
    return recheck_and_store(round_, draws.swap_entrants(current, a=pair_a, b=pair_b))


@transaction.atomic
def round_move(*, round_: Round, table: int, to_table: int) -> Round:
    """Hand edit of a draft: the match at ``table`` moves to ``to_table`` (swapping if taken)."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    require_two_sided(round_)
    current = pairings_of(round_.matches.all())
    if table not in {p.table for p in current}:
        raise DomainError(f"No match at table {table}.", "unknown_table", field="table")
    return recheck_and_store(round_, draws.move_table(current, table=table, to_table=to_table))


@transaction.atomic
def round_publish(*, round_: Round, unsettled_reason: str | None = None) -> Round:
    """Freeze the draft and show it to the tables and the public (not over unsettled tables but
    with the override the event allows, services.unsettled)."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    if not round_.matches.exists():
        raise Conflict("Draw the round before publishing it.", "not_drawn")
    settle_or_override(round_, reason=unsettled_reason, doing="publish")
    broken = sorted(p for p in round_.relaxed if p.split(":", 1)[0] in STRUCTURAL)
    if broken:
        raise Conflict(
            f"The draw is broken: {', '.join(broken)}.", "draw_invalid", extra={"problems": broken}
        )
    _refuse_stale(round_)
    refuse_member_twice(round_)  # a substitute named since the draw, or records merged since
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    round_.save()
    # A bye scores as the event says (G9): its publication changes the standings. The club
    # websites hear of the pairings (``round.published``, scoring.services.changes).
    byes = round_.matches.filter(ew_pair__isnull=True).exists()
    changed(round_.event, shows=byes, published_round=round_)
    return round_


def _refuse_stale(round_: Round) -> None:
    """A draw is stale when the pairs it should place changed since: a pair in it withdrew or was
    disqualified, or an active pair of the stage is not in it (registered or reinstated after the
    draw). Only for draws that place every active pair of the stage (``draws_whole_stage``).
    """
    placed = {pair for m in round_.matches.prefetch_related("seats") for pair in m.pair_ids}
    gone = sorted(
        Pair.objects.filter(pk__in=placed).exclude(status=PairStatus.ACTIVE).values_list("number", flat=True)
    )
    left_out = []
    if draws_whole_stage(round_):
        left_out = sorted(pair.number for pair in drawn_pairs(round_)[0] if pair.pk not in placed)
    lost = _not_winners(round_, placed)
    if not gone and not left_out and not lost:
        return
    reasons = []
    if gone:
        reasons.append(f"pairs {', '.join(map(str, gone))} withdrew or were disqualified")
    if left_out:
        reasons.append(f"pairs {', '.join(map(str, left_out))} are not in it")
    if lost:
        reasons.append(f"pairs {', '.join(map(str, lost))} no longer won their match of the round before")
    raise Conflict(
        f"The draw is out of date: {' and '.join(reasons)}; draw the round again.",
        "draw_stale",
        extra={"pairs": sorted({*gone, *left_out, *lost})},
    )


def _not_winners(round_: Round, placed: set[int]) -> list[int]:
    """A later knockout round's pairs that are not (or no longer: a referee corrected the result,
    docs/scoring.md §2) the confirmed winners of the round before, by number."""
    if round_.stage.kind != StageKind.KNOCKOUT:
        return []
    before = previous_round(round_)
    if before is None:
        return []
    winners = {m.ns_pair_id if m.is_bye else m.winner_id for m in before.matches.all()}
    return sorted(Pair.objects.filter(pk__in=placed - winners).values_list("number", flat=True))


@transaction.atomic
def round_delete(*, round_: Round) -> None:
    """Only a draft round may be deleted: a published draw is a record."""
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.DRAFT)
    event_id = round_.event_id
    round_.delete()
    changed(event_id, tables=True)  # its matches went with it


@transaction.atomic
def round_close(*, round_: Round) -> Round:
    """Close a published round: every match needs a confirmed result (a forfeit is one; a bye needs none).

    The event's correction period starts now (docs/scoring.md).
    """
    round_ = lock_round(round_)
    require_status(round_, RoundStatus.PUBLISHED)
    pending = sorted(
        round_.matches.filter(ew_pair__isnull=False)
        .exclude(status=MatchStatus.CONFIRMED)
        .values_list("table", flat=True)
    )
    if pending:
        raise Conflict(
            f"Tables {pending} have no confirmed result (or recorded forfeit) yet.",
            "results_pending",
            extra={"tables": pending},
        )
    round_.status = RoundStatus.CLOSED
    round_.closed_at = timezone.now()
    round_.save()
    changed(round_.event_id)
    return round_
