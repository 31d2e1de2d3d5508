"""A match that a ruling awarded takes no more deals, from anyone (docs/referees.md "A match decided
by a ruling", issue 22): the table, its scorekeeper, a referee, the chief referee and an organizer are
refused alike (409), until the award is overturned or its penalty cancelled."""

from __future__ import annotations

import pytest

from tests.referee.incidents.conftest import incidents_url, offence, report, ruled
from tests.scoring.conftest import deals_url, post_deals
from tests.tournaments.conftest import assert_problem

pytestmark = pytest.mark.django_db


def _awarded(play, referee, table_1) -> dict:
    """Table 1 plays deal 1; N's third hidden card awards the match to EW. The third incident."""
    event, match = play["event"], play["matches"][0]
    post_deals(table_1, match, [["N", "S"]])
    for _ in range(2):
        offence(referee, event, match, "hidden_card", seat="N")
    incident = report(referee, event, match, "hidden_card", seat="N")
    (ruling,) = ruled(referee, event, incident)["rulings"]
    assert [p["kind"] for p in ruling["penalties"]] == ["match_awarded"]
    return incident


def _post_deal_2(client, match):
    return client.post(deals_url(match), {"number": 2, "finishing_order": ["E", "W"]}, format="json")


@pytest.mark.parametrize("who", ["table_1", "keeper", "referee", "chief", "organizer"])
def test_no_one_posts_deals_to_a_match_a_ruling_awarded(play, referee, table_1, request, who):
    _awarded(play, referee, table_1)
    response = _post_deal_2(request.getfixturevalue(who), play["matches"][0])
    body = assert_problem(response, 409, "match_closed")
    assert "ruling" in body["detail"]


def test_a_referee_posts_deals_again_once_the_award_is_overturned(play, referee, chief, table_1):
    event, match = play["event"], play["matches"][0]
    incident = _awarded(play, referee, table_1)
    appeal = table_1.post(
        incidents_url(event, f"{incident['id']}/appeal"),
        {"side": "NS", "reason": "no card hidden"},
        format="json",
    )
    assert appeal.status_code == 201, appeal.json()
    decided = chief.post(
        incidents_url(event, f"{incident['id']}/decide"),
        {"decision": "overturn", "reason": "the card was on the floor"},
        format="json",
    )
    assert decided.status_code == 200, decided.json()
    assert _post_deal_2(referee, match).status_code == 201


def test_deals_are_open_again_once_the_award_is_cancelled(play, referee, chief, table_1):
    event, match = play["event"], play["matches"][0]
    incident = _awarded(play, referee, table_1)
    record = referee.get(incidents_url(event, f"{incident['id']}/")).json()
    (penalty,) = record["rulings"][-1]["penalties"]
    cancel = chief.post(f"/api/v1/penalties/{penalty['id']}/cancel", {"reason": "a mistake"}, format="json")
    assert cancel.status_code == 200, cancel.json()
    assert _post_deal_2(table_1, match).status_code == 201
