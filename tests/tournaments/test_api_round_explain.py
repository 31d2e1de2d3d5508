"""A round's pairings in figures, ``GET …/rounds/{n}/explain`` (G11 score groups and floats; G9 the
points carried in): what the desk's draw explanation shows beside its words (docs/desk.md "Rounds")."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import StageFactory, actor_client, assert_problem, confirm_round, make_pairs
from tournaments.models import Round, StageKind

pytestmark = pytest.mark.django_db


def url(event, number: int) -> str:
    return f"/api/v1/events/{event.slug}/rounds/{number}/explain"


def drawn(client, event, stage) -> Round:
    number = client.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json").json()[
        "number"
    ]
    response = client.post(f"/api/v1/events/{event.slug}/rounds/{number}/draw", {"seed": 7}, format="json")
    assert response.status_code == 200, response.json()
    return Round.objects.get(event=event, number=number)


@pytest.fixture
def second_round(event):
    """Six pairs; round 1 drawn and won by every North–South pair; round 2 drawn: three winners
    and three losers, so one winner must float down."""
    make_pairs(event, 6)
    stage = StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")
    organizer = actor_client(event, "organizer")
    first = drawn(organizer, event, stage)
    confirm_round(first)
    winners = set(first.matches.values_list("ns_pair__number", flat=True))
    return drawn(organizer, event, stage), winners


def test_g11_each_pair_shows_the_points_it_carried_in_and_its_score_group(event, second_round):
    round_, winners = second_round
    body = actor_client(event, "organizer").get(url(event, 2)).json()
    assert body["round"] == 2
    top, bottom = body["groups"]
    assert (top["group"], top["pairs"], bottom["group"], bottom["pairs"]) == (1, 3, 2, 3)
    assert top["points"] > bottom["points"]
    pairs = [pair for table in body["tables"] for pair in table["pairs"]]
    numbers = sorted(round_.event.pairs.values_list("number", flat=True))
    assert sorted(pair["number"] for pair in pairs) == numbers
    for pair in pairs:
        expected = top if pair["number"] in winners else bottom
        assert (pair["points"], pair["group"]) == (expected["points"], expected["group"])


def test_g11_a_float_shows_how_far_it_went_and_matches_the_float_flag(event, second_round):
    body = actor_client(event, "organizer").get(url(event, 2)).json()
    floats = [table for table in body["tables"] if table["float_groups"]]
    assert len(floats) == 1  # three pairs on top: one of them meets a pair of the group below
    (crossing,) = floats
    points = [pair["points"] for pair in crossing["pairs"]]
    assert crossing["float_points"] == max(points) - min(points) > 0
    assert crossing["float_groups"] == 1
    for table in body["tables"]:
        assert ("float" in table["flags"]) == bool(table["float_groups"]), table


def test_g11_a_first_round_is_one_score_group_without_floats(event):
    make_pairs(event, 4)
    stage = StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")
    drawn(actor_client(event, "organizer"), event, stage)
    body = actor_client(event, "organizer").get(url(event, 1)).json()
    assert body["groups"] == [{"group": 1, "points": 0.0, "pairs": 4}]
    assert [(t["float_points"], t["float_groups"]) for t in body["tables"]] == [(0.0, 0), (0.0, 0)]


def test_a_draft_round_is_explained_to_its_organizer_only(event, second_round):
    assert actor_client(event, "organizer").get(url(event, 2)).status_code == 200
    assert_problem(actor_client(event, "anonymous").get(url(event, 2)), 404, "not_found")
