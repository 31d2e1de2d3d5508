"""Every input of the referee's records refuses what it does not take (issue 35 item 7; docs/api.md
"Errors"): an unknown or misplaced field is ``400 unknown_field`` on that field, and nothing is
written — a fact sent where it is not read would be lost while the answer looks as if it counted.
"""

from __future__ import annotations

import pytest

from referee.models import Appeal, Incident, Ruling
from tests.referee.incidents.conftest import API, incidents_url, offence, report, ruled
from tests.tournaments.conftest import assert_problem, confirm, field_errors

pytestmark = pytest.mark.django_db


def test_g12_minutes_late_on_a_report_is_refused_not_dropped(play, referee):
    event, match = play["event"], play["matches"][0]
    body = {"match": match.pk, "infraction": "late_arrival", "side": "EW", "minutes_late": 12}
    response = referee.post(incidents_url(event), body, format="json")
    problem = assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"minutes_late": "unknown_field"}
    assert "ruling" in problem["errors"][0]["message"]
    assert not Incident.objects.exists()


def test_an_unknown_field_on_a_report_is_refused(play, referee):
    event, match = play["event"], play["matches"][0]
    body = {"match": match.pk, "infraction": "slow_play", "seat": "N", "severity": "high"}
    response = referee.post(incidents_url(event), body, format="json")
    assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"severity": "unknown_field"}


def test_every_unknown_field_is_named(play, referee):
    event, match = play["event"], play["matches"][0]
    body = {"match": match.pk, "infraction": "slow_play", "seat": "N", "a": 1, "b": 2}
    response = referee.post(incidents_url(event), body, format="json")
    assert field_errors(response) == {"a": "unknown_field", "b": "unknown_field"}


def test_g12_an_unknown_field_on_a_ruling_is_refused(play, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "late_arrival", side="EW")
    response = referee.post(
        incidents_url(event, f"{incident['id']}/rule"), {"minutes_late": 12, "late": 12}, format="json"
    )
    assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"late": "unknown_field"}
    assert not Ruling.objects.exists()


def test_g12_the_ruling_reads_minutes_late(play, referee):
    """Where ``minutes_late`` belongs, it counts: 11 minutes late proposes more than a warning."""
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "late_arrival", side="EW")
    warned = ruled(referee, event, report(referee, event, play["matches"][1], "late_arrival", side="EW"))
    late = ruled(referee, event, incident, minutes_late=40)
    assert late["rulings"][-1]["effects"] != warned["rulings"][-1]["effects"]


def test_g12_an_unknown_field_on_an_appeal_is_refused(play, referee, table_1):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    response = table_1.post(
        incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS", "pin": "1234"}, format="json"
    )
    assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"pin": "unknown_field"}
    assert not Appeal.objects.exists()


def test_g12_an_unknown_field_on_a_decision_is_refused(play, referee, chief, table_1):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    appealed = table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS"}, format="json")
    assert appealed.status_code == 201, appealed.json()
    response = chief.post(
        incidents_url(event, f"{incident['id']}/decide"),
        {"decision": "overturn", "reason": "seen", "status": "overturned"},
        format="json",
    )
    assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"status": "unknown_field"}


def test_g12_an_unknown_field_on_a_cancellation_is_refused(play, referee, chief):
    event, match = play["event"], play["matches"][0]
    (penalty,) = offence(referee, event, match, "player_change", side="NS")["penalties"]
    response = chief.post(
        f"{API}/penalties/{penalty['id']}/cancel", {"reason": "registered", "undo": True}, format="json"
    )
    assert_problem(response, 400, "unknown_field")
    assert field_errors(response) == {"undo": "unknown_field"}
