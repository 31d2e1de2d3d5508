"""Every row of every built-in penalty table (G12), through the API: an event picks the table, a
table reports the same infraction four times in one match, a referee confirms what the table
proposes each time, and the ruling carries the table's effects for the 1st, 2nd, 3rd and 4th."""

from __future__ import annotations

import pytest

from engine.penalties import DECIDING_KINDS, TABLES, Infraction
from tests.engine.test_penalties import EXPECTED, notation
from tests.referee.incidents.conftest import incidents_url, report, ruled
from tests.tournaments.conftest import field_errors

pytestmark = pytest.mark.django_db

CASES = [
    pytest.param(key, infraction, id=f"{key}-{infraction}") for key in TABLES for infraction in Infraction
]


@pytest.mark.parametrize(("key", "infraction"), CASES)
def test_g12_the_table_proposes_each_offence_and_the_referee_confirms_it(play, referee, key, infraction):
    event, match = play["event"], play["matches"][0]
    event.penalty_table = {"table": key}
    event.save()
    for count, expected in enumerate(EXPECTED[key][infraction], start=1):
        incident = report(referee, event, match, infraction, seat="N", deal=count)
        assert incident["proposal"]["count"] == count
        answer = ruled(referee, event, incident)
        (ruling,) = answer["rulings"]
        assert ruling["count"] == count
        assert ruling["rule"] == f"G12 {key}: {infraction}"
        assert tuple(notation(effect) for effect in ruling["effects"]) == expected, (count, ruling["effects"])
        assert [p["kind"] for p in ruling["penalties"]] == [e["kind"] for e in ruling["effects"]]
        assert ruling["overrides_table"] is False
        # a ruling that decides the match goes to the chief referee (G12): flagged for review
        assert ruling["flagged"] is any(effect["kind"] in DECIDING_KINDS for effect in ruling["effects"])


def test_g12_an_event_changes_a_number_of_its_table(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    setting = {
        "table": "club_levels",
        "rows": {"hidden_card": {"steps": [[{"kind": "levels", "to": "opponents", "amount": 2}]]}},
    }
    response = organizer.patch(f"/api/v1/events/{event.slug}/", {"penalty_table": setting}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["penalty_rules"]["rows"]["hidden_card"]["steps"] == [
        [{"kind": "levels", "to": "opponents", "amount": 2}]
    ]
    incident = report(referee, event, match, "hidden_card", seat="E")
    (ruling,) = ruled(referee, event, incident)["rulings"]
    assert ruling["effects"] == [{"kind": "levels", "to": "opponents", "amount": 2}]


@pytest.mark.parametrize(
    ("setting", "field", "code"),
    [
        ({"table": "nope"}, "penalty_table.table", "unknown_table"),
        ({"table": {}}, "penalty_table.table", "unknown_table"),  # an object is no key (was a 500)
        ({"rows": {"nope": {}}}, "penalty_table.rows.nope", "unknown_infraction"),
        (
            {"rows": {"slow_play": {"steps": [[{"kind": "levels", "to": "opponents"}]]}}},
            "penalty_table.rows.slow_play.steps.0.0.amount",
            "required",
        ),
        ({"disqualified_results": "erase"}, "penalty_table.disqualified_results", "invalid_choice"),
        ({"disqualified_results": ["keep"]}, "penalty_table.disqualified_results", "invalid_choice"),
    ],
)
def test_a_bad_penalty_table_setting_names_its_field(play, organizer, setting, field, code):
    event = play["event"]
    response = organizer.patch(f"/api/v1/events/{event.slug}/", {"penalty_table": setting}, format="json")
    assert response.status_code == 400
    assert field_errors(response) == {field: code}
    event.refresh_from_db()
    assert event.penalty_table == {}


def test_g12_the_rule_profiles_signal_variant_disqualifies_at_the_fourth_signal(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    event.ruleset = "guandan-seed-000"
    event.save()
    incidents = [report(referee, event, match, "illegal_signal", side="EW") for _ in range(4)]
    rulings = [ruled(referee, event, incident)["rulings"][0] for incident in incidents]
    assert [r["effects"] for r in rulings[:3]] == [[{"kind": "warning", "to": "offender"}]] * 3
    assert rulings[3]["effects"] == [{"kind": "disqualification", "to": "offender"}]
    assert referee.get(incidents_url(event)).status_code == 200
