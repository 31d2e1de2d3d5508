"""Series standings without a database (engine.scoring.ranking.series): best k of n events, the
series' tiebreak chain, shared places and lots (G11 series, docs/series.md)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.scoring.methods import SettingError
from engine.scoring.ranking.series import (
    EventScore,
    best_scores,
    placing_points,
    rank_series,
    validate_placing_points,
    validate_series_chain,
)

TABLE = (10, 8, 6, 5, 4, 3, 2, 1)

scores = st.lists(st.tuples(st.integers(1, 12), st.integers(1, 20)), min_size=1, max_size=8).map(
    lambda pairs: [
        EventScore(event, place, placing_points(place, TABLE)) for event, place in dict(pairs).items()
    ]
)
fields = st.dictionaries(st.integers(1, 10_000), scores, min_size=1, max_size=12)
chains = st.lists(st.sampled_from(["best_places", "all_points", "events_played", "last_event"]), unique=True)


def test_g11_series_placing_points_by_table():
    assert [placing_points(place, TABLE) for place in (1, 2, 8, 9, 40)] == [10, 8, 1, 0, 0]


def test_g11_series_best_k_of_n_takes_the_highest():
    played = [EventScore(1, 3, 6), EventScore(2, 1, 10), EventScore(3, 8, 1), EventScore(4, 1, 10)]
    assert [score.event for score in best_scores(played, 2)] == [2, 4]
    assert len(best_scores(played, None)) == 4


@given(fields, st.one_of(st.none(), st.integers(1, 5)), chains)
def test_g11_series_totals_are_the_best_k_scores(entries, best, chain):
    rows = rank_series(entries, best=best, chain=chain)
    assert sorted(row.entrant for row in rows) == sorted(entries)
    for row in rows:
        played = sorted((score.points for score in entries[row.entrant]), reverse=True)
        assert row.points == pytest.approx(sum(played[:best] if best else played))
        assert len(row.counted) == min(len(played), best or len(played))


@given(fields, st.one_of(st.none(), st.integers(1, 5)), chains, st.booleans())
def test_g11_series_ranks_follow_points_then_share_or_split(entries, best, chain, shared):
    rows = rank_series(entries, best=best, chain=chain, shared_places=shared, seed=7)
    for before, after in itertools.pairwise(rows):
        assert before.points >= after.points
        assert before.rank <= after.rank
        if before.rank == after.rank:
            assert before.points == after.points and before.shared and after.shared
        else:
            assert after.rank == rows.index(after) + 1  # 1, 2, 2, 4
    if not shared:
        assert [row.rank for row in rows] == list(range(1, len(rows) + 1))


@given(fields, chains)
def test_g11_series_ranking_ignores_the_order_entrants_come_in(entries, chain):
    again = dict(reversed(list(entries.items())))
    first = [
        (row.entrant, row.rank) for row in rank_series(entries, chain=chain, shared_places=False, seed=3)
    ]
    assert first == [
        (row.entrant, row.rank) for row in rank_series(again, chain=chain, shared_places=False, seed=3)
    ]


def test_g11_series_countback_best_places():
    entries = {1: [EventScore(1, 1, 10), EventScore(2, 3, 6)], 2: [EventScore(1, 2, 8), EventScore(2, 2, 8)]}
    rows = rank_series(entries, chain=["best_places"])
    assert [row.entrant for row in rows] == [1, 2]
    assert rows[0].decided_by == "best_places"
    assert rows[0].values["best_places"] == [1, 3]


def test_g11_series_latest_event_first():
    entries = {1: [EventScore(1, 1, 10), EventScore(2, 2, 8)], 2: [EventScore(1, 2, 8), EventScore(2, 1, 10)]}
    rows = rank_series(entries, chain=["last_event"])
    assert [row.entrant for row in rows] == [2, 1]
    assert rows[0].values["last_event"] == [10, 8]


def test_g11_series_an_entrant_not_tied_shows_no_latest_event_values():
    entries = {1: [EventScore(1, 1, 10)], 2: [EventScore(1, 2, 8)]}
    assert all(row.values["last_event"] is None for row in rank_series(entries, chain=["last_event"]))


@pytest.mark.parametrize(
    ("chain", "code", "field"),
    [
        ("best_places", "invalid", "tiebreaks"),
        (["nope"], "unknown_metric", "tiebreaks.0"),
        (["all_points", "all_points"], "duplicate_metric", "tiebreaks.1"),
    ],
)
def test_g11_series_chain_is_checked(chain, code, field):
    with pytest.raises(SettingError) as caught:
        validate_series_chain(chain)
    assert (caught.value.code, caught.value.field) == (code, field)


@pytest.mark.parametrize(
    ("table", "field"), [([], "placing_points"), ([10, -1], "placing_points.1"), ([True], "placing_points.0")]
)
def test_g11_series_placing_table_is_checked(table, field):
    with pytest.raises(SettingError) as caught:
        validate_placing_points(table)
    assert caught.value.field == field


def test_g11_series_lots_need_a_seed():
    with pytest.raises(SettingError):
        rank_series({1: [EventScore(1, 1, 10)]}, shared_places=False, seed=None)
    with pytest.raises(SettingError):
        rank_series({1: [EventScore(1, 1, 10)]}, best=0)
