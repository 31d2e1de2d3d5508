"""A pair disqualified by its organizer (``PATCH …/pairs/{id}/``) and one disqualified by a ruling
score their past matches alike, by the event's ``disqualified_results`` (docs/referees.md §2, G12;
issue 22): ``keep`` leaves them as played, ``forfeit`` scores each as the pair's forfeit."""

from __future__ import annotations

import pytest

from tests.referee.incidents.conftest import API, offence, standings
from tests.tournaments.conftest import confirm

pytestmark = pytest.mark.django_db

# Table 1: EW (pair 2) beat NS (pair 1); (NS, EW) match points of the 2-1-0 scale.
AS_PLAYED, AS_FORFEIT = (0, 2), (2, 0)


def _event(play, results: str):
    event, match = play["event"], play["matches"][0]
    event.penalty_table = {
        "rows": {"illegal_signal": {"steps": [[{"kind": "disqualification"}]]}},
        "disqualified_results": results,
    }
    event.save()
    confirm(match, match.ew_pair)
    return event, match


def _points(table: dict, match) -> tuple:
    by_pair = {row["pair"]["id"]: row["match_points"] for row in table["rows"]}
    return by_pair[match.ns_pair_id], by_pair[match.ew_pair_id]


def _patch(organizer, event, pair, status: str) -> None:
    response = organizer.patch(
        f"{API}/events/{event.slug}/pairs/{pair.pk}/",
        {"status": status, "status_reason": "signals"},
        format="json",
    )
    assert response.status_code == 200, response.json()


@pytest.mark.parametrize(("results", "expected"), [("keep", AS_PLAYED), ("forfeit", AS_FORFEIT)])
def test_a_pair_its_organizer_disqualifies_scores_its_past_matches_by_the_events_setting(
    play, organizer, results, expected
):
    event, match = _event(play, results)
    _patch(organizer, event, match.ew_pair, "disqualified")
    assert _points(standings(organizer, event), match) == expected


@pytest.mark.parametrize("results", ["keep", "forfeit"])
def test_the_patch_and_the_ruling_leave_the_same_standings(play, referee, chief, organizer, results):
    event, match = _event(play, results)
    ruling = offence(referee, event, match, "illegal_signal", side="EW")
    by_ruling = standings(organizer, event)["rows"]
    (penalty,) = ruling["penalties"]
    cancel = chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "by hand"}, format="json")
    assert cancel.status_code == 200, cancel.json()
    assert _points(standings(organizer, event), match) == AS_PLAYED  # lifted: as played again
    _patch(organizer, event, match.ew_pair, "disqualified")
    by_patch = standings(organizer, event)["rows"]
    assert [(r["pair"]["id"], r["match_points"]) for r in by_patch] == [
        (r["pair"]["id"], r["match_points"]) for r in by_ruling
    ]


def test_a_reinstated_pair_gets_its_results_back(play, organizer):
    event, match = _event(play, "forfeit")
    _patch(organizer, event, match.ew_pair, "disqualified")
    _patch(organizer, event, match.ew_pair, "active")
    assert _points(standings(organizer, event), match) == AS_PLAYED
