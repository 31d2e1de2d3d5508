"""The readings the Swiss draw takes where the rule's text allows two (docs/events.md "Readings of
the draw", docs/rules/guandan.md G11). One test per reading, named after it."""

from __future__ import annotations

import pytest

from engine.lots import lot
from tests.tournaments.conftest import StageFactory
from tests.tournaments.test_api_draws_reproducible import build, draw_round, play
from tournaments.draws import Entrant, first_round_draw, swiss_draw
from tournaments.models import Pair
from tournaments.selectors.pages import histories


def table_of(draw, pair: int) -> tuple[int, int | None]:
    pairing = next(p for p in draw.pairings if pair in (p.ns, p.ew))
    return (pairing.ns, pairing.ew) if pairing.ns == pair else (pairing.ew, pairing.ns)


def test_g11_reading_the_bye_is_graded_upward_to_the_nearest_pair_that_can_take_it():
    # C, the lowest pair without a bye, cannot take it: A and B would meet again. It goes to the
    # nearest pair above C that leaves a draw without a rematch (B), not to the top (A).
    a = Entrant(id=1, points=4.0, opponents=frozenset({2}))
    b = Entrant(id=2, points=2.0, opponents=frozenset({1}))
    c = Entrant(id=3, points=0.0)
    draw = swiss_draw([a, b, c], seed=5)
    assert table_of(draw, 2) == (2, None)
    assert table_of(draw, 1) == (1, 3)
    # The lowest pair (D) had a bye: it is passed over upward, to E, never given a second one.
    d = Entrant(id=4, points=0.0, had_bye=True)
    e = Entrant(id=5, points=0.0)
    draw = swiss_draw([a, b, c, e, d], seed=5)
    assert next(p.ns for p in draw.pairings if p.ew is None) == 5


def test_g11_reading_a_soft_unit_meeting_weighs_a_float_of_one_whole_point_even_with_half_points():
    # Points in halves: A, B (one unit) on 3; C, D on 2.5. Two half-point floats (1/4 + 1/4 of a
    # one-point float) cost less than the meeting inside the unit, which weighs one whole point.
    field = [
        Entrant(id=1, points=3.0, unit=7),
        Entrant(id=2, points=3.0, unit=7),
        Entrant(id=3, points=2.5),
        Entrant(id=4, points=2.5),
    ]
    draw = swiss_draw(field, seed=3, same_unit="soft")
    assert table_of(draw, 1)[1] in {3, 4} and table_of(draw, 2)[1] in {3, 4}
    # Against a float of a point and a half (2.25 points squared) the unit meeting is kept.
    field[2:] = [Entrant(id=3, points=1.5), Entrant(id=4, points=1.5)]
    draw = swiss_draw(field, seed=3, same_unit="soft")
    assert table_of(draw, 1) == (1, 2)
    assert any(flag == "same_unit:1-2" for flag in draw.relaxed)


def test_g11_reading_round_one_keeps_a_soft_unit_meeting_that_only_moves_of_three_places_would_break():
    # A soft meeting inside a unit weighs as much as moving a partner three places from the
    # order (3² = 9); here breaking them up costs more, so the lot's order is kept as drawn.
    units = ["a", "a", "a", "a", "b", "b", "b", "b"]
    field = [Entrant(id=k + 1, unit=unit) for k, unit in enumerate(units)]
    order = sorted(field, key=lambda entrant: lot(1, entrant.lot_key))
    ideal = {frozenset((order[k].id, order[k + 1].id)) for k in range(0, len(order), 2)}
    soft = first_round_draw(field, seed=1, method="random", same_unit="soft")
    assert {frozenset((p.ns, p.ew)) for p in soft.pairings} == ideal
    assert sum(code.startswith("same_unit") for code in soft.relaxed) == 2
    hard = first_round_draw(field, seed=1, method="random", same_unit="hard")
    assert not any(code.startswith("same_unit") for code in hard.relaxed)


@pytest.mark.django_db
def test_g11_reading_a_bye_is_no_north_south_seat_for_seat_balance():
    event, client = build(pairs=5, reverse=False)
    stage = StageFactory(event=event, kind="swiss", first_round="seeded")
    tables, _ = draw_round(event, client, stage, seed=4)
    bye = next(ns for _, ns, ew, *_ in tables if ew is None)
    play(event, 1)
    record = histories(event, before=2)[Pair.objects.get(event=event, number=bye).pk]
    assert record.had_bye
    assert (record.ns_count, record.ew_count) == (0, 0)
