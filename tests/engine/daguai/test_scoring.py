"""Points of a Daguai Luzi deal, finished or stopped by the clock (docs/rules/daguai.md K5, K6):
engine/daguai/scoring.py, checked against the G9 scoring method of the same rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.daguai.profiles import STANDARD
from engine.daguai.scoring import clock_expired, daguai_deal, score_as_it_stands
from engine.daguai.seats import SEATS, Team
from engine.errors import BadInput
from engine.scoring.methods.deals import daguai_deal_points

# | seats out in order | first out | how it ended                      | points |
# | 1 3 5              | A         | A all out, 3 of B caught          | 8      |
# | 1 2 3 5            | A         | A all out, 2 of B caught          | 5      |
# | 1 2 4 3 5          | A         | A all out, 1 of B caught          | 3      |
# | 1 2 4 3 6          | A         | B all out, 1 of A trapped         | 1      |
# | 1 2 4 6            | A         | B all out, 2 of A trapped         | 0      |


@pytest.mark.parametrize(
    ("order", "points", "caught", "trapped"),
    [("135", 8, 3, 0), ("1235", 5, 2, 0), ("12435", 3, 1, 0), ("12436", 1, 0, 1), ("1246", 0, 0, 2)],
)
def test_k5_first_out_catching_or_trapped(order, points, caught, trapped):
    score = daguai_deal(list(order))
    assert (score.team, score.points, score.caught, score.trapped, score.finished) == (
        Team.A,
        points,
        caught,
        trapped,
        True,
    )
    assert score.by_team == {Team.A: points, Team.B: 0}


def test_k5_only_the_first_out_team_scores_even_when_the_other_finished_first():
    score = daguai_deal(["2", "1", "3", "5"])
    assert (score.team, score.points, score.by_team) == (Team.B, 0, {Team.A: 0, Team.B: 0})


def test_k5_seats_after_the_end_are_ignored():
    assert daguai_deal(["1", "3", "5", "2"]).points == 8


def test_k5_the_points_are_settings():
    profile = STANDARD.with_overrides({"catch": [2, 4, 6], "trapped": [0.5, 0]})
    assert daguai_deal(list("135"), profile=profile).points == 6
    assert daguai_deal(list("12436"), profile=profile).points == 0.5


def test_k5_an_order_that_ends_no_deal_is_not_a_finished_deal():
    with pytest.raises(BadInput) as caught:
        daguai_deal(["1", "2"])
    assert caught.value.code == "deal_not_finished"


@pytest.mark.parametrize(
    ("order", "field"), [(["1", "1"], "finishing_order"), (["1", "9"], "finishing_order[1]")]
)
def test_k5_a_malformed_order(order, field):
    with pytest.raises(BadInput) as caught:
        score_as_it_stands(order)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("order", "points", "trapped"),
    [("", 0, 0), ("1", 0, 2), ("12", 0, 2), ("132", 1, 1), ("1324", 1, 1)],
)
def test_k6_a_deal_stopped_by_the_clock_is_scored_as_it_stands(order, points, trapped):
    score = score_as_it_stands(list(order))
    assert (score.points, score.trapped, score.finished) == (points, trapped, False)
    assert score.team == (Team.A if order else None)


def test_k6_the_clock_is_fifteen_minutes():
    assert not clock_expired(14 * 60 + 59) and clock_expired(15 * 60)
    assert clock_expired(10 * 60, profile=STANDARD.with_overrides({"deal_minutes": 10}))


def test_k5_the_score_as_json():
    assert daguai_deal(list("1235")).to_dict() == {
        "team": "A",
        "points": 5,
        "caught": 2,
        "trapped": 0,
        "finished": True,
        "by_team": {"A": 5, "B": 0},
    }


@given(st.permutations(SEATS))
def test_k5_agrees_with_the_g9_scoring_method_daguai_deal(seats):
    team, points = daguai_deal_points(
        [seat.team for seat in seats], team_size=3, catch=STANDARD.catch, trapped=STANDARD.trapped
    )
    score = daguai_deal(list(seats))
    assert (score.team, score.points) == (team, points)
