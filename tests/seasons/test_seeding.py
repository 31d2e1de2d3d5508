"""R4: a rating never influences a draw unless the event opts in (``seed_by_rating``): then the first
round is drawn by seed, the seeds given by the club's ratings of the pairs' players."""

from __future__ import annotations

import pytest

from seasons.models import Rating
from seasons.services.ratings import recompute
from tests.factories import PlayerFactory
from tests.seasons.conftest import API, NS_WINS, official
from tests.tournaments.conftest import EventFactory, PairFactory, StageFactory, role_client
from tournaments.models import Match, Member, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def week_2(season, referee, club):
    """Last week A/B and E/F won; this week's event registers the same people as G/H, C/D, E/F, A/B."""
    official(referee, season["matches"][0], NS_WINS)
    official(referee, season["matches"][1], NS_WINS)
    recompute(club.pk)
    event = EventFactory(published=True, slug="week-2", club=club)
    for first, second in (("G", "H"), ("C", "D"), ("E", "F"), ("A", "B")):
        players = [
            PlayerFactory(event=event, name=n, member=Member.objects.get(name=n)) for n in (first, second)
        ]
        PairFactory(event=event, player_1=players[0], player_2=players[1], name=first + second)
    StageFactory(event=event)  # its first round is drawn by lot unless the event seeds by rating
    return event


def draw(organizer, event, seed: int = 3) -> list[frozenset[str]]:
    """Round 1 drawn (again) with lot seed ``seed``: each table's two pairs, table 1 first."""
    if not event.rounds.exists():
        stage = event.stages.get()
        assert (
            organizer.post(
                f"{API}/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json"
            ).status_code
            == 201
        )
    response = organizer.post(f"{API}/events/{event.slug}/rounds/1/draw", {"seed": seed})
    assert response.status_code == 200, response.json()
    return [
        frozenset((m.ns_pair.name, m.ew_pair.name))
        for m in Match.objects.filter(round__event=event)
        .select_related("ns_pair", "ew_pair")
        .order_by("table")
    ]


def test_r4_an_event_that_seeds_by_rating_draws_its_first_round_by_the_club_ratings(week_2):
    organizer = role_client(week_2, Role.ORGANIZER)
    response = organizer.patch(f"{API}/events/week-2/", {"seed_by_rating": True}, format="json")
    assert response.status_code == 200 and response.json()["seed_by_rating"] is True
    # Seeds by strength: E/F 1 and A/B 2 (last week's winners; equal ratings go by pair number, E/F's
    # 3 before A/B's 4), then G/H 3 and C/D 4; the top half meets the bottom half, 1 v 3 and 2 v 4.
    assert draw(organizer, week_2) == [{"EF", "GH"}, {"AB", "CD"}]
    assert draw(organizer, week_2, seed=4) == [{"EF", "GH"}, {"AB", "CD"}]  # whatever the lot


def test_r4_without_the_setting_ratings_change_no_draw(week_2):
    organizer = role_client(week_2, Role.ORGANIZER)
    assert organizer.get(f"{API}/events/week-2/").json()["seed_by_rating"] is False
    rated = draw(organizer, week_2)
    Rating.objects.all().delete()
    assert draw(organizer, week_2) == rated


def test_r4_seeding_by_rating_in_an_event_of_no_club_seeds_by_the_pairs_own_seeds(db):
    event = EventFactory(published=True, slug="alone", seed_by_rating=True)
    for name, seed in (("P", 4), ("Q", 3), ("R", 2), ("S", 1)):
        PairFactory(event=event, name=name, seed=seed)
    StageFactory(event=event)
    assert draw(role_client(event, Role.ORGANIZER), event) == [{"S", "Q"}, {"R", "P"}]
