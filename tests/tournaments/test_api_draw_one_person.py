"""No draw seats one person twice (issue 35 defect 1; G11; docs/clubs.md: one person plays an event
once): whatever the draw system, a hand edit or publishing, a member who plays for two entrants of
the round is ``409 member_drawn_twice`` and nothing is stored."""

from __future__ import annotations

import pytest

from tests.factories import MemberFactory, PlayerFactory
from tests.tournaments.conftest import EventFactory, StageFactory, assert_problem, make_pairs, role_client
from tests.tournaments.test_api_rounds import draw, new_round, rounds_url
from tournaments.models import Match, Pair, Role, Round, StageKind, Substitution

pytestmark = pytest.mark.django_db


def same_person(*players) -> None:
    """The players are one member (records merged after the registration, an old qualifiers bug)."""
    member = MemberFactory()
    for player in players:
        player.member = member
        player.save()


@pytest.mark.parametrize("kind", [StageKind.SWISS, StageKind.ROUND_ROBIN, StageKind.KNOCKOUT])
def test_g11_no_draw_seats_a_member_against_themselves(event, organizer, kind):
    stage = StageFactory(event=event, kind=kind)
    first, second = make_pairs(event, 2)
    same_person(first.player_1, second.player_2)
    number = new_round(organizer, event, stage)["number"]
    body = assert_problem(draw(organizer, event, number), 409, "member_drawn_twice")
    assert body["members"] == [
        {"member": first.player_1.member_id, "pairs": [first.number, second.number], "tables": [1, 1]}
    ]
    assert "against themselves" in body["detail"]
    assert not Match.objects.filter(round__event=event).exists()
    assert Round.objects.get(event=event, number=number).draw_seed is None


def test_g11_no_draw_seats_a_member_at_two_tables(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    pairs = make_pairs(event, 8)
    same_person(pairs[0].player_1, *(pair.player_2 for pair in pairs[1:]))  # one person in every pair
    number = new_round(organizer, event, stage)["number"]
    body = assert_problem(draw(organizer, event, number), 409, "member_drawn_twice")
    (clash,) = body["members"]
    assert sorted(clash["pairs"]) == sorted(pair.number for pair in pairs)
    assert len(set(clash["tables"])) == 4


def test_g11_a_draw_of_other_people_is_not_refused(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    pairs = make_pairs(event, 4)
    same_person(pairs[0].player_1)  # a member once
    number = new_round(organizer, event, stage)["number"]
    assert draw(organizer, event, number).status_code == 200


def test_g11_publishing_refuses_a_substitute_who_plays_for_another_pair(event, organizer):
    """A substitute (替补) named after the draw who is entered in the other pair of the table."""
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    first, second = make_pairs(event, 2)
    number = new_round(organizer, event, stage)["number"]
    assert draw(organizer, event, number).status_code == 200
    same_person(first.player_1)
    stand_in = PlayerFactory(event=event, member=first.player_1.member)
    Substitution.objects.create(pair=second, replaced=second.player_1, substitute=stand_in, from_round=1)
    response = organizer.post(rounds_url(event, number, "publish"), {}, format="json")
    body = assert_problem(response, 409, "member_drawn_twice")
    assert body["members"][0]["pairs"] == [first.number, second.number]
    assert Round.objects.get(event=event, number=number).status == "draft"


def test_g11_a_hand_edit_is_checked_too(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    make_pairs(event, 4)
    number = new_round(organizer, event, stage)["number"]
    assert draw(organizer, event, number).status_code == 200
    matches = list(Match.objects.filter(round__number=number, round__event=event).order_by("table"))
    a, b = matches[0].ns_pair, matches[1].ns_pair
    partner = matches[0].ew_pair
    same_person(a.player_1, b.player_1)  # a and b may not sit at one table: a swap with a's opponent
    body = {"pair_a": partner.pk, "pair_b": b.pk}
    response = organizer.post(rounds_url(event, number, "swap"), body, format="json")
    assert_problem(response, 409, "member_drawn_twice")
    assert Match.objects.get(pk=matches[0].pk).ew_pair_id == partner.pk  # nothing stored


def test_d10_no_table_of_four_seats_one_person_twice(db):
    ddz = EventFactory(published=True, game="doudizhu4", ruleset="doudizhu4-standard")
    stage = StageFactory(event=ddz, kind=StageKind.SWISS)
    alone = [
        Pair.objects.create(event=ddz, number=n, player_1=PlayerFactory(event=ddz)) for n in (1, 2, 3, 4)
    ]
    same_person(alone[0].player_1, alone[3].player_1)
    staff = role_client(ddz, Role.ORGANIZER)
    number = new_round(staff, ddz, stage)["number"]
    body = assert_problem(draw(staff, ddz, number), 409, "member_drawn_twice")
    assert body["members"][0]["pairs"] == [1, 4]
