"""Making a round's draw from the database (docs/guandan.md G11).

The draw algorithms are pure (tournaments.draws); this module turns the stage's pairs and
their history into entrants, picks the stage's draw system and calls it. rounds.py stores
what it returns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from core.problems import Conflict
from scoring.selectors.standings import pair_points
from tournaments import draws
from tournaments.models import Event, Match, MatchStatus, Pair, Round, StageKind
from tournaments.selectors import histories, previous_round, stage_pairs

# ``relaxed`` entries whose detail is a table number or a count, not pairs.
NOT_PAIRS = {draws.Problem.DUPLICATE_TABLE, draws.Problem.TWO_BYES}
_PAIR_ID = re.compile(r"\b([Pp]air) (\d+)\b")


def _numbers(event: Event, ids: Iterable[int]) -> dict[int, int]:
    return dict(Pair.objects.filter(event=event, pk__in=set(ids)).values_list("pk", "number"))


def numbered(event: Event, entries: Iterable[str]) -> list[str]:
    """``relaxed`` entries as the API shows them: ``"<flag>:<n>-<n>"`` by pair number (对号), sorted.

    The draws work on pair ids; people read pair numbers, so the ids become numbers where a draw
    or an edit is stored.
    """
    parsed = []
    for entry in entries:
        code, _, detail = entry.partition(":")
        ids = [int(pid) for pid in detail.split("-")] if detail and code not in NOT_PAIRS else []
        parsed.append((entry, code, ids))
    numbers = _numbers(event, (pid for _, _, ids in parsed for pid in ids))
    named = {
        f"{code}:{'-'.join(str(n) for n in sorted(numbers.get(pid, pid) for pid in ids))}" if ids else entry
        for entry, code, ids in parsed
    }
    return sorted(named)


def name_pairs(event: Event, text: str) -> str:
    """A draw's message (``"pair 12 did not play this round"``) with pair numbers for the ids."""
    numbers = _numbers(event, (int(pid) for _, pid in _PAIR_ID.findall(text)))
    return _PAIR_ID.sub(lambda m: f"{m[1]} {numbers.get(int(m[2]), m[2])}", text)


def stage_entrants(round_: Round, pairs: Iterable[Pair] | None = None) -> list[draws.Entrant]:
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


def pairings_of(matches: Iterable[Match]) -> list[draws.Pairing]:
    return [draws.Pairing(table=m.table, ns=m.ns_pair_id, ew=m.ew_pair_id) for m in matches]


def _scores(round_: Round, matches: Sequence[Match], *, need_winner: bool) -> dict[int, float]:
    """Each pair's score in a finished round: its match points there (G9), or in a knockout 1 for
    the winner and 0 for the loser (a bye: 1).

    Only confirmed results count (G10); a knockout needs a winner at every table (G8).
    """
    pending = sorted(
        m.table
        for m in matches
        if not m.is_bye and (m.status != MatchStatus.CONFIRMED or (need_winner and m.winner_id is None))
    )
    if pending:
        raise Conflict(f"The previous round has no confirmed winner at tables {pending}.", "results_pending")
    if not need_winner:
        return pair_points(round_.event, only=round_.number)
    scores: dict[int, float] = {}
    for m in matches:
        if m.is_bye:
            scores[m.ns_pair_id] = 1.0
        else:
            loser = m.ew_pair_id if m.winner_id == m.ns_pair_id else m.ns_pair_id
            scores[m.winner_id], scores[loser] = 1.0, 0.0
    return scores


def ignored_flags(round_: Round, *, first: bool) -> set[str]:
    """Flags that the round's draw system does not treat as a relaxed constraint."""
    kind = round_.stage.kind
    ignored = {draws.Flag.SAME_UNIT, draws.Flag.SAME_HALF} if round_.event.same_unit == "off" else set()
    if kind == StageKind.ROUND_ROBIN:  # a group meets in full, whatever the history or the units
        return {draws.Flag.REMATCH, draws.Flag.REPEAT_BYE, draws.Flag.SAME_UNIT}
    if kind == StageKind.KNOCKOUT or first:
        ignored |= {draws.Flag.REMATCH, draws.Flag.REPEAT_BYE}
    return ignored


def draws_whole_stage(round_: Round) -> bool:
    """Whether the round's draw places every active pair of its stage.

    True of a stage's first round and of Swiss rounds; not of the rounds that follow the first
    by its results or its schedule: a knockout's (the winners), a round robin's (the groups of the
    first round) and table movement (the pairs of the round before).
    """
    if previous_round(round_) is None:
        return True
    return round_.stage.kind == StageKind.SWISS and not round_.event.table_movement


def make_draw(round_: Round, seed: int) -> tuple[draws.Draw, str]:
    """The round's draw and the name of the system that made it."""
    event, stage = round_.event, round_.stage
    entrants = stage_entrants(round_)
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
            pairings_of(previous), scores=_scores(before, previous, need_winner=False), seed=seed
        )
        annotated = draws.annotate(moved, entrants)
        relaxed = draws.relaxed_of(annotated, ignore=ignored_flags(round_, first=False))
        return draws.Draw(pairings=annotated, seed=seed, relaxed=relaxed), "table_movement"
    return draws.swiss_draw(entrants, seed=seed, same_unit=event.same_unit), StageKind.SWISS


def _next_knockout_round(round_: Round, before: Round, entrants, seed: int) -> draws.Draw:
    previous = list(before.matches.all())
    if len(previous) < 2:
        raise Conflict(
            f"{round_.stage.name} is decided: round {before.number} was its final.", "stage_complete"
        )
    scores = _scores(before, previous, need_winner=True)
    winners = {pair for pair, score in scores.items() if score == 1.0}
    pairings = draws.next_knockout_round(pairings_of(previous), winners, seed=seed)
    placed = {pair for p in pairings for pair in p.entrants}
    known = [e for e in entrants if e.id in placed]
    annotated = draws.annotate(pairings, known, floats=False)
    relaxed = draws.relaxed_of(annotated, ignore=ignored_flags(round_, first=False))
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
