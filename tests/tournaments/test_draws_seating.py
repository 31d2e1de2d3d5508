"""Seat draw, table movement and the checks of a draft round, docs/rules/guandan.md G11."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws import (
    Draw,
    DrawError,
    Entrant,
    Flag,
    Pairing,
    annotate,
    check_draw,
    move_table,
    seat_draw,
    swap_entrants,
    swiss_draw,
    table_movement,
)

from .histories import histories


def tables(*matches: tuple[int, int | None]) -> tuple[Pairing, ...]:
    return tuple(Pairing(table=n, ns=ns, ew=ew) for n, (ns, ew) in enumerate(matches, start=1))


# --- seat draw --------------------------------------------------------------------------------


def test_g11_seat_draw_keeps_tables_and_opponents():
    before = tables((1, 2), (3, 4), (5, None))
    after = seat_draw(before, seed=8)
    assert [(p.table, set(p.entrants)) for p in after] == [(p.table, set(p.entrants)) for p in before]
    assert after[-1] == before[-1]


def test_g11_seat_draw_is_a_reproducible_lot():
    before = tables(*[(2 * n, 2 * n + 1) for n in range(1, 41)])
    assert seat_draw(before, seed=3) == seat_draw(before, seed=3)
    north_south_first = sum(p.ns < p.ew for p in seat_draw(before, seed=3))
    assert 10 < north_south_first < 30
    assert seat_draw(before, seed=3) != seat_draw(before, seed=4)


# --- table movement ---------------------------------------------------------------------------


def test_g11_table_movement_higher_side_moves_up_one_table():
    # 掼蛋比赛活动方案 篇二: table 1's higher side goes to table 2, table 2's to table 3, and so on.
    before = tables((1, 2), (3, 4), (5, 6))
    scores = {1: 10, 2: 4, 3: 2, 4: 8, 5: 7, 6: 7.5}
    after = table_movement(before, scores=scores, seed=1)
    assert [(p.table, p.ns, p.ew) for p in after] == [(1, 6, 2), (2, 3, 1), (3, 5, 4)]


def test_g11_table_movement_stayers_keep_their_seats():
    after = table_movement(tables((1, 2), (3, 4)), scores={1: 0, 2: 5, 3: 9, 4: 1}, seed=1)
    assert [(p.ns, p.ew) for p in after] == [(1, 3), (2, 4)]


def test_g11_table_movement_single_table_stays():
    before = tables((1, 2))
    assert table_movement(before, scores={1: 3, 2: 1}, seed=1) == before


def test_g11_table_movement_tie_settled_by_seeded_lot():
    before = tables((1, 2), (3, 4))
    scores = {1: 5, 2: 5, 3: 5, 4: 5}
    results = {table_movement(before, scores=scores, seed=seed) for seed in range(30)}
    assert len(results) > 1
    assert table_movement(before, scores=scores, seed=7) == table_movement(before, scores=scores, seed=7)


def test_g11_table_movement_leaves_byes_alone():
    after = table_movement(tables((1, 2), (3, 4), (5, None)), scores={1: 1, 2: 0, 3: 1, 4: 0}, seed=1)
    assert after[-1] == Pairing(table=3, ns=5)


@given(scores=st.lists(st.integers(0, 20), min_size=2, max_size=30).filter(lambda s: len(s) % 2 == 0))
def test_g11_table_movement_every_table_keeps_one_stayer_and_one_mover(scores):
    before = tables(*[(n, n + 1) for n in range(0, len(scores), 2)])
    after = table_movement(before, scores=dict(enumerate(scores)), seed=2)
    assert check_draw(after, [Entrant(id=n) for n in range(len(scores))]) == []
    for old, new in zip(before, after, strict=True):
        assert len(set(old.entrants) & set(new.entrants)) == (2 if len(before) == 1 else 1)


def test_g11_table_movement_needs_every_score():
    with pytest.raises(DrawError) as error:
        table_movement(tables((1, 2)), scores={1: 3}, seed=1)
    assert error.value.code == "missing_score"


# --- checks of a draft round ------------------------------------------------------------------


ENTRANTS = [
    Entrant(id=1, points=2, unit="maths", opponents=frozenset({2})),
    Entrant(id=2, points=2, opponents=frozenset({1})),
    Entrant(id=3, points=0, unit="maths"),
    Entrant(id=4, points=0, had_bye=True),
    Entrant(id=5, points=0),
]


def test_g11_check_draw_accepts_a_clean_draw():
    assert check_draw(Draw(pairings=tables((1, 4), (2, 3), (5, None)), seed=1), ENTRANTS) == []


@pytest.mark.parametrize(
    ("matches", "problem"),
    [
        (((1, 2), (3, 4), (5, None)), "rematch:1-2"),
        (((1, 3), (2, 4), (5, None)), "same_unit:1-3"),
        (((1, 5), (2, 3), (4, None)), "repeat_bye:4"),
        (((1, 4), (2, 3), (5, 1)), "duplicate_entrant:1"),
        (((1, 4), (2, 3)), "missing_entrant:5"),
        (((1, 4), (2, 3), (5, 9)), "unknown_entrant:9"),
        (((1, 4), (2, None), (3, None), (5, None)), "two_byes:3"),
        (((1, 4), (2, 3), (5, 5)), "self_pairing:5"),
    ],
)
def test_g11_check_draw_finds_each_problem(matches, problem):
    assert problem in check_draw(tables(*matches), ENTRANTS)


def test_g11_check_draw_duplicate_table():
    pairings = (Pairing(table=1, ns=1, ew=4), Pairing(table=1, ns=2, ew=3), Pairing(table=2, ns=5))
    assert check_draw(pairings, ENTRANTS) == ["duplicate_table:1"]


def test_g11_check_draw_respects_event_settings():
    pairings = tables((1, 2), (3, 4), (5, None))
    assert "rematch:1-2" not in check_draw(pairings, ENTRANTS, avoid_rematches=False)
    assert check_draw(tables((1, 3), (2, 4), (5, None)), ENTRANTS, same_unit="off") == []


def test_g11_draft_swap_is_rechecked():
    draft = swiss_draw(ENTRANTS, seed=5)
    assert check_draw(draft, ENTRANTS) == []
    partner_of_1 = next(p for p in draft.pairings if 1 in p.entrants).entrants
    other = next(pair for pair in partner_of_1 if pair != 1)
    edited = swap_entrants(draft.pairings, a=other, b=2)
    assert "rematch:1-2" in check_draw(edited, ENTRANTS)
    assert Flag.REMATCH in next(p for p in annotate(edited, ENTRANTS) if 1 in p.entrants).flags


def test_g11_draft_swap_needs_placed_pairs():
    with pytest.raises(DrawError) as error:
        swap_entrants(tables((1, 2)), a=1, b=7)
    assert error.value.code == "unknown_entrant"


def test_g11_draft_move_table_trades_table_numbers():
    moved = move_table(tables((1, 2), (3, 4), (5, 6)), table=1, to_table=3)
    assert [(p.table, p.ns) for p in moved] == [(1, 5), (2, 3), (3, 1)]
    assert [p.table for p in move_table(tables((1, 2)), table=1, to_table=4)] == [4]


def test_g11_draft_move_table_needs_an_existing_table():
    with pytest.raises(DrawError) as error:
        move_table(tables((1, 2)), table=2, to_table=1)
    assert error.value.code == "unknown_table"


@settings(max_examples=50, deadline=None)
@given(entrants=histories(max_size=12), seed=st.integers(0, 2**32), data=st.data())
def test_g11_draft_swap_keeps_every_pair_placed_once(entrants, seed, data):
    draft = swiss_draw(entrants, seed=seed)
    a, b = data.draw(st.lists(st.sampled_from([e.id for e in entrants]), min_size=2, max_size=2, unique=True))
    edited = swap_entrants(draft.pairings, a=a, b=b)
    problems = check_draw(edited, entrants, same_unit="off", avoid_rematches=False)
    assert [p for p in problems if not p.startswith("repeat_bye")] == []


def test_g11_annotate_flags_facts():
    flagged = annotate(tables((1, 2), (3, 5), (4, None)), ENTRANTS)
    assert [p.flags for p in flagged] == [
        {Flag.REMATCH},
        set(),
        {Flag.BYE, Flag.REPEAT_BYE},
    ]
    assert annotate(tables((1, 3)), ENTRANTS)[0].flags == {Flag.SAME_UNIT, Flag.FLOAT}
