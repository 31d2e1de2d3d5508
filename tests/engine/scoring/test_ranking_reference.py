"""The standings' faster code gives exactly the answers of the code it replaced (issue 21).

``pair_rounds``, ``RankingContext``'s totals, every tiebreak metric and ``rank`` were rewritten for
speed (docs/scoring.md "Standings"); ``tests/engine/scoring/reference`` keeps a frozen copy of the
code before that work. Over random small events — byes, forfeits, withdrawals, awarded matches,
best of three, recorded deals or not, point games' first-outs, referees' penalty points — with
every scoring method, every tiebreak and both ways of settling ties, both give equal values of the
same types (an ``int`` stays an ``int``: the JSON shows ``2``, not ``2.0``).

Covers engine/scoring/ranking (``pair_rounds``, ``RankingContext``, ``METRICS``, ``rank``) and
``MatchRecord.net_levels`` / ``cumulative_levels`` of engine/scoring/methods/records.py.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scoring.methods import METHODS, DealTally, GameRecord, MatchKind, MatchRecord, build_method
from engine.scoring.ranking import METRICS, RankingContext, pair_rounds, rank
from engine.scoring.ranking.rank import _split
from engine.seats import Side
from tests.engine.scoring.reference import entries as old_entries
from tests.engine.scoring.reference import metrics as old_metrics
from tests.engine.scoring.reference import rank as old_rank

#: The tiebreaks the frozen reference knows: a tiebreak added since (docs/index.md "How to add … a
#: tiebreak") has no reference to agree with, and is tested on its own
#: (tests/engine/scoring/test_ranking_metrics.py); the reference is never edited for it.
REFERENCE = sorted(old_metrics.METRICS)
KINDS = [MatchKind.PLAYED] * 6 + [MatchKind.FORFEIT, MatchKind.WITHDRAWAL, MatchKind.AWARDED]


@st.composite
def events(draw) -> list[MatchRecord]:
    """Rounds of shuffled tables; the odd pair out has a bye, and a pair may sit a round out."""
    pairs = draw(st.integers(1, 10))
    rounds = draw(st.integers(0, 5))
    rng = random.Random(draw(st.integers(0, 2**32)))
    records: list[MatchRecord] = []
    for number in range(1, rounds + 1):
        ids = [pair for pair in range(1, pairs + 1) if rng.random() > 0.1]
        rng.shuffle(ids)
        if len(ids) % 2:
            records.append(
                MatchRecord(
                    match_id=len(records) + 1, round=number, ns=ids.pop(), ew=None, kind=MatchKind.BYE
                )
            )
        for ns, ew in zip(ids[::2], ids[1::2], strict=True):
            records.append(_match(rng, len(records) + 1, number, ns, ew))
    rng.shuffle(records)
    return records


def _match(rng: random.Random, match_id: int, number: int, ns: int, ew: int) -> MatchRecord:
    kind = rng.choice(KINDS)
    if kind is not MatchKind.PLAYED:
        return MatchRecord(
            match_id=match_id, round=number, ns=ns, ew=ew, kind=kind, winner=rng.choice([*Side, None])
        )
    games = tuple(
        GameRecord(
            ns_level=a,
            ew_level=b,
            winner=None if a == b else Side.NS if a > b else Side.EW,
            on_time=rng.random() < 0.3,
        )
        for a, b in ((rng.randint(2, 15), rng.randint(2, 15)) for _ in range(rng.choice([0, 1, 1, 3])))
    )
    net = sum(game.ns_level - game.ew_level for game in games)
    winner = None if net == 0 and rng.random() < 0.5 else (Side.NS if net >= 0 else Side.EW)
    tally = {
        side: DealTally(double=rng.randint(0, 2), one_three=rng.randint(0, 2), one_four=rng.randint(0, 1))
        for side in Side
        if rng.random() < 0.9
    }
    points = rng.random() < 0.2
    return MatchRecord(
        match_id=match_id,
        round=number,
        ns=ns,
        ew=ew,
        winner=winner,
        games=games,
        tally=tally if rng.random() < 0.8 else None,
        finished_at=rng.choice([None, float(rng.randint(0, 5))]),
        extra={"deals_played": rng.randint(0, 12)},
        points={side: rng.choice([0, 5, 12.5, 40]) for side in Side} if points else None,
        first_outs={side: rng.randint(0, 6) for side in Side} if points else None,
    )


def _typed(value):
    """A value with its type, so that 2 and 2.0 (or True and 1) are told apart."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_typed(item) for item in value]
    return (type(value).__name__, value)


def _rows(rows) -> list:
    return _typed([dataclasses.asdict(row) for row in rows])


common = dict(
    records=events(),
    match_key=st.sampled_from(sorted(METHODS)),
    level_key=st.sampled_from(sorted(METHODS)),
    chain=st.lists(st.sampled_from(REFERENCE), unique=True, max_size=6),
    shared_places=st.booleans(),
    seed=st.integers(0, 2**63),
    bye=st.sampled_from(["zero", "own"]),
    forfeit=st.sampled_from(["opponent", "zero", "own"]),
    penalties=st.dictionaries(st.integers(1, 10), st.sampled_from([-2, -1.5, 1, 0.5]), max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(**common)
def test_g10_standings_are_those_of_the_reference(
    records, match_key, level_key, chain, shared_places, seed, bye, forfeit, penalties
):
    methods = {
        "match_method": build_method({"method": match_key}),
        "level_method": build_method({"method": level_key}),
    }
    pairs = range(1, 11)
    new_rounds = pair_rounds(records, **methods, pairs=pairs)
    old_rounds = old_entries.pair_rounds(records, **methods, pairs=pairs)
    assert list(new_rounds) == list(old_rounds)  # the same pairs, in the same order
    assert _typed(new_rounds) == _typed(old_rounds)

    options = {"seed": seed, "bye_in_opponents": bye, "forfeit_in_opponents": forfeit}
    new = RankingContext(rounds=new_rounds, penalty_points=penalties, **options)
    old = old_entries.RankingContext(rounds=old_rounds, penalty_points=penalties, **options)
    assert _typed(new.match_points) == _typed(old.match_points)
    assert new.round_numbers == old.round_numbers
    for key in REFERENCE:
        if key != "lots":
            assert _typed(METRICS[key]().values(new)) == _typed(old_metrics.METRICS[key]().values(old)), key

    ranked = rank(new, chain=chain, shared_places=shared_places)
    assert _rows(ranked) == _rows(old_rank.rank(old, chain=chain, shared_places=shared_places))


def test_every_tiebreak_of_the_reference_is_still_registered():
    assert set(REFERENCE) <= set(METRICS)


@settings(max_examples=200, deadline=None)
@given(records=events())
def test_g8_level_sums_are_those_of_the_reference(records):
    for record in records:
        for side in Side:
            assert record.net_levels(side) == sum(
                game.level(side) - game.level(side.other) for game in record.games
            )
            assert record.cumulative_levels(side) == sum(game.level(side) - 2 for game in record.games)


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.one_of(st.none(), st.integers(-3, 3), st.sampled_from([0.5, 1.5, -0.5])), max_size=12),
    ascending=st.booleans(),
)
def test_g10_a_split_of_tied_pairs_is_that_of_the_reference(values, ascending):
    members = list(range(len(values)))
    value_of = dict(zip(members, values, strict=True)).__getitem__
    assert _split(members, "b", value_of, "k", ascending=ascending) == old_rank._split(
        members, "b", value_of, "k", ascending=ascending
    )
