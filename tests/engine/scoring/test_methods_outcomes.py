"""G9: a method that reads only a played match's outcome (``played_reads``) scores each outcome once
(``ScoringMethod._played_once``), giving every record the points it would get on its own."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.scoring.methods import METHODS, DealTally, GameRecord, MatchKind, MatchRecord, build_method
from engine.seats import Side

OUTCOME_METHODS = sorted(key for key, method in METHODS.items() if method.played_reads is not None)


def _games(rng: random.Random) -> tuple[GameRecord, ...]:
    levels = [(rng.randint(2, 15), rng.randint(2, 15)) for _ in range(rng.choice([0, 1, 1, 3]))]
    return tuple(
        GameRecord(ns_level=a, ew_level=b, winner=None if a == b else Side.NS if a > b else Side.EW)
        for a, b in levels
    )


def _records(seed: int, count: int) -> list[MatchRecord]:
    """Played matches whose games come from a few outcomes, as the standings' records share them,
    some as equal copies that are not shared; and a few matches not played."""
    rng = random.Random(seed)
    outcomes = [_games(rng) for _ in range(4)]
    records = []
    for match_id in range(1, count + 1):
        games = rng.choice(outcomes)
        if rng.random() < 0.3:
            games = tuple([*games])  # equal, another tuple
        kind = MatchKind.PLAYED if rng.random() < 0.85 else rng.choice([*MatchKind])
        records.append(
            MatchRecord(
                match_id=match_id,
                round=1,
                ns=2 * match_id,
                ew=None if kind is MatchKind.BYE else 2 * match_id + 1,
                kind=kind,
                winner=rng.choice([Side.NS, Side.EW, None]),
                games=games if kind is MatchKind.PLAYED else (),
            )
        )
    return records


@pytest.mark.parametrize("key", OUTCOME_METHODS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), count=st.integers(0, 40))
def test_g9_each_match_gets_the_points_of_its_own_outcome(key, seed, count):
    method = build_method({"method": key})
    records = _records(seed, count)
    assert method.score(records) == {record.match_id: method.score_match(record) for record in records}


@pytest.mark.parametrize("key", OUTCOME_METHODS)
def test_g9_records_made_one_at_a_time_are_scored_each_by_its_own_outcome(key):
    """Records handed over as they are made, each dropped once scored: a tuple of games freed and
    another made at its address is not taken for the first one."""
    method = build_method({"method": key})
    records = _records(7, 200)

    def made_afresh():
        for record in records:
            games = tuple(GameRecord(*dataclasses.astuple(game)) for game in record.games)
            yield dataclasses.replace(record, games=games)

    assert method.score(made_afresh()) == {record.match_id: method.score_match(record) for record in records}


@pytest.mark.parametrize("key", OUTCOME_METHODS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_g9_an_outcome_methods_points_depend_on_what_it_declares_alone(key, seed):
    """What ``played_reads`` leaves out (the deals, the time, the points, the games for ``winner``)
    changes no points."""
    method = build_method({"method": key})
    rng = random.Random(seed)
    record = _records(seed, 1)[0]
    record = dataclasses.replace(record, kind=MatchKind.PLAYED)
    other = dataclasses.replace(
        record,
        match_id=99,
        round=3,
        ns=5,
        ew=6,
        tally={side: DealTally(double=rng.randint(0, 3), one_three=rng.randint(0, 3)) for side in Side},
        finished_at=float(rng.randint(0, 999)),
        extra={"deals_played": rng.randint(0, 12)},
        points={Side.NS: rng.randint(0, 40), Side.EW: rng.randint(0, 40)},
        first_outs={Side.NS: rng.randint(0, 6), Side.EW: rng.randint(0, 6)},
        games=_games(rng) if method.played_reads == "winner" else record.games,
    )
    assert method.score_match(other) == method.score_match(record)
