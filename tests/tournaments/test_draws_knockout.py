"""Knockout brackets (淘汰制), docs/rules/guandan.md G11."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws import DrawError, Entrant, Flag, bracket_order, check_draw, knockout, knockout_draw
from tournaments.draws import next_knockout_round as next_round
from tournaments.draws.knockout import seeding_tier

# First-round matches from the top of the bracket down. 16 is the national text's table; the
# others follow the same scheme (1 and 2 at the two ends, each seed above its first opponent).
KNOWN_BRACKETS = {
    2: [(1, 2)],
    4: [(1, 4), (3, 2)],
    8: [(1, 8), (4, 5), (3, 6), (2, 7)],
    16: [(1, 16), (8, 9), (4, 13), (5, 12), (3, 14), (6, 11), (2, 15), (7, 10)],
    32: [
        (1, 32), (16, 17), (8, 25), (9, 24), (4, 29), (13, 20), (5, 28), (12, 21),
        (3, 30), (14, 19), (6, 27), (11, 22), (2, 31), (15, 18), (7, 26), (10, 23),
    ],
    64: [
        (1, 64), (32, 33), (16, 49), (17, 48), (8, 57), (25, 40), (9, 56), (24, 41),
        (4, 61), (29, 36), (13, 52), (20, 45), (5, 60), (28, 37), (12, 53), (21, 44),
        (3, 62), (30, 35), (14, 51), (19, 46), (6, 59), (27, 38), (11, 54), (22, 43),
        (2, 63), (31, 34), (15, 50), (18, 47), (7, 58), (26, 39), (10, 55), (23, 42),
    ],
}  # fmt: skip


def seeded(count: int, units: dict[int, str] | None = None) -> list[Entrant]:
    units = units or {}
    return [Entrant(id=100 + n, seeding=n, unit=units.get(n)) for n in range(1, count + 1)]


def seed_at(draw, table: int) -> set[int]:
    return {pair - 100 for pair in draw.pairings[table - 1].entrants}


@pytest.mark.parametrize("size", sorted(KNOWN_BRACKETS))
def test_g11_knockout_seeding_known_tables(size):
    order = bracket_order(size)
    assert list(zip(order[::2], order[1::2], strict=True)) == KNOWN_BRACKETS[size]


def test_g11_knockout_docstring_examples():
    results = doctest.testmod(knockout)
    assert results.attempted > 0 and results.failed == 0


def test_g11_knockout_seeding_16():
    # The national text: 1v16, 8v9, 4v13, 5v12, 3v14, 6v11, 2v15, 7v10.
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 3, 14, 6, 11, 2, 15, 7, 10)


@given(exponent=st.integers(1, 10))
def test_g11_knockout_seeding_meets_favourites_as_late_as_possible(exponent):
    size = 2**exponent
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(a + b == size + 1 for a, b in zip(order[::2], order[1::2], strict=True))
    # The better seed of every first-round match fills the bracket of half the size.
    favourites = tuple(min(a, b) for a, b in zip(order[::2], order[1::2], strict=True))
    if size > 2:
        assert favourites == bracket_order(size // 2)
    # The top 2^k seeds sit in 2^k different parts of the bracket.
    for parts in (2**k for k in range(exponent + 1)):
        part_of = {seed: index * parts // size for index, seed in enumerate(order)}
        assert len({part_of[seed] for seed in range(1, parts + 1)}) == parts


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12, 100])
def test_g11_knockout_bracket_needs_a_power_of_two(size):
    with pytest.raises(DrawError) as error:
        bracket_order(size)
    assert error.value.code == "invalid_size"


def test_g11_knockout_draw_follows_the_bracket():
    draw = knockout_draw(seeded(16), seed=1)
    assert [tuple(sorted(seed_at(draw, t))) for t in range(1, 9)] == [
        tuple(sorted(match)) for match in KNOWN_BRACKETS[16]
    ]
    assert draw.relaxed == ()


def test_g11_knockout_byes_go_to_the_top_seeds():
    draw = knockout_draw(seeded(13), seed=1)
    byes = {pairing.ns - 100 for pairing in draw.pairings if pairing.ew is None}
    assert byes == {1, 2, 3}
    assert all(p.flags == {Flag.BYE} for p in draw.pairings if p.ew is None)
    assert check_draw(draw, seeded(13), byes=3) == []


def test_g11_knockout_same_unit_in_different_halves():
    # Seeds 1 and 4 share a unit and would meet in a semi-final: 4 trades places with 3.
    draw = knockout_draw(seeded(8, {1: "maths", 4: "maths"}), seed=1)
    top_half = seed_at(draw, 1) | seed_at(draw, 2)
    assert 1 in top_half and 4 not in top_half and 3 in top_half
    assert draw.relaxed == ()


def test_g11_knockout_units_left_in_place_without_separate_units():
    draw = knockout_draw(seeded(8, {1: "maths", 4: "maths"}), seed=1, separate_units=False)
    assert draw.relaxed == ("same_half:101-104",)


def test_g11_knockout_records_what_cannot_be_separated():
    # Three pairs of one unit: two of them must share a half.
    draw = knockout_draw(seeded(8, {1: "maths", 2: "maths", 5: "maths"}), seed=1)
    halves = [entry for entry in draw.relaxed if entry.startswith("same_half:")]
    assert len(halves) == 1
    assert not any(Flag.SAME_UNIT in p.flags for p in draw.pairings)


def test_g11_knockout_same_unit_first_round_meeting_is_flagged():
    draw = knockout_draw(seeded(2, {1: "maths", 2: "maths"}), seed=1)
    assert Flag.SAME_UNIT in draw.pairings[0].flags
    assert "same_unit:101-102" in draw.relaxed


@settings(max_examples=60, deadline=None)
@given(
    units=st.lists(st.sampled_from([None, "a", "b", "c"]), min_size=2, max_size=40),
    seed=st.integers(0, 2**32),
)
def test_g11_knockout_trades_places_only_within_seeding_tiers(units, seed):
    entrants = seeded(len(units), {n + 1: unit for n, unit in enumerate(units) if unit})
    draw = knockout_draw(entrants, seed=seed)
    size = 2 * len(draw.pairings)
    order = bracket_order(size)
    for pairing in draw.pairings:
        index = 2 * pairing.table - 2
        slots = {order[index], order[index + 1]}
        for pair in pairing.entrants:
            assert seeding_tier(pair - 100) in {seeding_tier(slot) for slot in slots}
    byes = {p.ns - 100 for p in draw.pairings if p.ew is None}
    assert byes == set(range(1, size - len(entrants) + 1))
    assert check_draw(draw, entrants, same_unit="off", byes=size - len(entrants)) == []


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 40), seed=st.integers(0, 2**32))
def test_g11_knockout_reproducible_from_seed(count, seed):
    entrants = seeded(count, {n: "abc"[n % 3] for n in range(1, count + 1)})
    assert knockout_draw(entrants, seed=seed) == knockout_draw(entrants, seed=seed)


def test_g11_knockout_winner_of_table_1_meets_winner_of_table_2():
    first = knockout_draw(seeded(8), seed=1).pairings
    winners = {101, 105, 103, 102}  # seeds 1, 5, 3, 2 win tables 1, 2, 3, 4
    second = next_round(first, winners)
    assert [(p.table, p.ns, p.ew) for p in second] == [(1, 101, 105), (2, 103, 102)]


def test_g11_knockout_bye_advances_by_itself():
    first = knockout_draw(seeded(3), seed=1).pairings
    second = next_round(first, {103})
    assert [set(p.entrants) for p in second] == [{101, 103}]


def test_g11_knockout_runs_to_a_champion():
    pairings = knockout_draw(seeded(11), seed=9).pairings
    while len(pairings) > 1:
        winners = {min(p.entrants) for p in pairings}  # the better seed always wins
        pairings = next_round(pairings, winners, seed=9)
    assert set(pairings[0].entrants) == {101, 102}


@pytest.mark.parametrize(
    ("winners", "code"),
    [
        ({101, 105, 103}, "missing_winner"),
        ({101, 108, 105, 103, 102}, "two_winners"),
        ({999}, "unknown_winner"),
    ],
)
def test_g11_knockout_next_round_needs_one_confirmed_winner_per_table(winners, code):
    first = knockout_draw(seeded(8), seed=1).pairings
    with pytest.raises(DrawError) as error:
        next_round(first, winners)
    assert error.value.code == code


def test_g11_knockout_final_has_no_next_round():
    final = knockout_draw(seeded(2), seed=1).pairings
    with pytest.raises(DrawError) as error:
        next_round(final, {101})
    assert error.value.code == "invalid_bracket"
