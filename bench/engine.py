"""Benchmark of the Guandan rules engine (docs/rules/guandan.md G3-G5): ``python -m bench.engine``.

The sample is realistic and fixed: 200 deals played out by the seeded simulator. Every play
in them is classified (all readings), every following play compared with the play it had to
beat, and every deal replayed from its wire form, as ``deals/replay`` receives it.
Targets: classification <= 10 us and replay <= 2 ms per deal, medians on the reference machine.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable

from engine.guandan.combinations import validate_play
from engine.guandan.compare import beats
from engine.guandan.deal import DealState, replay_deal
from engine.guandan.readings import readings
from engine.guandan.simulate import SimulatedDeal, simulate_deal

DEALS = 200
SEED = 20240601
REPEAT = 10  # calls per timing, so the clock's own cost stays small next to a microsecond


def _per_call_us(calls: list[Callable[[], object]]) -> list[float]:
    times = []
    for call in calls:
        start = time.perf_counter_ns()
        for _ in range(REPEAT):
            call()
        times.append((time.perf_counter_ns() - start) / REPEAT / 1000)
    return times


def _samples(deals: list[SimulatedDeal]):
    plays, comparisons = [], []
    for deal in deals:
        state = DealState(level=deal.level, hands=deal.hands, leader=deal.leader)
        for action in deal.actions:
            if action.cards:
                plays.append((action.cards, deal.level))
                last = state.last_play
                entry = state.apply(action)
                if last is not None:
                    comparisons.append((entry.reading, last[1], deal.level))
            else:
                state.apply(action)
    return plays, comparisons


def main() -> None:
    rng = random.Random(SEED)
    deals = [simulate_deal(rng=rng) for _ in range(DEALS)]
    plays, comparisons = _samples(deals)

    classify = _per_call_us([lambda c=cards, lv=level: readings(c, lv) for cards, level in plays])
    multi = [t for t, (cards, _) in zip(classify, plays, strict=True) if len(cards) >= 5]
    compare = _per_call_us([lambda a=a, b=b, lv=lv: beats(a, b, lv) for a, b, lv in comparisons])
    codes = [([c.code for c in cards], level) for cards, level in plays[:2000]]
    validate = _per_call_us([lambda c=c, lv=lv: validate_play(c, level=lv) for c, lv in codes])

    replay_ms = []
    gc.collect()  # start from a clean heap; collections during the run still count
    for request in (deal.request() for deal in deals):
        start = time.perf_counter()
        result = replay_deal(**request)
        replay_ms.append((time.perf_counter() - start) * 1000)
        assert result.valid and result.finished

    print(f"engine.plays_sampled: {len(plays)}")
    print(f"engine.classify_us_median: {statistics.median(classify):.2f}")
    print(f"engine.classify_5plus_cards_us_median: {statistics.median(multi):.2f}")
    print(f"engine.classify_us_p99: {statistics.quantiles(classify, n=100)[98]:.2f}")
    print(f"engine.compare_us_median: {statistics.median(compare):.2f}")
    print(f"engine.validate_play_us_median: {statistics.median(validate):.2f}")
    print(f"engine.actions_per_deal_median: {statistics.median(len(d.actions) for d in deals):.0f}")
    print(f"engine.replay_ms_median: {statistics.median(replay_ms):.3f}")
    print(f"engine.replay_ms_p95: {statistics.quantiles(replay_ms, n=20)[18]:.3f}")


if __name__ == "__main__":
    main()
