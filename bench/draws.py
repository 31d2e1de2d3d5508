"""Benchmark of the Swiss draw (docs/rules/guandan.md G11): ``python -m bench.draws``.

Histories are realistic: a seeded first round, then Swiss rounds drawn by ``swiss_draw``
itself, with random results scored 2 / 1 / 0 (G9 ``win_draw_loss``), the bye as a win and units
of about 12 pairs. National fields (1,000 / 5,000 / 10,000 pairs) time rounds 1, 2 and 3 and
print how the time grows from 1,000 to 10,000 pairs (n log n would be 13.3 times). The
``fallback_`` cases are rounds the blocks cannot prove as good as one matching over the whole field
(``tournaments/draws/blocks.py``): a random first round where one unit holds every fifth pair and a
seeded first round of 50 units where every ideal meeting is inside a unit, both still drawn in one
matching, and a ninth round of three units whose score groups cannot all pair off without extra
floats, now drawn run by run (``tournaments/draws/runs.py``), and a fourth round where one unit
holds every other pair (issue 38, at 680 pairs, where the round is proved the best of every
possible draw, and 1,000 pairs only). They are timed at 1,000 and 5,000
pairs, and at 10,000 only with ``BENCH_DRAWS_LARGE=1`` (the first rounds take minutes there). These
are one run each, on whatever else the machine is doing.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import replace

from tournaments.draws import Draw, Entrant, Pairing, first_round_draw, swiss_draw

WIN, DRAW, LOSS = 2.0, 1.0, 0.0
UNIT_SIZE = 12
# Field sizes of the national-event timings (docs/deploy.md).
NATIONAL = (1000, 5000, 10000)


def simulate(*, pairs: int, rounds: int, seed: int) -> list[Entrant]:
    """Entrants after ``rounds`` rounds of a simulated event, in standings order."""
    rng = random.Random(seed)
    entrants = [Entrant(id=n, seeding=n + 1, unit=n % (pairs // UNIT_SIZE + 1)) for n in range(pairs)]
    for number in range(rounds):
        if number == 0:
            draw = first_round_draw(entrants, seed=seed, method="seeded")
        else:
            draw = swiss_draw(entrants, seed=seed + number)
        entrants = _play(entrants, draw, rng)
    return sorted(entrants, key=lambda entrant: -entrant.points)


def national(*, pairs: int, rounds: int = 3, seed: int = 1) -> list[float]:
    """Seconds to draw each of the first ``rounds`` rounds of a ``pairs``-pair event."""
    rng = random.Random(seed)
    entrants = [Entrant(id=n, seeding=n + 1, unit=n % (pairs // UNIT_SIZE + 1)) for n in range(pairs)]
    times = []
    for number in range(rounds):
        start = time.perf_counter()
        if number == 0:
            draw = first_round_draw(entrants, seed=seed, method="seeded")
        else:
            draw = swiss_draw(sorted(entrants, key=lambda entrant: -entrant.points), seed=seed + number)
        times.append(time.perf_counter() - start)
        entrants = _play(entrants, draw, rng)
    return times


def fallback_field(case: str, *, pairs: int, seed: int = 1) -> list[Entrant]:
    """A field whose round the blocks alone could not prove (docs/deploy.md "Draw times")."""
    if case == "first_round_unit_fifth":
        # One unit holds every fifth pair, the others about 12.
        others = pairs // UNIT_SIZE + 1
        return [Entrant(id=n, unit=0 if n % 5 == 0 else 1 + n % others) for n in range(pairs)]
    if case == "first_round_50_units":
        # 50 units of pairs / 50, seeded so that every ideal meeting (1 v N/2+1, ...) is inside one.
        return [Entrant(id=n, seeding=n + 1, unit=n % 50) for n in range(pairs)]
    if case == "round_9_3_units":
        # Three units of a third each; eight rounds played quickly, then the ninth drawn.
        return _quick_history(pairs=pairs, rounds=8, units=3, seed=seed)
    if case == "round_4_half_unit":
        # Issue 38's shape: one unit holds every other pair, the rest units of about 12.
        return _quick_history(pairs=pairs, rounds=3, units=3, seed=seed, half=True)
    raise ValueError(case)


def _quick_history(*, pairs: int, rounds: int, units: int, seed: int, half: bool = False) -> list[Entrant]:
    # Rounds paired greedily down the standings (no matching: the history only has to look like
    # a Swiss event's, with score groups and old opponents), with random results.
    rng = random.Random(seed)
    entrants = [
        Entrant(
            id=n, seeding=n + 1, unit=(0 if n % 2 == 0 else 1 + n // (2 * UNIT_SIZE)) if half else n % units
        )
        for n in range(pairs)
    ]
    for _ in range(rounds):
        order = sorted(entrants, key=lambda entrant: (-entrant.points, rng.random()))
        free = list(order)
        pairings = []
        while len(free) > 1:
            first = free.pop(0)
            k = next((k for k, other in enumerate(free[:20]) if not first.has_met(other)), 0)
            pairings.append(Pairing(table=len(pairings) + 1, ns=first.id, ew=free.pop(k).id))
        if free:
            pairings.append(Pairing(table=len(pairings) + 1, ns=free[0].id))
        entrants = _play(entrants, Draw(pairings=tuple(pairings), seed=seed), rng)
    return sorted(entrants, key=lambda entrant: -entrant.points)


def fallback(case: str, *, pairs: int) -> float:
    """Seconds to draw the round of ``fallback_field``."""
    field = fallback_field(case, pairs=pairs)
    start = time.perf_counter()
    if case == "first_round_unit_fifth":
        first_round_draw(field, seed=1, method="random")
    elif case == "first_round_50_units":
        first_round_draw(field, seed=1, method="seeded")
    else:
        swiss_draw(field, seed=9)
    return time.perf_counter() - start


FALLBACK_CASES = ("first_round_unit_fifth", "first_round_50_units", "round_9_3_units", "round_4_half_unit")
# Field sizes of the fallback timings: 10,000 pairs only on request (BENCH_DRAWS_LARGE=1).
LARGE = os.environ.get("BENCH_DRAWS_LARGE") == "1"
FALLBACK_PAIRS = NATIONAL if LARGE else NATIONAL[:2]


def _play(entrants: list[Entrant], draw: Draw, rng: random.Random) -> list[Entrant]:
    by_id = {entrant.id: entrant for entrant in entrants}
    for pairing in draw.pairings:
        ns = by_id[pairing.ns]
        if pairing.ew is None:
            by_id[ns.id] = replace(ns, points=ns.points + WIN, had_bye=True)
            continue
        ew = by_id[pairing.ew]
        outcome = rng.choices([(WIN, LOSS), (DRAW, DRAW), (LOSS, WIN)], weights=[45, 10, 45])[0]
        by_id[ns.id] = replace(
            ns, points=ns.points + outcome[0], opponents=ns.opponents | {ew.id}, ns_count=ns.ns_count + 1
        )
        by_id[ew.id] = replace(
            ew, points=ew.points + outcome[1], opponents=ew.opponents | {ns.id}, ew_count=ew.ew_count + 1
        )
    return list(by_id.values())


def _median_seconds(entrants: list[Entrant], *, runs: int) -> float:
    times = []
    for run in range(runs):
        start = time.perf_counter()
        swiss_draw(entrants, seed=1000 + run)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    large = simulate(pairs=1000, rounds=8, seed=1)
    print(f"draws.swiss_1000_pairs_8_rounds_s: {_median_seconds(large, runs=3):.3f}")
    small = simulate(pairs=64, rounds=8, seed=2)
    print(f"draws.swiss_64_pairs_ms: {_median_seconds(small, runs=11) * 1000:.1f}")
    timed = {}
    for pairs in NATIONAL:
        timed[pairs] = national(pairs=pairs)
        for number, seconds in enumerate(timed[pairs], start=1):
            print(f"draws.national_{pairs}_pairs_round_{number}_s: {seconds:.2f}")
    low, high = NATIONAL[0], NATIONAL[-1]
    for number in range(len(timed[low])):
        growth = timed[high][number] / timed[low][number]
        print(f"draws.national_growth_{low}_to_{high}_round_{number + 1}: {growth:.1f}")
    for case in FALLBACK_CASES:
        # The half-unit round is timed at 1,000 pairs only unless asked (minutes beyond).
        sizes = FALLBACK_PAIRS if case != "round_4_half_unit" or LARGE else FALLBACK_PAIRS[:1]
        if case == "round_4_half_unit":
            # Issue 38's size: up to 700 pairs the round is proved the best of every draw.
            sizes = (680, *sizes)
        for pairs in sizes:
            print(f"draws.fallback_{case}_{pairs}_pairs_s: {fallback(case, pairs=pairs):.2f}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
