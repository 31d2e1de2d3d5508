"""A table reads its own incidents and their rulings (``GET /matches/{id}/incidents``, docs/table-app.md
"Incidents and rulings", issue 33): the public facts and the ruling's public effect (G12), never who
reported, the reporter's words, the referee's note or a written reason; the table read's ETag moves
when an incident is reported or ruled."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.referee.incidents.conftest import API, incidents_url, report, ruled
from tests.tournaments.conftest import assert_problem, table_client
from tournaments.models import TableToken

pytestmark = pytest.mark.django_db

PRIVATE = {
    "description",
    "note",
    "reported_by",
    "made_by",
    "override_reason",
    "cancel_reason",
    "reason",
    "decision",
}


def url(match) -> str:
    return f"{API}/matches/{match.pk}/incidents"


def keys(value) -> set[str]:
    """Every member name anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_the_table_reads_its_incident_and_the_rulings_public_effect_G12(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="EW", deal=3)
    ruled(referee, event, incident, note="seen by the referee at table 1")
    answer = table_1.get(url(match), HTTP_ACCEPT_LANGUAGE="zh-Hans")
    assert answer.status_code == 200
    (row,) = answer.json()
    assert row["id"] == incident["id"]
    assert (row["deal"], row["side"], row["infraction"], row["status"]) == (3, "EW", "hidden_card", "ruled")
    assert row["infraction_name"] == "藏牌"
    assert row["waits_for_chief"] is False
    assert row["ruling"]["status"] == "standing" and row["ruling"]["dismissed"] is False
    assert row["ruling"]["penalties"] == [
        {
            "kind": "levels",
            "kind_name": "级数",
            "to": "opponents",
            "side": "NS",
            "seats": [],
            "amount": 1,
            "on_stage": True,
            "status": "active",
        }
    ]


def test_the_infraction_is_named_in_the_callers_language(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    report(referee, event, match, "slow_play")
    (row,) = table_1.get(url(match)).json()
    assert row["infraction_name"] == "Slow play"
    assert row["ruling"] is None and row["status"] == "reported"


def test_the_table_never_sees_the_referees_own_words(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="EW")
    effects = [{"kind": "warning", "to": "offender"}]
    ruled(referee, event, incident, effects=effects, override_reason="a junior's first", note="private")
    body = table_1.get(url(match)).json()
    assert not keys(body) & PRIVATE
    assert "private" not in str(body) and "junior" not in str(body) and "called at the table" not in str(body)


def test_a_ruling_other_than_the_tables_waits_for_the_chief_referee(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="EW")
    ruled(referee, event, incident, effects=[{"kind": "warning", "to": "offender"}], override_reason="why")
    (row,) = table_1.get(url(match)).json()
    assert row["waits_for_chief"] is True and row["ruling"]["flagged"] is True


def test_an_appealed_ruling_says_it_waits_for_the_chief_referee(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="EW")
    ruled(referee, event, incident)
    appealed = table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "EW"}, format="json")
    assert appealed.status_code == 201, appealed.json()
    (row,) = table_1.get(url(match)).json()
    assert (row["status"], row["waits_for_chief"]) == ("appealed", True)


def test_another_tables_token_finds_nothing(play, referee):
    event, match = play["event"], play["matches"][0]
    report(referee, event, match, "hidden_card", side="EW")
    assert_problem(table_client(event, 2).get(url(match)), 404, "not_found")


def test_a_revoked_token_is_refused(play, table_1):
    TableToken.objects.filter(event=play["event"], table=1).update(revoked_at=timezone.now())
    assert table_1.get(url(play["matches"][0])).status_code == 401


def test_anonymous_is_asked_to_authenticate(play, api_client):
    assert api_client.get(url(play["matches"][0])).status_code == 401


def test_the_referees_read_it_too(play, referee):
    event, match = play["event"], play["matches"][0]
    report(referee, event, match, "slow_play")
    assert len(referee.get(url(match)).json()) == 1


def test_the_table_reads_etag_moves_when_an_incident_is_reported_and_ruled(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    first = table_1.get(f"{API}/table/")
    etag = first["ETag"]
    assert table_1.get(f"{API}/table/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    incident = report(referee, event, match, "hidden_card", side="EW")
    reported = table_1.get(f"{API}/table/", HTTP_IF_NONE_MATCH=etag)
    assert reported.status_code == 200 and reported["ETag"] != etag
    ruled(referee, event, incident)
    after = table_1.get(f"{API}/table/", HTTP_IF_NONE_MATCH=reported["ETag"])
    assert after.status_code == 200 and after["ETag"] != reported["ETag"]


def test_the_incidents_read_answers_304_until_a_ruling(play, table_1, referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="EW")
    etag = table_1.get(url(match))["ETag"]
    assert table_1.get(url(match), HTTP_IF_NONE_MATCH=etag).status_code == 304
    ruled(referee, event, incident)
    assert table_1.get(url(match), HTTP_IF_NONE_MATCH=etag).status_code == 200
