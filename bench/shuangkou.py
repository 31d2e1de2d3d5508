"""Benchmark of the Shuangkou engine (docs/rules/shuangkou.md S4-S5): ``python -m bench.shuangkou``.

As bench/engine.py does for Guandan: 200 deals played out by the seeded simulator. Every play in
them is cut into units (``decompose``); every follow is checked against its lead and the hand it
came from (``check_follow`` and the trick's winner, the rule core of a play check), and put to
``validate_play`` in its wire form with the hand and the trick so far; every deal is replayed from
its wire form, as ``deals/replay`` receives it.
Targets (Guandan's): <= 10 us median per play check and <= 2 ms per deal replay, on the reference machine.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from typing import Any

from bench.engine import _per_call_us
from engine.shuangkou.deal import replay_deal
from engine.shuangkou.play import validate_play
from engine.shuangkou.shapes import decompose
from engine.shuangkou.simulate import simulate_deal
from engine.shuangkou.tricks import check_follow, contest

DEALS = 200
SEED = 20240601
LEVELS = (2, 5, 7, 10, 11, 13, 14, 15)  # the no-trump deal too


def _samples(deals: list[Any]) -> tuple[list, list, list]:
    """Every play (cards, table); every follow (hand, cards, lead, standing, index, table); and up to
    2000 follows as ``plays/validate`` questions."""
    plays, follows, questions = [], [], []
    for deal in deals:
        state = deal.state()
        table = state.table
        trump = table.suit.value if table.suit else None
        for trick in deal.tricks:
            for play in trick:
                plays.append((play.cards, table))
                if state.lead is not None:
                    hand = dict(state.counts(play.seat))
                    follows.append((hand, play.cards, state.lead, state.standing, len(state.trick), table))
                    if len(questions) < 2000:
                        questions.append(
                            {
                                "cards": [c.code for c in play.cards],
                                "hand": [c.code for c, n in hand.items() for _ in range(n)],
                                "trick": [[c.code for c in p.cards] for p in state.trick],
                                "level": table.level,
                                "trump": trump,
                            }
                        )
                state.play(play)
    return plays, follows, questions


def run() -> None:
    rng = random.Random(SEED)
    deals = [simulate_deal(rng=rng, level=rng.choice(LEVELS)) for _ in range(DEALS)]
    plays, follows, questions = _samples(deals)

    cut = _per_call_us([lambda c=cards, t=table: decompose(c, t) for cards, table in plays])
    multi = [t for t, (cards, _) in zip(cut, plays, strict=True) if len(cards) >= 2]

    def check(hand, cards, lead, standing, index, table):
        check_follow(hand, cards, lead, table)
        return contest(standing, index, cards, lead, table)

    core = _per_call_us([lambda f=follow: check(*f) for follow in follows])
    multi_follow = [t for t, f in zip(core, follows, strict=True) if len(f[1]) >= 2]
    validate = _per_call_us(
        [
            lambda q=q: validate_play(q["cards"], **{k: v for k, v in q.items() if k != "cards"})
            for q in questions
        ]
    )

    replay_ms = []
    gc.collect()  # start from a clean heap; collections during the run still count
    for request in (deal.request() for deal in deals):
        start = time.perf_counter()
        result = replay_deal(**request)
        replay_ms.append((time.perf_counter() - start) * 1000)
        assert result.valid and result.finished

    print(f"shuangkou.plays_sampled: {len(plays)}")
    print(f"shuangkou.follows_sampled: {len(follows)}")
    print(f"shuangkou.decompose_us_median: {statistics.median(cut):.2f}")
    print(f"shuangkou.decompose_2plus_cards_us_median: {statistics.median(multi):.2f}")
    print(f"shuangkou.play_check_us_median: {statistics.median(core):.2f}")
    print(f"shuangkou.play_check_2plus_cards_us_median: {statistics.median(multi_follow):.2f}")
    print(f"shuangkou.play_check_us_p99: {statistics.quantiles(core, n=100)[98]:.2f}")
    print(f"shuangkou.validate_play_us_median: {statistics.median(validate):.2f}")
    print(f"shuangkou.plays_per_deal_median: {statistics.median(sum(map(len, d.tricks)) for d in deals):.0f}")
    print(f"shuangkou.replay_ms_median: {statistics.median(replay_ms):.3f}")
    print(f"shuangkou.replay_ms_p95: {statistics.quantiles(replay_ms, n=20)[18]:.3f}")


def main() -> None:
    run()


if __name__ == "__main__":
    main()
