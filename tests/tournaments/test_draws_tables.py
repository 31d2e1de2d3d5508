"""Tables of four for individual card games (docs/events.md, Tables of four; docs/rules/doudizhu.md D8)."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws.tables import Table, TablesDraw, tables_draw
from tournaments.draws.types import DrawError, Entrant, ErrorCode, FirstRound, Flag


def players(points: list[float], **extra) -> list[Entrant]:
    return [Entrant(id=index + 1, points=value, **extra) for index, value in enumerate(points)]


def after(entrants: list[Entrant], draw: TablesDraw, scores: dict[int, float] | None = None) -> list[Entrant]:
    """The entrants once ``draw`` was played: everyone at a table met the other three."""
    scores = scores or {}
    seated = {pid: set(table.seats) - {pid} for table in draw.tables for pid in table.seats}
    return [
        Entrant(
            id=e.id,
            points=e.points + scores.get(e.id, 0.0),
            seeding=e.seeding,
            had_bye=e.had_bye or e.id in draw.byes,
            opponents=e.opponents | frozenset(seated.get(e.id, ())),
        )
        for e in entrants
    ]


def rematch_pairs(draw: TablesDraw, entrants: list[Entrant]) -> int:
    by_id = {e.id: e for e in entrants}
    return sum(by_id[a].has_met(by_id[b]) for t in draw.tables for a, b in combinations(t.seats, 2))


@st.composite
def fields(draw, *, min_size: int = 4, max_size: int = 40) -> list[Entrant]:
    """A field with random points, seeding, byes and a symmetric history of meetings."""
    size = draw(st.integers(min_size, max_size))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=size, max_size=size, unique=True))
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6]))
    flips = draw(st.randoms(use_true_random=False))
    opponents: dict[int, set[int]] = {pid: set() for pid in ids}
    for a, b in combinations(ids, 2):
        if flips.random() < density:
            opponents[a].add(b)
            opponents[b].add(a)
    return [
        Entrant(
            id=pid,
            points=float(draw(st.integers(0, 12))) / 2,
            seeding=draw(st.none() | st.integers(1, 8)),
            had_bye=draw(st.booleans()),
            opponents=frozenset(opponents[pid]),
        )
        for pid in ids
    ]


# --- properties -------------------------------------------------------------------------------


# A dense history takes the search's whole budget (0.6 s a draw): the properties over whole draws
# look at tens of fields, not hundreds, to keep CI within its minutes.
@settings(max_examples=80, deadline=None)
@given(entrants=fields(), seed=st.integers(0, 2**32), first=st.sampled_from([None, *FirstRound]))
def test_tables_of_four_place_everyone_once_and_flag_what_they_relax(entrants, seed, first):
    draw = tables_draw(entrants, seed=seed, first_round=first)
    placed = [pid for table in draw.tables for pid in table.seats] + list(draw.byes)
    assert sorted(placed) == sorted(e.id for e in entrants)
    assert len(draw.byes) == len(entrants) % 4
    assert [t.table for t in draw.tables] == list(range(1, len(entrants) // 4 + 1))
    by_id = {e.id: e for e in entrants}
    rematches = {
        f"{Flag.REMATCH}:{min(a, b)}-{max(a, b)}"
        for t in draw.tables
        for a, b in combinations(t.seats, 2)
        if by_id[a].has_met(by_id[b])
    }
    repeats = {f"{Flag.REPEAT_BYE}:{pid}" for pid in draw.byes if by_id[pid].had_bye}
    assert set(draw.relaxed) == rematches | repeats
    assert list(draw.relaxed) == sorted(draw.relaxed)
    for table in draw.tables:
        met = any(by_id[a].has_met(by_id[b]) for a, b in combinations(table.seats, 2))
        assert (Flag.REMATCH in table.flags) == met


@settings(max_examples=50, deadline=None)
@given(entrants=fields(), seed=st.integers(0, 2**32))
def test_tables_of_four_byes_go_to_the_lowest_without_one(entrants, seed):
    draw = tables_draw(entrants, seed=seed)
    by_id = {e.id: e for e in entrants}
    sitting = {e.id for e in entrants} - set(draw.byes)
    for pid in draw.byes:
        if by_id[pid].had_bye:  # a repeat bye only once everyone without one sits out
            assert all(by_id[other].had_bye for other in sitting)
        else:  # nobody playing without a bye has fewer points
            assert all(by_id[o].had_bye or by_id[o].points >= by_id[pid].points for o in sitting)


@settings(max_examples=50, deadline=None)
@given(entrants=fields(max_size=28), seed=st.integers(0, 2**32))
def test_tables_of_four_no_single_swap_removes_a_rematch(entrants, seed):
    draw = tables_draw(entrants, seed=seed)
    by_id = {e.id: e for e in entrants}

    def met(seats) -> int:
        return sum(by_id[a].has_met(by_id[b]) for a, b in combinations(seats, 2))

    for left, right in combinations(draw.tables, 2):
        now = met(left.seats) + met(right.seats)
        for a in left.seats:
            for b in right.seats:
                moved = [b if x == a else x for x in left.seats], [a if x == b else x for x in right.seats]
                assert met(moved[0]) + met(moved[1]) >= now


@settings(max_examples=50, deadline=None)
@given(entrants=fields(), seed=st.integers(0, 2**32), first=st.sampled_from([None, *FirstRound]))
def test_tables_of_four_reproducible_from_seed(entrants, seed, first):
    assert tables_draw(entrants, seed=seed, first_round=first) == tables_draw(
        list(reversed(entrants)), seed=seed, first_round=first
    )


# --- examples ---------------------------------------------------------------------------------


def test_tables_of_four_different_seeds_can_differ():
    entrants = players([0.0] * 12)
    draws = {tables_draw(entrants, seed=seed, first_round=FirstRound.RANDOM).tables for seed in range(5)}
    assert len(draws) > 1


def test_tables_of_four_seats_are_drawn_by_lot():
    entrants = players([0.0] * 4)
    seats = {tables_draw(entrants, seed=seed).tables[0].seats for seed in range(20)}
    assert len(seats) > 1
    assert all(sorted(s) == [1, 2, 3, 4] for s in seats)


def test_tables_of_four_round_two_splits_every_table_of_eight():
    # With two tables of four, each new table must take two players from each old table: the
    # two rematches per table that cannot be avoided, and no more.
    entrants = players([0.0] * 8)
    first = tables_draw(entrants, seed=1, first_round=FirstRound.RANDOM)
    scores = {pid: float(seat) for table in first.tables for seat, pid in enumerate(table.seats)}
    second_round = after(entrants, first, scores)
    second = tables_draw(second_round, seed=2)
    old = [set(t.seats) for t in first.tables]
    for table in second.tables:
        assert sorted(len(set(table.seats) & group) for group in old) == [2, 2]
    assert rematch_pairs(second, second_round) == 4


def test_tables_of_four_no_rematch_when_one_is_avoidable():
    # 16 players: round 2 can seat one player of each round-1 table at every table.
    entrants = players([0.0] * 16)
    first = tables_draw(entrants, seed=5, first_round=FirstRound.RANDOM)
    scores = {pid: float(3 - seat) for table in first.tables for seat, pid in enumerate(table.seats)}
    second_round = after(entrants, first, scores)
    second = tables_draw(second_round, seed=6)
    assert second.relaxed == ()
    assert all(Flag.REMATCH not in table.flags for table in second.tables)


def test_tables_of_four_top_scores_sit_at_table_one():
    entrants = players([1.0, 9.0, 2.0, 8.0, 7.0, 3.0, 6.0, 4.0])
    draw = tables_draw(entrants, seed=3)
    assert set(draw.tables[0].seats) == {2, 4, 5, 7}
    assert draw.tables[0].flags == (Flag.FLOAT,)


def test_tables_of_four_equal_points_are_not_a_float():
    draw = tables_draw(players([2.0] * 4 + [1.0] * 4), seed=3)
    assert [t.flags for t in draw.tables] == [(), ()]


def test_tables_of_four_bye_goes_to_the_lowest_without_one():
    entrants = players([5.0, 4.0, 3.0, 2.0, 1.0, 0.0])
    entrants[5] = Entrant(id=6, points=0.0, had_bye=True)
    draw = tables_draw(entrants, seed=1)
    assert draw.byes == (4, 5)
    assert draw.relaxed == ()


def test_tables_of_four_repeat_bye_is_flagged():
    draw = tables_draw(players([4.0, 3.0, 2.0, 1.0, 0.0], had_bye=True), seed=1)
    assert draw.byes == (5,)
    assert draw.relaxed == (f"{Flag.REPEAT_BYE}:5",)


@pytest.mark.parametrize("count", [0, 1, 3])
def test_tables_of_four_need_four_players(count):
    with pytest.raises(DrawError) as error:
        tables_draw(players([0.0] * count), seed=1)
    assert error.value.code == ErrorCode.TOO_FEW_ENTRANTS


def test_tables_of_four_refuse_a_player_listed_twice():
    with pytest.raises(DrawError) as error:
        tables_draw([*players([0.0] * 4), Entrant(id=2)], seed=1)
    assert error.value.code == ErrorCode.DUPLICATE_ENTRANT


def test_tables_of_four_refuse_an_unknown_first_round():
    with pytest.raises(DrawError) as error:
        tables_draw(players([0.0] * 4), seed=1, first_round="alphabetical")
    assert error.value.code == ErrorCode.INVALID_SETTING


def test_tables_of_four_seeded_first_round_snakes_the_seeds():
    entrants = [Entrant(id=100 + s, seeding=s) for s in range(1, 13)]
    draw = tables_draw(entrants, seed=9, first_round=FirstRound.SEEDED)
    tables = [sorted(pid - 100 for pid in t.seats) for t in draw.tables]
    assert tables == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]
    assert all(isinstance(t, Table) and t.flags == () for t in draw.tables)


def test_tables_of_four_random_first_round_ignores_points_and_seeding():
    entrants = [Entrant(id=s, seeding=s) for s in range(1, 17)]
    tops = {
        frozenset(tables_draw(entrants, seed=seed, first_round=FirstRound.RANDOM).tables[0].seats)
        for seed in range(10)
    }
    assert len(tops) > 1


def test_tables_of_four_two_hundred_players_draw_fast():
    entrants = players([0.0] * 200)
    draw = tables_draw(entrants, seed=1, first_round=FirstRound.RANDOM)
    for round_number in range(2, 9):
        scores = {pid: float((pid * round_number) % 5) for pid in range(1, 201)}
        entrants = after(entrants, draw, scores)
        started = time.perf_counter()
        draw = tables_draw(entrants, seed=round_number)
        assert time.perf_counter() - started < 0.5
    assert draw.relaxed == ()
