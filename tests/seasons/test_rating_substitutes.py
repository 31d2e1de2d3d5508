"""The ratings rate who played (docs/events.md "Substitutes", docs/ratings.md): a substitute's
games are theirs, not the registered player's."""

from __future__ import annotations

import pytest

from scoring.models import MatchResult, ResultSource, ResultStatus
from seasons.services.ratings import recompute
from tests.factories import MemberFactory, PlayerFactory
from tests.seasons.conftest import API, member_pair
from tests.tournaments.conftest import EventFactory, MatchFactory, RoundFactory, StageFactory
from tournaments.models import RoundStatus, Substitution

pytestmark = pytest.mark.django_db


def test_the_ratings_rate_the_player_who_played(club, client):
    event = EventFactory(published=True, slug="w1", club=club)
    stage = StageFactory(event=event)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    ab, cd = member_pair(event, club, "A", "B"), member_pair(event, club, "C", "D")
    spare = PlayerFactory(event=event, name="S", member=MemberFactory(club=club, name="S"))
    Substitution.objects.create(pair=ab, replaced=ab.player_1, substitute=spare, from_round=1)
    match = MatchFactory(round=round_, ns_pair=ab, ew_pair=cd)
    MatchResult.objects.create(
        match=match,
        version=1,
        status=ResultStatus.CONFIRMED,
        source=ResultSource.LEVELS,
        winner="NS",
        content_hash="x",
        party="t",
    )
    recompute(club.pk)
    rated = {row["name"]: row for row in client.get(f"{API}/clubs/tea/ratings/").json()["rows"]}
    assert set(rated) == {"S", "B", "C", "D"}  # A did not play
    assert rated["S"]["mu"] > rated["C"]["mu"]
