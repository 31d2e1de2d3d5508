"""Benchmark of the pure standings (docs/rules/guandan.md G9, G10): ``python -m bench.standings_pure``.

1,000 pairs × 9 rounds of synthetic confirmed records (4,500 matches, levels and deal tallies,
a few forfeits), scored by ``win_draw_loss`` and ``level_table``, then ranked with a chain of
five tiebreaks. The service's budget is 300 ms for the whole standings, database reads included.
"""

from __future__ import annotations

import random
import statistics
import time

from engine.scoring.methods import DealTally, GameRecord, MatchKind, MatchRecord, build_method
from engine.scoring.ranking import RankingContext, pair_rounds, rank
from engine.seats import Side

CHAIN = ("level_points", "opponents_points", "head_to_head", "progressive", "lots")


def synthetic_records(*, pairs: int, rounds: int, seed: int) -> list[MatchRecord]:
    rng = random.Random(seed)
    records = []
    ids = list(range(1, pairs + 1))
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        for table in range(0, pairs - 1, 2):
            ns, ew = ids[table], ids[table + 1]
            match_id = len(records) + 1
            if rng.random() < 0.01:
                winner = rng.choice((Side.NS, Side.EW))
                records.append(
                    MatchRecord(
                        match_id=match_id, round=number, ns=ns, ew=ew, kind=MatchKind.FORFEIT, winner=winner
                    )
                )
                continue
            ns_level, ew_level = rng.randint(2, 15), rng.randint(2, 15)
            winner = None if ns_level == ew_level else (Side.NS if ns_level > ew_level else Side.EW)
            tally = {
                Side.NS: DealTally(
                    double=rng.randint(0, 4), one_three=rng.randint(0, 4), one_four=rng.randint(0, 4)
                ),
                Side.EW: DealTally(
                    double=rng.randint(0, 4), one_three=rng.randint(0, 4), one_four=rng.randint(0, 4)
                ),
            }
            records.append(
                MatchRecord(
                    match_id=match_id,
                    round=number,
                    ns=ns,
                    ew=ew,
                    winner=winner,
                    games=(GameRecord(ns_level=ns_level, ew_level=ew_level, winner=winner),),
                    tally=tally,
                    finished_at=rng.uniform(0, 7200),
                )
            )
    return records


def standings(records: list[MatchRecord]) -> None:
    rounds = pair_rounds(
        records,
        match_method=build_method({"method": "win_draw_loss"}),
        level_method=build_method({"method": "level_table"}),
    )
    rank(RankingContext(rounds=rounds, seed=2024), chain=CHAIN)


def median_seconds(records: list[MatchRecord], *, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        standings(records)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    records = synthetic_records(pairs=1000, rounds=9, seed=1)
    print(f"standings.pure_1000_pairs_9_rounds_ms: {median_seconds(records, runs=15) * 1000:.1f}")


if __name__ == "__main__":
    main()
