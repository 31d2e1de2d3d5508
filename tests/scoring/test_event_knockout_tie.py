"""A knockout tie of one game through the API (G8): a level-sheet tie needs the winner of the extra
deal. Its own module, as its event has the slug of the cup that test_event_knockout_end_to_end.py
plays once for all its tests."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API
from tests.scoring.test_event_knockout_end_to_end import Cup, check
from tests.tournaments.conftest import assert_problem, field_errors

pytestmark = pytest.mark.django_db


def test_g8_a_level_sheet_tie_in_a_knockout_needs_the_winner(db):
    cup = Cup(best_of=1, pairs=4)
    cup.new_round()
    check(cup.draw(1))
    match = cup.publish(1)[0]
    url = f"{API}/matches/{match['id']}/result"
    tie = {"levels": {"NS": "9", "EW": "9"}, "deals_played": 8}
    response = cup.keeper.post(url, tie)
    assert_problem(response, 422, "winner_required")
    assert field_errors(response) == {"winner": "winner_required"}
    version = check(cup.keeper.post(url, {**tie, "winner": "EW"}), 201)["versions"][0]
    assert (version["winner"], version["games"][0]["tiebreak"]) == ("EW", "extra_deal")
