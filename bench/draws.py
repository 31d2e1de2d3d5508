"""Benchmark of the Swiss draw (docs/rules/guandan.md G11): ``python -m bench.draws``.

Histories are realistic: a seeded first round, then Swiss rounds drawn by ``swiss_draw``
itself, with random results scored 2 / 1 / 0 (G9 ``win_draw_loss``), the bye as a win and units
of about 12 pairs. National fields (1,000 / 5,000 / 10,000 pairs) time rounds 1, 2 and 3 and
print how the time grows from 1,000 to 10,000 pairs (n log n would be 13.3 times). These are
one run each, on whatever else the machine is doing.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from tournaments.draws import Draw, Entrant, first_round_draw, swiss_draw

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


if __name__ == "__main__":
    main()
