"""Round-robin groups (循环): Berger schedules and snake seeding, docs/rules/guandan.md G11."""

from __future__ import annotations

import doctest
from collections import Counter
from itertools import combinations, groupby

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.draws import DrawError, berger_schedule, round_robin, snake_groups


def test_g11_round_robin_is_the_fide_berger_table_for_8():
    assert berger_schedule(list(range(1, 9))) == [
        [(1, 8), (2, 7), (3, 6), (4, 5)],
        [(8, 5), (6, 4), (7, 3), (1, 2)],
        [(2, 8), (3, 1), (4, 7), (5, 6)],
        [(8, 6), (7, 5), (1, 4), (2, 3)],
        [(3, 8), (4, 2), (5, 1), (6, 7)],
        [(8, 7), (1, 6), (2, 5), (3, 4)],
        [(4, 8), (5, 3), (6, 2), (7, 1)],
    ]


def test_g11_round_robin_docstring_examples():
    results = doctest.testmod(round_robin)
    assert results.attempted > 0 and results.failed == 0


@given(count=st.integers(2, 24))
def test_g11_round_robin_everyone_meets_everyone_once(count):
    ids = list(range(10, 10 + count))
    rounds = berger_schedule(ids)
    assert len(rounds) == count - 1 + count % 2
    met = Counter(frozenset(match) for played in rounds for match in played if match[1] is not None)
    assert set(met) == {frozenset(pair) for pair in combinations(ids, 2)}
    assert set(met.values()) == {1}


@given(count=st.integers(2, 24))
def test_g11_round_robin_plays_everyone_once_per_round(count):
    for played in berger_schedule(list(range(count))):
        seated = [pair for match in played for pair in match if pair is not None]
        assert sorted(seated) == list(range(count))


@given(count=st.integers(3, 25).filter(lambda n: n % 2))
def test_g11_round_robin_odd_count_one_bye_per_round_and_per_pair(count):
    rounds = berger_schedule(list(range(count)))
    byes = [match[0] for played in rounds for match in played if match[1] is None]
    assert len(byes) == len(rounds)
    assert sorted(byes) == list(range(count))
    assert all(played[-1][1] is None for played in rounds)


@given(count=st.integers(2, 24))
def test_g11_round_robin_seats_alternate_fairly(count):
    rounds = berger_schedule(list(range(count)))
    sides: dict[int, list[str]] = {pair: [] for pair in range(count)}
    for played in rounds:
        for ns, ew in played:
            if ew is not None:
                sides[ns].append("NS")
                sides[ew].append("EW")
    for seats in sides.values():
        assert abs(seats.count("NS") - seats.count("EW")) <= 1
        assert max(len(list(run)) for _, run in groupby(seats)) <= (2 if count % 2 == 0 else 1)


@pytest.mark.parametrize(
    ("ids", "code"), [([], "no_entrants"), ([1], "too_few_entrants"), ([1, 1], "duplicate_entrant")]
)
def test_g11_round_robin_refuses_what_cannot_be_scheduled(ids, code):
    with pytest.raises(DrawError) as error:
        berger_schedule(ids)
    assert error.value.code == code


def test_g11_snake_groups_example():
    assert snake_groups(list(range(1, 13)), 4) == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]


@given(count=st.integers(1, 60), data=st.data())
def test_g11_snake_groups_balanced(count, data):
    group_count = data.draw(st.integers(1, count))
    groups = snake_groups(list(range(count)), group_count)
    assert sorted(pair for group in groups for pair in group) == list(range(count))
    assert max(map(len, groups)) - min(map(len, groups)) <= 1
    # Each group's best seed is one of the top seeds, in order.
    assert [group[0] for group in groups] == list(range(group_count))


@pytest.mark.parametrize("group_count", [0, 5])
def test_g11_snake_groups_refuses_impossible_group_count(group_count):
    with pytest.raises(DrawError) as error:
        snake_groups([1, 2, 3, 4], group_count)
    assert error.value.code == "invalid_setting"
