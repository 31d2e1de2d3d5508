"""Rounds: create, draw (RULES.md G11), edit while draft, publish, close.

The draw algorithms are pure (tournaments.draws); this module turns pairs into
entrants, calls the stage's draw system and stores the result, seed included.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from core.problems import Conflict, Problem
from tournaments import draws
from tournaments.models import Event, Match, Round, RoundStatus, Stage, StageKind
from tournaments.selectors import active_pairs, histories, previous_round

# check_draw problems that make a round unplayable; the others are flags on matches.
STRUCTURAL = {"duplicate_entrant", "missing_entrant", "unknown_entrant", "self_pairing", "duplicate_table", "two_byes"}


class RoundState(Conflict):
    default_code = "round_not_draft"


class DrawFailed(Problem):
    default_code = "draw_failed"


@transaction.atomic
def round_create(*, event: Event, stage: Stage, number: int | None = None, starts_at=None) -> Round:
    if number is None:
        number = (Round.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0) + 1
    elif Round.objects.filter(event=event, number=number).exists():
        raise Problem(f"Round {number} exists.", "duplicate_number", field="number")
    return Round.objects.create(event=event, stage=stage, number=number, starts_at=starts_at)


def _lock(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event", "stage").get(pk=round_.pk)


def _require(round_: Round, *statuses: str) -> None:
    if round_.status not in statuses:
        raise RoundState(
            f"Round {round_.number} is {round_.status}; this needs it {' or '.join(statuses)}.",
            "round_not_draft" if statuses == (RoundStatus.DRAFT,) else "round_state",
        )


def _entrants(round_: Round) -> list[draws.Entrant]:
    """Active pairs with their history, in standings order (points, then seed, then number)."""
    event = round_.event
    past = histories(event, before=round_.number)
    pairs = active_pairs(event)
    entrants = [
        draws.Entrant(
            id=p.pk,
            points=past[p.pk].points if p.pk in past else 0.0,
            seeding=p.seed,
            unit=p.unit_id,
            had_bye=past[p.pk].had_bye if p.pk in past else False,
            opponents=frozenset(past[p.pk].opponents) if p.pk in past else frozenset(),
            ns_count=past[p.pk].ns_count if p.pk in past else 0,
            ew_count=past[p.pk].ew_count if p.pk in past else 0,
        )
        for p in pairs
    ]
    entrants.sort(key=lambda e: (-e.points, e.seeding is None, e.seeding or 0))
    return entrants


def _previous_pairings(round_: Round) -> tuple[Round | None, list[draws.Pairing], dict[int, int | None]]:
    before = previous_round(round_)
    if before is None:
        return None, [], {}
    matches = list(before.matches.all())
    pairings = [draws.Pairing(table=m.table, ns=m.ns_pair_id, ew=m.ew_pair_id) for m in matches]
    return before, pairings, {m.table: m.winner_id for m in matches if not m.is_bye}


def _winners_or_409(winners: dict[int, int | None]) -> set[int]:
    missing = sorted(table for table, winner in winners.items() if winner is None)
    if missing:
        raise Conflict(
            f"The previous round has no confirmed winner at tables {missing}.", "results_pending"
        )
    return {w for w in winners.values() if w is not None}


def _make_draw(round_: Round, seed: int) -> draws.Draw:
    event, stage = round_.event, round_.stage
    entrants = _entrants(round_)
    before, previous, winners = _previous_pairings(round_)
    if stage.kind == StageKind.KNOCKOUT:
        if before is None:
            seeded = sorted(entrants, key=lambda e: (e.seeding is None, e.seeding or 0, -e.points))
            return draws.knockout_draw(seeded, seed=seed, separate_units=event.same_unit != "off")
        pairings = draws.next_knockout_round(previous, _winners_or_409(winners), seed=seed)
        return draws.Draw(pairings=tuple(pairings), seed=seed)
    if stage.kind == StageKind.ROUND_ROBIN:
        return _round_robin(round_, entrants, seed)
    if before is None:
        return draws.first_round_draw(entrants, seed=seed, method=stage.first_round, same_unit=event.same_unit)
    if event.table_movement:
        won = _winners_or_409(winners)
        scores = {pid: (1.0 if pid in won else 0.0) for p in previous for pid in p.entrants}
        pairings = draws.table_movement(previous, scores=scores, seed=seed)
        annotated = draws.annotate(pairings, entrants)
        return draws.Draw(pairings=annotated, seed=seed, relaxed=draws.seating.relaxed_of(annotated))
    return draws.swiss_draw(entrants, seed=seed, same_unit=event.same_unit)


def _round_robin(round_: Round, entrants: list[draws.Entrant], seed: int) -> draws.Draw:
    stage = round_.stage
    index = Round.objects.filter(stage=stage, number__lt=round_.number).count()
    seeded = [e.id for e in sorted(entrants, key=lambda e: (e.seeding is None, e.seeding or 0))]
    pairings, table = [], 1
    for group in draws.snake_groups(seeded, stage.group_count):
        schedule = draws.berger_schedule(group)
        if index >= len(schedule):
            raise Conflict(f"Every pair of {stage.name} has met every other.", "stage_complete")
        for ns, ew in schedule[index]:
            pairings.append(draws.Pairing(table=table, ns=ns, ew=ew))
            table += 1
    return draws.Draw(pairings=draws.annotate(pairings, entrants, floats=False), seed=seed)


def _store(round_: Round, pairings, *, best_of: int) -> None:
    round_.matches.all().delete()
    Match.objects.bulk_create(
        Match(
            round=round_,
            table=p.table,
            ns_pair_id=p.ns,
            ew_pair_id=p.ew,
            flags=sorted(p.flags),
            best_of=best_of,
            bracket_slot=p.table if round_.stage.kind == StageKind.KNOCKOUT else None,
        )
        for p in pairings
    )


@transaction.atomic
def round_draw(*, round_: Round, seed: int | None = None) -> Round:
    """Draw (or redraw) a draft round; the same seed on the same history gives the same draw."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        draw = _make_draw(round_, seed)
    except draws.DrawError as exc:
        raise DrawFailed(exc.detail, exc.code) from exc
    best_of = round_.stage.best_of if round_.stage.kind == StageKind.KNOCKOUT else 1
    _store(round_, draw.pairings, best_of=best_of)
    round_.draw_seed = seed
    round_.draw_system = round_.stage.kind
    round_.relaxed = list(draw.relaxed)
    round_.drawn_at = timezone.now()
    round_.save()
    return round_


def _current_pairings(round_: Round) -> list[draws.Pairing]:
    return [draws.Pairing(table=m.table, ns=m.ns_pair_id, ew=m.ew_pair_id) for m in round_.matches.all()]


def _recheck_and_store(round_: Round, pairings) -> Round:
    entrants = _entrants(round_)
    annotated = draws.annotate(pairings, entrants, floats=round_.stage.kind == StageKind.SWISS)
    byes = None if round_.stage.kind != StageKind.KNOCKOUT else sum(1 for p in annotated if p.is_bye)
    problems = draws.check_draw(annotated, entrants, same_unit=round_.event.same_unit, byes=byes)
    best_of = round_.stage.best_of if round_.stage.kind == StageKind.KNOCKOUT else 1
    _store(round_, annotated, best_of=best_of)
    round_.relaxed = sorted(set(draws.seating.relaxed_of(annotated)) | set(problems))
    round_.save()
    return round_


@transaction.atomic
def round_swap(*, round_: Round, pair_a: int, pair_b: int) -> Round:
    """Hand edit of a draft: two pairs trade places; the draw is re-checked."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    current = _current_pairings(round_)
    placed = {pid for p in current for pid in p.entrants}
    for name, pid in (("pair_a", pair_a), ("pair_b", pair_b)):
        if pid not in placed:
            raise Problem(f"Pair {pid} is not in this round.", "not_in_round", field=name)
    return _recheck_and_store(round_, draws.swap_entrants(current, a=pair_a, b=pair_b))


@transaction.atomic
def round_move(*, round_: Round, table: int, to_table: int) -> Round:
    """Hand edit of a draft: the match at ``table`` moves to ``to_table`` (swapping if taken)."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    current = _current_pairings(round_)
    if table not in {p.table for p in current}:
        raise Problem(f"No match at table {table}.", "unknown_table", field="table")
    return _recheck_and_store(round_, draws.move_table(current, table=table, to_table=to_table))


@transaction.atomic
def round_publish(*, round_: Round) -> Round:
    """Freeze the draft and show it to the tables and the public."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    if not round_.matches.exists():
        raise Conflict("Draw the round before publishing it.", "not_drawn")
    broken = sorted(p for p in round_.relaxed if p.split(":", 1)[0] in STRUCTURAL)
    if broken:
        raise Conflict(f"The draw is broken: {', '.join(broken)}.", "draw_invalid", extra={"problems": broken})
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    round_.save()
    return round_


@transaction.atomic
def round_delete(*, round_: Round) -> None:
    """Only a draft round may be deleted: a published draw is a record."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    round_.delete()


@transaction.atomic
def round_close(*, round_: Round) -> Round:
    round_ = _lock(round_)
    _require(round_, RoundStatus.PUBLISHED)
    round_.status = RoundStatus.CLOSED
    round_.closed_at = timezone.now()
    round_.save()
    return round_
