"""``GET /events/{slug}/matches/{id}/penalty-proposal``: what the next offence would cost, without
reporting an incident (docs/referees.md §2, docs/api.md; issue 22) — the count so far, the step of
the event's penalty table it would hit, its effects. The event's staff and the table's token read it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from referee.models import Incident
from tests.referee.incidents.conftest import API, offence
from tests.tournaments.conftest import assert_problem

pytestmark = pytest.mark.django_db


def url(event, match) -> str:
    return f"{API}/events/{event.slug}/matches/{match.pk}/penalty-proposal"


def ask(client, event, match, status: int = 200, **query):
    response = client.get(url(event, match), query)
    assert response.status_code == status, response.json()
    return response.json()


def test_g12_the_proposal_for_a_first_offence_names_the_step_and_its_effects(play, referee):
    event, match = play["event"], play["matches"][0]
    answer = ask(referee, event, match, offence="hidden_card", side="NS")
    assert answer == {
        "match": match.pk,
        "side": "NS",
        "seat": None,
        "infraction": "hidden_card",
        "count": 1,
        "scope": "side",
        "effects": [{"kind": "levels", "to": "opponents", "amount": 1, "on_stage": True}],
        "reason": "default: hidden_card — the 1st in this match (side)",
    }
    assert not Incident.objects.exists()  # asking reports nothing


def test_g12_the_proposal_counts_the_sides_rulings_so_far(play, referee):
    event, match = play["event"], play["matches"][0]
    offence(referee, event, match, "hidden_card", seat="N")
    offence(referee, event, match, "hidden_card", seat="S")
    third = ask(referee, event, match, offence="hidden_card", seat="N")
    assert (third["side"], third["count"]) == ("NS", 3)
    assert third["effects"] == [{"kind": "match_awarded", "to": "opponents"}]
    assert ask(referee, event, match, offence="hidden_card", side="EW")["count"] == 1


def test_g12_a_late_arrival_proposal_reads_the_minutes(play, referee):
    event, match = play["event"], play["matches"][0]
    answer = ask(referee, event, match, offence="late_arrival", side="EW", minutes_late=11)
    assert answer["effects"] == [{"kind": "forfeit", "to": "offender"}]


def test_g12_the_tables_token_reads_its_own_tables_proposal_only(play, table_1):
    event, (first, second) = play["event"], play["matches"]
    assert ask(table_1, event, first, offence="slow_play", seat="E")["count"] == 1
    assert_problem(table_1.get(url(event, second), {"offence": "slow_play", "seat": "E"}), 403, "wrong_table")


def test_g12_the_public_does_not_read_a_proposal(play):
    event, match = play["event"], play["matches"][0]
    response = APIClient().get(url(event, match), {"offence": "slow_play", "side": "NS"})
    assert response.status_code in (401, 403)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"side": "NS"}, "offence"),
        ({"offence": "nope", "side": "NS"}, "offence"),
        ({"offence": "hidden_card"}, "side"),
        ({"offence": "slow_play"}, "seat"),  # counted per player: the seat, never the side alone
        ({"offence": "slow_play", "side": "NS"}, "seat"),
    ],
)
def test_g12_a_proposal_needs_a_known_offence_and_who(play, referee, query, field):
    event, match = play["event"], play["matches"][0]
    body = ask(referee, event, match, 400, **query)
    assert body["errors"][0]["field"] == field


def test_g12_a_match_of_another_event_has_no_proposal(play, referee):
    event = play["event"]
    response = referee.get(
        f"{API}/events/{event.slug}/matches/999999/penalty-proposal", {"offence": "slow_play"}
    )
    assert response.status_code == 404
