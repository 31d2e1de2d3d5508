"""The states of a submitted result (G8, docs/scoring.md §2): ``result_submit`` is a transitions
table, each state has its action, and the table always names a state."""

from __future__ import annotations

from scoring.services import results
from scoring.services.result_steps import TRANSITIONS, Arrival


def test_g8_every_state_of_a_submission_has_one_row_and_one_action():
    assert [row.arrival for row in TRANSITIONS] == list(Arrival)
    assert set(results._ACTIONS) == set(Arrival)


def test_g8_a_submission_that_meets_nothing_is_a_new_version():
    assert TRANSITIONS[-1].arrival is Arrival.NEW
    assert TRANSITIONS[-1].condition(object())  # type: ignore[arg-type]  # holds whatever it meets


def test_g8_only_a_closed_round_question_follows_the_official_result():
    # Corrections check their own rights (may_correct); an official result is answered before the
    # round's state is asked; every other state asks that the actor may still score the round.
    scorable = {row.arrival for row in TRANSITIONS if row.scorable}
    assert scorable == set(Arrival) - {
        Arrival.CORRECTION_AGAIN,
        Arrival.CORRECTION,
        Arrival.CONFIRMED_AGAIN,
        Arrival.CONFIRMED_OTHER,
    }
