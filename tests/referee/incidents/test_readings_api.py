"""Where the seeds leave a reading open, the default takes one and a setting offers the other
(docs/referees.md "Readings"): exactly 10 minutes late is no forfeit by default ("10分钟后", seed 001)
and is one with ``late.forfeit_when: at_limit`` ("10分钟不到场"); illegal signals disqualify at the
4th under the seed-000 profile, at once with a one-step row."""

from __future__ import annotations

import pytest

from tests.referee.incidents.conftest import API, report, ruled
from tests.tournaments.conftest import field_errors
from tournaments.models import PairStatus

pytestmark = pytest.mark.django_db

WARNING = [{"kind": "warning", "to": "offender"}]
FORFEIT = [{"kind": "forfeit", "to": "offender"}]


def _set(organizer, event, setting: dict):
    return organizer.patch(f"{API}/events/{event.slug}/", {"penalty_table": setting}, format="json")


@pytest.mark.parametrize(
    ("when", "minutes", "effects"),
    [
        (None, 9, WARNING),
        (None, 10, WARNING),  # the default: "10分钟后", 10 is not yet past the limit
        (None, 11, FORFEIT),
        ("past_limit", 10, WARNING),
        ("at_limit", 9, WARNING),
        ("at_limit", 10, FORFEIT),  # "10分钟不到场": at 10 the side forfeits
        ("at_limit", 11, FORFEIT),
    ],
)
def test_late_arrival_at_the_limit_forfeits_as_the_event_reads_it(
    play, referee, organizer, when, minutes, effects
):
    event, match = play["event"], play["matches"][0]
    if when is not None:
        response = _set(organizer, event, {"rows": {"late_arrival": {"late": {"forfeit_when": when}}}})
        assert response.status_code == 200, response.json()
        assert response.json()["penalty_rules"]["rows"]["late_arrival"]["late"]["forfeit_when"] == when
    incident = report(referee, event, match, "late_arrival", side="EW")
    (ruling,) = ruled(referee, event, incident, minutes_late=minutes)["rulings"]
    assert ruling["effects"] == effects
    assert ruling["overrides_table"] is False


def test_the_default_reading_is_shown_in_the_events_penalty_rules(play, organizer):
    event = play["event"]
    rules = organizer.get(f"{API}/events/{event.slug}/").json()["penalty_rules"]
    assert rules["rows"]["late_arrival"]["late"]["forfeit_when"] == "past_limit"


@pytest.mark.parametrize("value", ["at", 10, None, ["at_limit"]])
def test_a_bad_late_reading_names_its_field(play, organizer, value):
    event = play["event"]
    response = _set(organizer, event, {"rows": {"late_arrival": {"late": {"forfeit_when": value}}}})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
    assert field_errors(response) == {"penalty_table.rows.late_arrival.late.forfeit_when": "invalid_choice"}
    event.refresh_from_db()
    assert event.penalty_table == {}


def test_an_event_that_reads_signals_as_disqualifying_at_once_disqualifies_at_the_first(
    play, referee, organizer
):
    event, match = play["event"], play["matches"][0]
    setting = {"rows": {"illegal_signal": {"steps": [[{"kind": "disqualification"}]]}}}
    assert _set(organizer, event, setting).status_code == 200
    incident = report(referee, event, match, "illegal_signal", side="EW")
    (ruling,) = ruled(referee, event, incident)["rulings"]
    assert (ruling["count"], ruling["effects"]) == (1, [{"kind": "disqualification", "to": "offender"}])
    match.ew_pair.refresh_from_db()
    assert match.ew_pair.status == PairStatus.DISQUALIFIED
