"""Teams of four and the individual draw (docs/duplicate.md "Teams of four", "Individual events")."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.duplicate.individual import History, draw_round, draw_rounds
from engine.duplicate.scoring import deal_points
from engine.duplicate.teams import team_deal, team_match
from engine.errors import BadInput


def test_a_team_deal_finished_the_same_way_at_both_tables_is_a_push():
    same = deal_points(["N", "S"])
    assert team_deal(same, same) == 0


def test_the_docs_team_example():
    # Deal 1: A's NS pair wins 1-2 (+3); at the other table B's NS pair wins 1-3 (A's EW: -2): +1.
    # Deal 2: A's NS pair loses 1-4 (-1); A's EW pair wins 1-2 (+3): +2.
    match = team_match(
        [
            (1, deal_points(["N", "S"]), deal_points(["N", "E", "S"])),
            (2, deal_points(["E", "N", "S", "W"]), deal_points(["E", "W"])),
        ]
    )
    assert [d.swing for d in match.deals] == [1, 2]
    assert (match.a_total, match.b_total, match.winner) == (3, 0, "A")


def test_a_team_match_on_the_difference_scale_and_a_draw():
    a = deal_points(["N", "S"])
    b = deal_points(["E", "W"])
    match = team_match([(1, a, b), (2, b, a)], comparison="difference")
    assert [d.counted for d in match.deals] == [6.0, -6.0] and match.winner is None


def test_a_team_match_refuses_an_unknown_comparison():
    with pytest.raises(BadInput):
        team_match([], comparison="imps")


def _partners(rounds):
    seen = []
    for drawn in rounds:
        for table in drawn.tables:
            seen.extend(frozenset(p) for p in (table.ns, table.ew))
    return seen


def _opponents(rounds):
    seen = []
    for drawn in rounds:
        for table in drawn.tables:
            seen.extend(frozenset((a, b)) for a in table.ns for b in table.ew)
    return seen


@given(
    tables=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**40),
    data=st.data(),
)
@settings(max_examples=25, deadline=None)
def test_nobody_partners_the_same_player_twice_while_it_can_be_avoided(tables, seed, data):
    players = list(range(1, 4 * tables + 1))
    rounds = data.draw(st.integers(min_value=1, max_value=min(7, 2 * tables - 1)))
    drawn = draw_rounds(players, rounds, seed=seed)
    partners = _partners(drawn)
    assert len(partners) == len(set(partners))
    for one in drawn:  # everybody plays exactly once a round
        seated = [p for t in one.tables for p in (*t.ns, *t.ew)]
        assert sorted(seated) == players


@given(seed=st.integers(min_value=0, max_value=2**40))
@settings(max_examples=15, deadline=None)
def test_nobody_meets_the_same_opponent_twice_while_it_can_be_avoided(seed):
    drawn = draw_rounds(list(range(24)), 3, seed=seed)
    opponents = _opponents(drawn)
    assert len(opponents) == len(set(opponents))


def test_the_draw_is_reproducible_from_its_seed():
    assert draw_rounds(list(range(16)), 4, seed=5) == draw_rounds(list(range(16)), 4, seed=5)
    assert draw_rounds(list(range(16)), 4, seed=5) != draw_rounds(list(range(16)), 4, seed=6)


def test_a_partner_repeats_only_when_it_cannot_be_avoided():
    # Four players: each round is the same table, so from the 4th round a partner repeats.
    drawn = draw_rounds([1, 2, 3, 4], 4, seed=1)
    assert len(set(_partners(drawn[:3]))) == 6
    assert len(set(_partners(drawn))) == 6


def test_who_sits_out_goes_round_the_field():
    drawn = draw_rounds(list(range(10)), 5, seed=3)
    out = [p for one in drawn for p in one.sitting_out]
    assert len(out) == 10 and len(set(out)) == 10


def test_fewer_than_four_players_are_refused():
    with pytest.raises(BadInput):
        draw_round([1, 2, 3], History.empty(), seed=1, round_number=1)
    assert list(combinations([1], 2)) == []
