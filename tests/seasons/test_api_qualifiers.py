"""Qualifiers of a final (G11: 周赛 winners go on to the 月赛): computed from the feeders' confirmed
standings, registered into the final in one call, all or nothing (docs/series.md "Qualifiers")."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from seasons.models import Qualification
from tests.factories import EventFactory
from tests.seasons.conftest import club_organizer, link, members, played, series_of
from tests.tournaments.conftest import assert_problem, client_for, grant, new_user
from tournaments.models import EventStatus, Pair, PairStatus, Player, Role
from tournaments.services.clubs import member_merge
from tournaments.services.registration import RegistrationRefused, pair_create, pair_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(club):
    people = members(club, 6)
    week_1, pairs_1 = played(club, people[:4])  # people 0, 1, 2, 3 in this order
    week_2, pairs_2 = played(club, [people[1], people[4], people[5], people[0]])
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="monthly")
    series = series_of(club, [week_1, week_2, final])
    links = [link(series, week_1, final, 2), link(series, week_2, final, 2)]
    return {
        "series": series,
        "people": people,
        "weeks": [week_1, week_2],
        "pairs": [pairs_1, pairs_2],
        "final": final,
        "links": links,
        "organizer": club_organizer(club),
    }


def url(season) -> str:
    return f"/api/v1/series/{season['series'].slug}/finals/{season['final'].slug}/qualifiers"


def test_g11_qualifiers_top_n_of_each_feeder_seeded_by_place(season):
    body = APIClient().get(url(season)).json()
    pairs_1, pairs_2 = season["pairs"]
    # partnership 1 is 2nd of week 1 and wins week 2: it goes on as week 2's winner (the better
    # place), and week 1's next pair (2) takes its place there; seeds by place, week 1 first among
    # equal places
    assert [q["pair"]["pair"] for q in body["qualifiers"]] == [
        pairs_1[0].pk,
        pairs_2[0].pk,
        pairs_2[1].pk,
        pairs_1[2].pk,
    ]
    assert [q["seed"] for q in body["qualifiers"]] == [1, 2, 3, 4]
    assert [q["place"] for q in body["qualifiers"]] == [1, 1, 2, 3]
    (skipped,) = body["feeders"][0]["skipped"]
    assert (skipped["pair"], skipped["place"], skipped["reason"], skipped["member"]) == (
        pairs_1[1].pk,
        2,
        "already_qualified",
        None,
    )
    assert skipped["goes_with"] == {
        "feeder": season["weeks"][1].slug,
        "pair": pairs_2[0].pk,
        "place": 1,
        "name": pairs_2[0].name,
        "players": [p.name for p in pairs_2[0].players],
    }
    assert body["feeders"][1]["skipped"] == []
    assert [feeder["qualified"] for feeder in body["feeders"]] == [2, 2]
    assert body["closed"] is True


def test_g11_a_member_qualified_with_two_partners_goes_on_once_with_the_better_placed_pair(club):
    """Issue 35 defect 1: member A is 3rd of week 1 with B and wins week 2 with C: A and C go on;
    A and B are passed over (``member_qualified``, naming A and the pair A goes on with) and week 1's
    4th pair takes their place; registering them enters A once."""
    (a, b), (c, _) = members(club, 2)
    others = members(club, 6)
    week_1, pairs_1 = played(club, [others[0], others[1], [a, b], others[2]])
    week_2, pairs_2 = played(club, [[a, c], others[3], others[4], others[5]])
    final = EventFactory(club=club, status=EventStatus.PUBLISHED, slug="monthly")
    series = series_of(club, [week_1, week_2, final])
    link(series, week_1, final, 3)
    link(series, week_2, final, 1)
    address = f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers"
    body = APIClient().get(address).json()
    assert [q["pair"]["pair"] for q in body["qualifiers"]] == [
        pairs_1[0].pk,
        pairs_2[0].pk,
        pairs_1[1].pk,
        pairs_1[3].pk,
    ]
    (skipped,) = body["feeders"][0]["skipped"]
    assert (skipped["pair"], skipped["reason"], skipped["member"]) == (
        pairs_1[2].pk,
        "member_qualified",
        a.pk,
    )
    assert (skipped["goes_with"]["feeder"], skipped["goes_with"]["pair"]) == (week_2.slug, pairs_2[0].pk)
    response = club_organizer(club).post(address)
    assert response.status_code == 201, response.content
    (entry,) = Player.objects.filter(event=final, member=a)
    (pair,) = [pair for pair in Pair.objects.filter(event=final) if entry in pair.players]
    assert {player.member_id for player in pair.players} == {a.pk, c.pk}


def test_g11_merged_records_of_one_person_go_on_once(club):
    """Issue 35 defect 1: a person entered under a second record in week 1, merged afterwards into
    the member who wins week 2: the week 2 winners go on, week 1's pair of the merged record is
    passed over (``member_qualified``) and week 1's next pair goes instead."""
    people = members(club, 6)
    ((twin, _),) = members(club, 1)
    week_1, pairs_1 = played(club, [people[0], [twin, people[1][1]], people[2]])
    week_2, pairs_2 = played(club, [people[3], people[4], people[5]])
    member_merge(member=twin, into=people[3][0])
    final = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series = series_of(club, [week_1, week_2, final])
    link(series, week_1, final, 2)
    link(series, week_2, final, 2)
    body = APIClient().get(f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers").json()
    assert [q["pair"]["pair"] for q in body["qualifiers"]] == [
        pairs_1[0].pk,
        pairs_2[0].pk,
        pairs_2[1].pk,
        pairs_1[2].pk,
    ]
    assert [(s["pair"], s["reason"], s["member"]) for s in body["feeders"][0]["skipped"]] == [
        (pairs_1[1].pk, "member_qualified", people[3][0].pk)
    ]
    assert body["feeders"][1]["skipped"] == []


def test_g11_qualifiers_a_withdrawn_or_declining_pair_is_replaced_by_the_next(season):
    pairs_1, _ = season["pairs"]
    pair_update(pair=pairs_1[0], status=PairStatus.WITHDRAWN)
    season["links"][0].declined = [pairs_1[1].pk]
    season["links"][0].save()
    body = APIClient().get(url(season)).json()
    week_1 = [q["pair"]["pair"] for q in body["qualifiers"] if q["feeder"] == season["weeks"][0].slug]
    assert week_1 == [pairs_1[2].pk, pairs_1[3].pk]
    assert [s["reason"] for s in body["feeders"][0]["skipped"]] == ["withdrawn", "declined"]


def test_g11_qualifiers_by_units(club):
    people = members(club, 4)
    week, pairs = played(club, people, units=["North", "South", "North", "South"])
    final = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series = series_of(club, [week, final])
    link(series, week, final, 1, by="units")
    body = APIClient().get(f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers").json()
    # North (pairs 1st and 3rd: 6 + 2 match points) beats South (4 + 0): both its pairs go on
    assert [q["pair"]["pair"] for q in body["qualifiers"]] == [pairs[0].pk, pairs[2].pk]


def test_g11_qualifiers_show_the_public_only_what_the_events_publish(season):
    week_1 = season["weeks"][0]
    week_1.publish_standings = False
    week_1.save()
    public = APIClient().get(url(season)).json()
    assert [feeder["event"] for feeder in public["feeders"]] == [season["weeks"][1].slug]
    organizer = season["organizer"].get(url(season)).json()
    assert len(organizer["feeders"]) == 2
    season["final"].status = EventStatus.DRAFT
    season["final"].save()
    assert_problem(APIClient().get(url(season)), 404, "not_a_final")


def test_g11_qualifiers_of_an_event_that_is_no_final_is_a_404(season):
    response = APIClient().get(
        f"/api/v1/series/{season['series'].slug}/finals/{season['weeks'][0].slug}/qualifiers"
    )
    assert_problem(response, 404, "not_a_final")


def test_g11_register_qualifiers_in_one_call(season):
    response = season["organizer"].post(url(season), format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["created"] is True and len(body["pairs"]) == 4
    final = season["final"]
    registered = list(Pair.objects.filter(event=final).order_by("seed"))
    assert [pair.seed for pair in registered] == [1, 2, 3, 4]
    pairs_1, _ = season["pairs"]
    first = registered[0]
    assert first.name == pairs_1[0].name
    assert [p.member_id for p in first.players] == [p.member_id for p in pairs_1[0].players]
    assert [p.email for p in first.players] == [p.email for p in pairs_1[0].players]
    assert body["pairs"][0] == {"seed": 1, "feeder_pair": pairs_1[0].pk, "pair": first.pk}


def test_g11_register_qualifiers_is_in_the_finals_audit_log(season):
    season["organizer"].post(url(season))
    final = season["final"]
    response = client_for(grant(final, Role.ORGANIZER)).get(
        f"/api/v1/events/{final.slug}/audit/?model=qualification"
    )
    entries = response.json()["results"]
    assert len(entries) == 4
    assert {entry["actor"] for entry in entries} == {season["organizer"].user.username}


def test_g11_register_qualifiers_carries_units(club):
    people = members(club, 2)
    week, _pairs = played(club, people, units=["Tea house", "Tea house"])
    final = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series = series_of(club, [week, final])
    link(series, week, final, 2)
    response = club_organizer(club).post(f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers")
    assert response.status_code == 201
    registered = Pair.objects.filter(event=final).select_related("unit")
    assert {pair.unit.name for pair in registered} == {"Tea house"}
    assert final.units.count() == 1
    assert {p.unit.short_name for p in Player.objects.filter(event=final).select_related("unit")} == {"Te"}


def test_g11_register_qualifiers_again_answers_the_same(season):
    first = season["organizer"].post(url(season)).json()
    again = season["organizer"].post(url(season))
    assert again.status_code == 200
    assert again.json()["created"] is False
    assert again.json()["pairs"] == first["pairs"]
    assert Pair.objects.filter(event=season["final"]).count() == 4


def test_g11_register_qualifiers_again_after_the_standings_changed_is_a_409(season):
    season["organizer"].post(url(season))
    pairs_1, _ = season["pairs"]
    pair_update(pair=pairs_1[0], status=PairStatus.WITHDRAWN)
    assert_problem(season["organizer"].post(url(season)), 409, "qualifiers_registered")


def test_g11_register_qualifiers_refused_while_a_feeder_is_not_closed(club):
    people = members(club, 4)
    week, _ = played(club, people, close=False)
    final = EventFactory(club=club, status=EventStatus.PUBLISHED)
    series = series_of(club, [week, final])
    link(series, week, final, 2)
    address = f"/api/v1/series/{series.slug}/finals/{final.slug}/qualifiers"
    assert APIClient().get(address).json()["closed"] is False
    body = assert_problem(club_organizer(club).post(address), 409, "feeder_not_closed")
    assert body["feeders"] == [week.slug]
    assert Pair.objects.filter(event=final).count() == 0


def test_g11_register_qualifiers_is_all_or_nothing(season):
    # a qualifier's member entered the final by hand already: nothing is registered
    pairs_1, _ = season["pairs"]
    Player.objects.create(event=season["final"], name="Early", member=pairs_1[1].player_1.member)
    assert_problem(season["organizer"].post(url(season)), 409, "already_in_final")
    assert Pair.objects.filter(event=season["final"]).count() == 0
    assert Qualification.objects.count() == 0


def test_g11_register_qualifiers_refused_into_a_finished_final(season):
    season["final"].status = EventStatus.FINISHED
    season["final"].save()
    assert_problem(season["organizer"].post(url(season)), 409, "final_closed")


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("anonymous", 401),
        ("outsider", 403),
        ("final_organizer", 403),
        ("club_organizer", 201),
        ("superuser", 201),
    ],
)
def test_g11_register_qualifiers_permissions(season, who, status):
    if who == "anonymous":
        client = APIClient()
    elif who == "outsider":
        client = client_for(new_user())
    elif who == "final_organizer":
        client = client_for(grant(season["final"], Role.ORGANIZER))
    elif who == "superuser":
        client = client_for(new_user("root", is_superuser=True))
    else:
        client = season["organizer"]
    response = client.post(url(season))
    assert response.status_code == status, response.content


def test_g11_a_carried_member_entered_already_is_refused(season):
    """One person plays an event once (docs/clubs.md): the registration a qualifier goes through
    refuses a member entered in the final already, as a member number naming them is refused."""
    pairs_1, _ = season["pairs"]
    member = pairs_1[0].player_1.member
    pair_create(event=season["final"], player_1={"name": "X", "member": member}, player_2={"name": "Y"})
    with pytest.raises(RegistrationRefused) as refused:
        pair_create(event=season["final"], player_1={"name": "Z"}, player_2={"name": "X", "member": member})
    assert (refused.value.code, refused.value.field) == ("member_entered", "player_2.member")
