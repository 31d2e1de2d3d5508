"""What the table's phone sees of its incidents (docs/referees.md §2, issue 22): the proposal the
referee is about to rule — the count so far, the step of the event's table, its effects."""

from __future__ import annotations

import pytest

from tests.referee.incidents.conftest import incidents_url, offence, report

pytestmark = pytest.mark.django_db


def test_the_tables_phone_sees_the_proposal_on_the_incident_it_reports(play, table_1):
    event, match = play["event"], play["matches"][0]
    incident = report(table_1, event, match, "hidden_card", seat="N")
    assert incident["proposal"] == {
        "infraction": "hidden_card",
        "count": 1,
        "scope": "side",
        "effects": [{"kind": "levels", "to": "opponents", "amount": 1, "on_stage": True}],
        "reason": incident["proposal"]["reason"],
    }
    assert incident["reported_by"] is None  # who reported stays with the referees


def test_the_tables_phone_sees_the_step_the_count_so_far_reaches(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    offence(referee, event, match, "hidden_card", seat="N")
    offence(referee, event, match, "hidden_card", seat="S")
    incident = report(table_1, event, match, "hidden_card", seat="N")
    answer = table_1.get(incidents_url(event, f"{incident['id']}/"))
    assert answer.status_code == 200
    proposal = answer.json()["proposal"]
    assert proposal["count"] == 3
    assert proposal["effects"] == [{"kind": "match_awarded", "to": "opponents"}]


def test_the_proposal_is_gone_once_the_incident_is_ruled(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(table_1, event, match, "slow_play", seat="E")
    referee.post(incidents_url(event, f"{incident['id']}/rule"), {}, format="json")
    assert table_1.get(incidents_url(event, f"{incident['id']}/")).json()["proposal"] is None
