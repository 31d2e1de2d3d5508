"""Benchmark of the Dou Dizhu and Daguai Luzi engines (docs/rules/doudizhu.md D4-D6,
docs/rules/daguai.md K2-K4):
``python -m bench.games``.

As bench/engine.py does for Guandan: 200 deals played out by each game's seeded simulator; every
play in them classified (all readings), every following play compared with the play it had to
beat, and every deal replayed from its wire form, as ``deals/replay`` receives it.
Targets: classification <= 10 us and replay <= 2 ms per deal, medians on the reference machine.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.engine import _per_call_us
from engine.daguai import deal as daguai_deal
from engine.daguai import play as daguai_play
from engine.daguai import readings as daguai_readings
from engine.daguai import simulate as daguai_simulate
from engine.doudizhu import bidding as doudizhu_bidding
from engine.doudizhu import deal as doudizhu_deal
from engine.doudizhu import play as doudizhu_play
from engine.doudizhu import readings as doudizhu_readings
from engine.doudizhu import simulate as doudizhu_simulate

DEALS = 200
SEED = 20240601


@dataclass(frozen=True)
class Engine:
    code: str
    simulate: Callable[..., Any]
    new_state: Callable[[Any], Any]  # a simulated deal -> its DealState at the first play
    readings: Callable[..., Any]
    beats: Callable[[Any, Any], bool]
    validate_play: Callable[..., Any]
    replay_deal: Callable[..., Any]


def _doudizhu_state(deal: doudizhu_simulate.SimulatedDeal) -> doudizhu_deal.DealState:
    bidding = doudizhu_bidding.check_bidding(dealer=deal.dealer, bids=deal.bids, banned=deal.banned)
    return doudizhu_deal.DealState(bidding=bidding, hands=deal.hands, bottom=deal.bottom)


ENGINES = (
    Engine(
        "doudizhu4",
        doudizhu_simulate.simulate_deal,
        _doudizhu_state,
        doudizhu_readings.readings,
        doudizhu_readings.beats,
        doudizhu_play.validate_play,
        doudizhu_deal.replay_deal,
    ),
    Engine(
        "daguai",
        daguai_simulate.simulate_deal,
        lambda deal: daguai_deal.DealState(hands=deal.hands, dealer=deal.dealer),
        daguai_readings.readings,
        daguai_readings.beats,
        daguai_play.validate_play,
        daguai_deal.replay_deal,
    ),
)


def _samples(engine: Engine, deals: list[Any]) -> tuple[list[tuple], list[tuple]]:
    plays, comparisons = [], []
    for deal in deals:
        state = engine.new_state(deal)
        for action in deal.actions:
            last = state.last_play if action.cards else None
            entry = state.apply(action)
            if action.cards:
                plays.append(action.cards)
                if last is not None:
                    comparisons.append((entry.reading, last[1]))
    return plays, comparisons


def run(engine: Engine) -> None:
    rng = random.Random(SEED)
    deals = [engine.simulate(rng=rng) for _ in range(DEALS)]
    plays, comparisons = _samples(engine, deals)

    classify = _per_call_us([lambda c=cards: engine.readings(c) for cards in plays])
    multi = [t for t, cards in zip(classify, plays, strict=True) if len(cards) >= 5]
    compare = _per_call_us([lambda a=a, b=b: engine.beats(a, b) for a, b in comparisons])
    codes = [[c.code for c in cards] for cards in plays[:2000]]
    validate = _per_call_us([lambda c=c: engine.validate_play(c) for c in codes])

    replay_ms = []
    gc.collect()  # start from a clean heap; collections during the run still count
    for request in (deal.request() for deal in deals):
        start = time.perf_counter()
        result = engine.replay_deal(**request)
        replay_ms.append((time.perf_counter() - start) * 1000)
        assert result.valid and result.finished

    name = engine.code
    print(f"{name}.plays_sampled: {len(plays)}")
    print(f"{name}.classify_us_median: {statistics.median(classify):.2f}")
    print(f"{name}.classify_5plus_cards_us_median: {statistics.median(multi):.2f}")
    print(f"{name}.classify_us_p99: {statistics.quantiles(classify, n=100)[98]:.2f}")
    print(f"{name}.compare_us_median: {statistics.median(compare):.2f}")
    print(f"{name}.validate_play_us_median: {statistics.median(validate):.2f}")
    print(f"{name}.actions_per_deal_median: {statistics.median(len(d.actions) for d in deals):.0f}")
    print(f"{name}.replay_ms_median: {statistics.median(replay_ms):.3f}")
    print(f"{name}.replay_ms_p95: {statistics.quantiles(replay_ms, n=20)[18]:.3f}")


def main() -> None:
    for engine in ENGINES:
        run(engine)


if __name__ == "__main__":
    main()
