"""Properties of the G10 standings over random events: the order of the records does not matter,
and the rows are consistent (ranks non-decreasing, numbered 1, 2, 2, 4, ``decided_by`` set
exactly between rows of different ranks).

Covers engine/scoring/ranking (``pair_rounds``, ``rank``) with engine/scoring/methods.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scoring.methods import METHODS, DealTally, GameRecord, MatchKind, MatchRecord, build_method
from engine.scoring.ranking import METRICS, RankingContext, StandingRow, pair_rounds, rank
from engine.seats import Side

KINDS = [MatchKind.PLAYED] * 8 + [MatchKind.FORFEIT, MatchKind.WITHDRAWAL]


@st.composite
def events(draw) -> list[MatchRecord]:
    """A Swiss-like event: every round the pairs are shuffled into tables, the odd one out has a bye."""
    pairs = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 4))
    rng = random.Random(draw(st.integers(0, 2**32)))
    records: list[MatchRecord] = []
    for number in range(1, rounds + 1):
        ids = list(range(1, pairs + 1))
        rng.shuffle(ids)
        if len(ids) % 2:
            records.append(
                MatchRecord(
                    match_id=len(records) + 1, round=number, ns=ids.pop(), ew=None, kind=MatchKind.BYE
                )
            )
        for ns, ew in zip(ids[::2], ids[1::2], strict=True):
            records.append(_match(rng, len(records) + 1, number, ns, ew))
    return records


def _match(rng: random.Random, match_id: int, number: int, ns: int, ew: int) -> MatchRecord:
    kind = rng.choice(KINDS)
    if kind is not MatchKind.PLAYED:
        winner = rng.choice([Side.NS, Side.EW, None])
        return MatchRecord(match_id=match_id, round=number, ns=ns, ew=ew, kind=kind, winner=winner)
    games = tuple(
        GameRecord(ns_level=a, ew_level=b, winner=None if a == b else Side.NS if a > b else Side.EW)
        for a, b in ((rng.randint(2, 15), rng.randint(2, 15)) for _ in range(rng.choice([1, 1, 3])))
    )
    net = sum(game.ns_level - game.ew_level for game in games)
    winner = None if net == 0 and rng.random() < 0.5 else (Side.NS if net >= 0 else Side.EW)
    tally = {side: DealTally(double=rng.randint(0, 2), one_three=rng.randint(0, 2)) for side in Side}
    return MatchRecord(
        match_id=match_id,
        round=number,
        ns=ns,
        ew=ew,
        winner=winner,
        games=games,
        tally=tally if rng.random() < 0.8 else None,
        finished_at=rng.choice([None, float(rng.randint(0, 5))]),
    )


def standings(records, *, match_method, level_method, chain, shared_places, seed) -> list[StandingRow]:
    rounds = pair_rounds(records, match_method=match_method, level_method=level_method)
    return rank(RankingContext(rounds=rounds, seed=seed), chain=chain, shared_places=shared_places)


common = dict(
    records=events(),
    match_key=st.sampled_from(sorted(METHODS)),
    level_key=st.sampled_from(sorted(METHODS)),
    chain=st.lists(st.sampled_from(sorted(METRICS)), unique=True, max_size=5),
    shared_places=st.booleans(),
    seed=st.integers(0, 2**63),
)


@settings(max_examples=150, deadline=None)
@given(**common, order=st.randoms(use_true_random=False))
def test_g10_ranking_does_not_depend_on_the_order_of_the_records(
    records, match_key, level_key, chain, shared_places, seed, order
):
    methods = {
        "match_method": build_method({"method": match_key}),
        "level_method": build_method({"method": level_key}),
    }
    shuffled = records[:]
    order.shuffle(shuffled)
    options = {"chain": chain, "shared_places": shared_places, "seed": seed}
    assert standings(shuffled, **methods, **options) == standings(records, **methods, **options)


@settings(max_examples=150, deadline=None)
@given(**common)
def test_g10_ranks_are_consistent(records, match_key, level_key, chain, shared_places, seed):
    methods = {
        "match_method": build_method({"method": match_key}),
        "level_method": build_method({"method": level_key}),
    }
    rows = standings(records, **methods, chain=chain, shared_places=shared_places, seed=seed)
    ranks = [row.rank for row in rows]
    assert ranks == sorted(ranks)
    assert [row.match_points for row in rows] == sorted((row.match_points for row in rows), reverse=True)
    for index, row in enumerate(rows):
        tied_with_next = index + 1 < len(rows) and rows[index + 1].rank == row.rank
        assert row.rank == index + 1 or rows[index - 1].rank == row.rank  # 1, 2, 2, 4
        assert (row.decided_by is None) == (tied_with_next or index == len(rows) - 1)
        assert row.shared == (tied_with_next or (index > 0 and rows[index - 1].rank == row.rank))
        assert row.played == row.wins + row.draws + row.losses
    if not shared_places or "lots" in chain:
        assert ranks == list(range(1, len(rows) + 1))
