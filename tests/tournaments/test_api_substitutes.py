"""Substitutes (替补; docs/events.md "Substitutes"): a person plays in a registered player's place
from a round on; the pair keeps its number and points; the table's answer says who played, and
the club's ratings rate the player who played."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    RoundFactory,
    StageFactory,
    assert_problem,
    field_errors,
    make_pairs,
    role_client,
)
from tournaments.models import Role, RoundStatus, Substitution

pytestmark = pytest.mark.django_db


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.slug}/substitutions/{tail}"


def substitute(client, event, pair, **body):
    return client.post(url(event), {"pair": pair.pk, "replaced": pair.player_1_id, **body}, format="json")


def test_a_substitute_is_recorded_with_who_for_whom_and_from_which_round():
    event = EventFactory(published=True)
    pair = make_pairs(event, 1)[0]
    response = substitute(
        role_client(event, Role.ORGANIZER), event, pair, name="Li Si", from_round=2, note="exams"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["pair_number"], body["replaced"]["id"], body["substitute"]["name"], body["from_round"]) == (
        pair.number,
        pair.player_1_id,
        "Li Si",
        2,
    )
    assert body["until_round"] is None


def test_the_tables_answer_says_who_played_in_the_rounds_the_substitution_covers():
    event = EventFactory(published=True)
    a, b = make_pairs(event, 2)
    stage = StageFactory(event=event)
    first = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    second = RoundFactory(event=event, stage=stage, number=2, status=RoundStatus.PUBLISHED)
    before, after = (MatchFactory(round=r, table=1, ns_pair=a, ew_pair=b) for r in (first, second))
    organizer = role_client(event, Role.ORGANIZER)
    substitute(organizer, event, a, name="Li Si", from_round=2)
    assert organizer.get(f"/api/v1/matches/{before.pk}/").json()["substitutes"] == []
    played = organizer.get(f"/api/v1/matches/{after.pk}/").json()["substitutes"]
    assert [(s["pair"], s["replaced"]["id"], s["substitute"]["name"]) for s in played] == [
        (a.pk, a.player_1_id, "Li Si")
    ]


def test_a_substitution_ends_when_the_player_comes_back():
    event = EventFactory(published=True)
    pair = make_pairs(event, 1)[0]
    organizer = role_client(event, Role.ORGANIZER)
    created = substitute(organizer, event, pair, name="Li Si", from_round=2).json()
    ended = organizer.post(url(event, f"{created['id']}/end"), {"until_round": 3}, format="json")
    assert ended.status_code == 200 and ended.json()["until_round"] == 3
    assert not Substitution.objects.get().covers(4)


def test_a_player_has_one_substitute_at_a_time():
    event = EventFactory(published=True)
    pair = make_pairs(event, 1)[0]
    organizer = role_client(event, Role.ORGANIZER)
    substitute(organizer, event, pair, name="Li Si", from_round=2)
    assert_problem(
        substitute(organizer, event, pair, name="Zhang San", from_round=3), 409, "substitution_overlaps"
    )


def test_only_a_player_of_the_pair_is_replaced():
    event = EventFactory(published=True)
    pair, other = make_pairs(event, 2)
    response = substitute(
        role_client(event, Role.ORGANIZER), event, pair, replaced=other.player_1_id, name="X", from_round=1
    )
    assert_problem(response, 400, "not_in_pair")


def test_a_player_of_another_pair_is_no_substitute():
    event = EventFactory(published=True)
    pair, other = make_pairs(event, 2)
    response = substitute(
        role_client(event, Role.ORGANIZER), event, pair, substitute=other.player_2_id, from_round=1
    )
    assert_problem(response, 400, "substitute_in_a_pair")
    assert field_errors(response) == {"substitute": "substitute_in_a_pair"}


def test_a_substitute_is_named_once():
    event = EventFactory(published=True)
    pair = make_pairs(event, 1)[0]
    spare = PlayerFactory(event=event)
    response = substitute(
        role_client(event, Role.ORGANIZER), event, pair, substitute=spare.pk, name="X", from_round=1
    )
    assert_problem(response, 400, "substitute_required")


@pytest.mark.parametrize(
    ("role", "status"), [(Role.CHIEF_REFEREE, 201), (Role.REFEREE, 403), (Role.SCOREKEEPER, 403)]
)
def test_the_organizer_and_the_chief_referee_record_substitutes(role, status):
    event = EventFactory(published=True)
    pair = make_pairs(event, 1)[0]
    assert substitute(role_client(event, role), event, pair, name="Li Si", from_round=1).status_code == status
