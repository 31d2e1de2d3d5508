"""Rounds: create, draw (RULES.md G11), edit while draft, publish, close.

The draw algorithms are pure (tournaments.draws); this module turns pairs into
entrants, calls the stage's draw system and stores the result, seed included.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from core.problems import Conflict, Problem
from tournaments import draws
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
from tournaments.selectors import histories, previous_round, stage_pairs

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


@transaction.atomic
def round_create(*, event: Event, stage: Stage, number: int | None = None, starts_at=None) -> Round:
    if number is None:
        number = (Round.objects.filter(event=event).aggregate(top=Max("number"))["top"] or 0) + 1
    elif Round.objects.filter(event=event, number=number).exists():
        raise Problem(f"Round {number} exists.", "duplicate_number", field="number")
    return Round.objects.create(event=event, stage=stage, number=number, starts_at=starts_at)


@transaction.atomic
def round_update(*, round_: Round, data: dict) -> Round:
    """Change a round's start time, or, while it is a draft, its stage (which discards its draw)."""
    round_ = _lock(round_)
    stage = data.get("stage")
    if stage is not None and stage.pk != round_.stage_id:
        _require(round_, RoundStatus.DRAFT)
        round_.stage = stage
        _forget_draw(round_)
    if "starts_at" in data:
        round_.starts_at = data["starts_at"]
    round_.save()
    return round_


def _forget_draw(round_: Round) -> None:
    round_.matches.all().delete()
    round_.draw_seed, round_.draw_system, round_.relaxed, round_.drawn_at = None, "", [], None


def _lock(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event", "stage").get(pk=round_.pk)


def _require(round_: Round, *statuses: str) -> None:
    if round_.status not in statuses:
        raise RoundState(
            f"Round {round_.number} is {round_.status}; this needs it {' or '.join(statuses)}.",
            "round_not_draft" if statuses == (RoundStatus.DRAFT,) else "round_state",
        )


def _entrants(round_: Round, pairs: Iterable[Pair] | None = None) -> list[draws.Entrant]:
    """Pairs (by default those of the round's stage) with their history, in standings order.

    Standings order here: points, then seed, then pair number. Pairs that qualified from an
    earlier stage are seeded by their qualifying place (1 = best), not by their entry seed.
    """
    past = histories(round_.event, before=round_.number)
    qualified = False
    if pairs is None:
        pairs, qualified = stage_pairs(round_.stage)
    entrants = []
    for place, pair in enumerate(pairs, start=1):
        record = past.get(pair.pk)
        entrants.append(
            draws.Entrant(
                id=pair.pk,
                points=record.points if record else 0.0,
                seeding=place if qualified else pair.seed,
                unit=pair.unit_id,
                had_bye=record.had_bye if record else False,
                opponents=frozenset(record.opponents) if record else frozenset(),
                ns_count=record.ns_count if record else 0,
                ew_count=record.ew_count if record else 0,
            )
        )
    entrants.sort(key=lambda e: (-e.points, e.seeding is None, e.seeding or 0))
    return entrants


def _seed_order(pairs: Iterable[Pair]) -> list[int]:
    """Seed order of pairs (unseeded last, then by number): fixed, whatever the results so far."""
    return [p.pk for p in sorted(pairs, key=lambda p: (p.seed is None, p.seed or 0, p.number))]


def _pairings(matches: Iterable[Match]) -> list[draws.Pairing]:
    return [draws.Pairing(table=m.table, ns=m.ns_pair_id, ew=m.ew_pair_id) for m in matches]


def _scores(matches: Sequence[Match], *, need_winner: bool) -> dict[int, float]:
    """Each pair's result in a finished round: 1 a win (or a bye), ½ a draw, 0 a loss.

    Only confirmed results count (G10); a knockout needs a winner at every table (G8).
    """
    pending = sorted(
        m.table
        for m in matches
        if not m.is_bye and (m.status != MatchStatus.CONFIRMED or (need_winner and m.winner_id is None))
    )
    if pending:
        raise Conflict(f"The previous round has no confirmed winner at tables {pending}.", "results_pending")
    scores: dict[int, float] = {}
    for m in matches:
        if m.is_bye:
            scores[m.ns_pair_id] = 1.0
        elif m.winner_id is None:
            scores[m.ns_pair_id] = scores[m.ew_pair_id] = 0.5
        else:
            loser = m.ew_pair_id if m.winner_id == m.ns_pair_id else m.ns_pair_id
            scores[m.winner_id], scores[loser] = 1.0, 0.0
    return scores


def _ignored(round_: Round, *, first: bool) -> set[str]:
    """Flags that the round's draw system does not treat as a relaxed constraint."""
    kind = round_.stage.kind
    ignored = {draws.Flag.SAME_UNIT, draws.Flag.SAME_HALF} if round_.event.same_unit == "off" else set()
    if kind == StageKind.ROUND_ROBIN:  # a group meets in full, whatever the history or the units
        return {draws.Flag.REMATCH, draws.Flag.REPEAT_BYE, draws.Flag.SAME_UNIT}
    if kind == StageKind.KNOCKOUT or first:
        ignored |= {draws.Flag.REMATCH, draws.Flag.REPEAT_BYE}
    return ignored


def _make_draw(round_: Round, seed: int) -> tuple[draws.Draw, str]:
    """The round's draw and the name of the system that made it."""
    event, stage = round_.event, round_.stage
    entrants = _entrants(round_)
    before = previous_round(round_)
    if stage.kind == StageKind.ROUND_ROBIN:
        return _round_robin(round_, entrants, seed), StageKind.ROUND_ROBIN
    if stage.kind == StageKind.KNOCKOUT:
        if before is None:
            seeded = sorted(entrants, key=lambda e: (e.seeding is None, e.seeding or 0, -e.points))
            return draws.knockout_draw(seeded, seed=seed, separate_units=event.same_unit != "off"), stage.kind
        return _next_knockout_round(round_, before, entrants, seed), StageKind.KNOCKOUT
    if before is None:
        draw = draws.first_round_draw(
            entrants, seed=seed, method=stage.first_round, same_unit=event.same_unit
        )
        return draw, StageKind.SWISS
    if event.table_movement:
        previous = list(before.matches.all())
        moved = draws.table_movement(
            _pairings(previous), scores=_scores(previous, need_winner=False), seed=seed
        )
        annotated = draws.annotate(moved, entrants)
        relaxed = draws.seating.relaxed_of(annotated, ignore=_ignored(round_, first=False))
        return draws.Draw(pairings=annotated, seed=seed, relaxed=relaxed), "table_movement"
    return draws.swiss_draw(entrants, seed=seed, same_unit=event.same_unit), StageKind.SWISS


def _next_knockout_round(round_: Round, before: Round, entrants, seed: int) -> draws.Draw:
    previous = list(before.matches.all())
    if len(previous) < 2:
        raise Conflict(
            f"{round_.stage.name} is decided: round {before.number} was its final.", "stage_complete"
        )
    scores = _scores(previous, need_winner=True)
    winners = {pair for pair, score in scores.items() if score == 1.0}
    pairings = draws.next_knockout_round(_pairings(previous), winners, seed=seed)
    placed = {pair for p in pairings for pair in p.entrants}
    known = [e for e in entrants if e.id in placed]
    annotated = draws.annotate(pairings, known, floats=False)
    relaxed = draws.seating.relaxed_of(annotated, ignore=_ignored(round_, first=False))
    return draws.Draw(pairings=annotated, seed=seed, relaxed=relaxed)


def _round_robin(round_: Round, entrants: list[draws.Entrant], seed: int) -> draws.Draw:
    """Round ``k`` of the stage is round ``k`` of each group's Berger table.

    The groups are made once, from the pairs of the stage's first round in seed order, so the
    schedule does not move with the results; a pair that withdrew leaves its opponent a bye. Snake
    groups differ by a pair at most, and an even group needs a round fewer than an odd one: the
    pairs of a group that is done sit the last round out (no match, no bye).
    """
    stage = round_.stage
    earlier = Round.objects.filter(stage=stage, number__lt=round_.number).order_by("number")
    index = earlier.count()
    active = {e.id for e in entrants}
    if index == 0:
        members = Pair.objects.filter(pk__in=active)
    else:
        first = earlier.first().matches.all()
        members = Pair.objects.filter(pk__in={pair for m in first for pair in m.pair_ids})
    pairings: list[draws.Pairing] = []
    schedules = [
        draws.berger_schedule(group) for group in draws.snake_groups(_seed_order(members), stage.group_count)
    ]
    if all(index >= len(schedule) for schedule in schedules):
        raise Conflict(f"Every pair of {stage.name} has met every other.", "stage_complete")
    for schedule in schedules:
        if index >= len(schedule):  # a smaller group is done: its pairs wait for the others
            continue
        played, byes = [], []
        for ns, ew in schedule[index]:
            present = [pair for pair in (ns, ew) if pair is not None and pair in active]
            if len(present) == 2:
                played.append((ns, ew))
            elif present:
                byes.append(present[0])
        for ns, ew in [*played, *((pair, None) for pair in byes)]:
            pairings.append(draws.Pairing(table=len(pairings) + 1, ns=ns, ew=ew))
    return draws.Draw(pairings=draws.annotate(pairings, entrants, floats=False), seed=seed)


def _store(round_: Round, pairings, *, best_of: int) -> None:
    """Write the pairings as the round's matches, one row per table.

    Rows are updated in place by table number (a table keeps its match id through edits);
    tables that are gone are deleted and new ones created.
    """
    knockout = round_.stage.kind == StageKind.KNOCKOUT
    existing = {m.table: m for m in round_.matches.all()}
    wanted = {p.table: p for p in pairings}
    round_.matches.exclude(table__in=wanted).delete()
    changed, created = [], []
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
        elif any(getattr(match, name) != value for name, value in fields.items()):
            for name, value in fields.items():
                setattr(match, name, value)
            changed.append(match)
    Match.objects.bulk_update(changed, ["ns_pair_id", "ew_pair_id", "flags", "best_of", "bracket_slot"])
    Match.objects.bulk_create(created)


def _best_of(round_: Round) -> int:
    return round_.stage.best_of if round_.stage.kind == StageKind.KNOCKOUT else 1


@transaction.atomic
def round_draw(*, round_: Round, seed: int | None = None) -> Round:
    """Draw (or redraw) a draft round; the same seed on the same history gives the same draw."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        draw, system = _make_draw(round_, seed)
    except draws.DrawError as exc:
        raise DrawFailed(exc.detail, exc.code) from exc
    _store(round_, draw.pairings, best_of=_best_of(round_))
    round_.draw_seed = seed
    round_.draw_system = system
    ignored = _ignored(round_, first=previous_round(round_) is None)
    round_.relaxed = [entry for entry in draw.relaxed if entry.split(":", 1)[0] not in ignored]
    round_.drawn_at = timezone.now()
    round_.save()
    return round_


def _recheck_and_store(
    round_: Round, pairings: Sequence[draws.Pairing], *, whole_stage: bool = False
) -> Round:
    """Store a hand-edited draft with its flags, and list in ``relaxed`` what the edit gave up.

    A swap or a move only rearranges the pairs of the draw, so the check is over those pairs
    (whatever their status now) and the number of byes the draw had. A table added or removed
    by hand (``whole_stage``) is checked against every pair of the stage: a pair left out is
    ``missing_entrant``, which blocks publishing.
    """
    placed = {pair for p in pairings for pair in p.entrants}
    pairs = Pair.objects.filter(pk__in=placed)
    if whole_stage:
        pairs = list({p.pk: p for p in [*stage_pairs(round_.stage)[0], *pairs]}.values())
    entrants = _entrants(round_, pairs)
    first = previous_round(round_) is None
    ignored = _ignored(round_, first=first)
    floats = round_.stage.kind == StageKind.SWISS and not first
    annotated = draws.annotate(pairings, entrants, floats=floats)
    problems = draws.check_draw(
        annotated,
        entrants,
        same_unit="off" if draws.Flag.SAME_UNIT in ignored else round_.event.same_unit,
        avoid_rematches=draws.Flag.REMATCH not in ignored,
        byes=sum(1 for p in annotated if p.is_bye),
    )
    problems = [p for p in problems if p.split(":", 1)[0] not in ignored]
    _store(round_, annotated, best_of=_best_of(round_))
    round_.relaxed = sorted(set(draws.seating.relaxed_of(annotated, ignore=ignored)) | set(problems))
    round_.save()
    return round_


@transaction.atomic
def round_swap(*, round_: Round, pair_a: int, pair_b: int) -> Round:
    """Hand edit of a draft: two pairs trade places; the draw is re-checked."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    current = _pairings(round_.matches.all())
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
    current = _pairings(round_.matches.all())
    if table not in {p.table for p in current}:
        raise Problem(f"No match at table {table}.", "unknown_table", field="table")
    return _recheck_and_store(round_, draws.move_table(current, table=table, to_table=to_table))


class MatchEdit(Problem):
    default_code = "invalid"


def _check_pairs(round_: Round, ns: int, ew: int | None) -> None:
    for name, pid in (("ns_pair", ns), ("ew_pair", ew)):
        if pid is not None and not Pair.objects.filter(pk=pid, event=round_.event_id).exists():
            raise MatchEdit(f"Pair {pid} is not in this event.", "does_not_exist", field=name)
    if ns == ew:
        raise MatchEdit("A pair cannot play itself.", "self_pairing", field="ew_pair")


@transaction.atomic
def match_create(*, round_: Round, table: int, ns_pair: int, ew_pair: int | None) -> Match:
    """Add a table to a draft round by hand (a bye when ``ew_pair`` is None); the draw is re-checked."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    current = _pairings(round_.matches.all())
    if any(p.table == table for p in current):
        raise MatchEdit(f"Table {table} is taken.", "table_taken", field="table")
    _check_pairs(round_, ns_pair, ew_pair)
    _recheck_and_store(
        round_, [*current, draws.Pairing(table=table, ns=ns_pair, ew=ew_pair)], whole_stage=True
    )
    return round_.matches.get(table=table)


@transaction.atomic
def match_update(*, match: Match, ns_pair: int, ew_pair: int | None) -> Match:
    """Change who plays at a draft table; the draw is re-checked."""
    round_ = _lock(match.round)
    _require(round_, RoundStatus.DRAFT)
    _check_pairs(round_, ns_pair, ew_pair)
    pairings = [
        draws.Pairing(table=p.table, ns=ns_pair, ew=ew_pair) if p.table == match.table else p
        for p in _pairings(round_.matches.all())
    ]
    _recheck_and_store(round_, pairings, whole_stage=True)
    return round_.matches.get(table=match.table)


@transaction.atomic
def match_delete(*, match: Match) -> Round:
    """Remove a draft table; its pairs are unplaced until put back (publishing needs them placed)."""
    round_ = _lock(match.round)
    _require(round_, RoundStatus.DRAFT)
    pairings = [p for p in _pairings(round_.matches.all()) if p.table != match.table]
    return _recheck_and_store(round_, pairings, whole_stage=True)


@transaction.atomic
def round_publish(*, round_: Round) -> Round:
    """Freeze the draft and show it to the tables and the public."""
    round_ = _lock(round_)
    _require(round_, RoundStatus.DRAFT)
    if not round_.matches.exists():
        raise Conflict("Draw the round before publishing it.", "not_drawn")
    broken = sorted(p for p in round_.relaxed if p.split(":", 1)[0] in STRUCTURAL)
    if broken:
        raise Conflict(
            f"The draw is broken: {', '.join(broken)}.", "draw_invalid", extra={"problems": broken}
        )
    placed = {pair for m in round_.matches.all() for pair in m.pair_ids}
    gone = sorted(
        Pair.objects.filter(pk__in=placed).exclude(status=PairStatus.ACTIVE).values_list("number", flat=True)
    )
    if gone:
        raise Conflict(
            f"Pairs {gone} withdrew or were disqualified after the draw; draw the round again.", "draw_stale"
        )
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
