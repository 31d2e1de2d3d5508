"""What is rated (docs/ratings.md): a pair as its two players, a Daguai team as its three, a table of
four as four players placed by points; draws as ties; forfeits and unconfirmed results not at all;
in the order played. Results are written with the ORM here (the API's path is test_api_ratings.py);
the table is read through the API."""

from __future__ import annotations

import datetime

import pytest

from scoring.models import MatchResult, ResultSource, ResultStatus
from seasons.models import RatingChange
from seasons.services.ratings import recompute
from tests.factories import MemberFactory, PlayerFactory
from tests.seasons.conftest import API, member_pair
from tests.tournaments.conftest import EventFactory, MatchFactory, PairFactory, RoundFactory, StageFactory
from tournaments.models import Player, RoundStatus, TableSeat

pytestmark = pytest.mark.django_db


def result(match, *, winner="", status=ResultStatus.CONFIRMED, source=ResultSource.LEVELS, seats=None):
    return MatchResult.objects.create(
        match=match,
        version=1,
        status=status,
        source=source,
        winner=winner,
        seats=seats,
        content_hash="x",
        party="t",
    )


def rows(client, **params) -> dict[str, dict]:
    return {row["name"]: row for row in client.get(f"{API}/clubs/tea/ratings/", params).json()["rows"]}


def week(club, slug, day, *pairs_of_names, game="guandan"):
    event = EventFactory(
        published=True, slug=slug, club=club, game=game, starts_on=datetime.date(2026, 1, day)
    )
    round_ = RoundFactory(
        event=event, stage=StageFactory(event=event), number=1, status=RoundStatus.PUBLISHED
    )
    return event, round_, [member_pair(event, club, *names) for names in pairs_of_names]


def test_r1_a_draw_is_a_tie_and_a_forfeit_or_an_unconfirmed_result_rates_nothing(club, client):
    event, round_, (p1, p2, p3, p4) = week(club, "w1", 1, ("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))
    result(MatchFactory(round=round_, ns_pair=p1, ew_pair=p2), winner="")
    result(MatchFactory(round=round_, ns_pair=p3, ew_pair=p4), winner="NS", source=ResultSource.FORFEIT)
    round_2 = RoundFactory(event=event, stage=round_.stage, number=2, status=RoundStatus.PUBLISHED)
    result(MatchFactory(round=round_2, ns_pair=p3, ew_pair=p4), winner="NS", status=ResultStatus.SUBMITTED)
    assert recompute(club.pk) == 1
    table = rows(client)
    assert set(table) == {"A", "B", "C", "D"}
    assert table["A"]["mu"] == table["C"]["mu"] == 1500.0 and table["A"]["sigma"] < 500


def test_r1_a_daguai_team_of_three_is_rated_as_its_three_players(club, client):
    event, round_, _ = week(club, "dg", 1, game="daguai")
    teams = []
    for names in (("A", "B", "C"), ("D", "E", "F")):
        players = [PlayerFactory(event=event, name=n, member=MemberFactory(club=club, name=n)) for n in names]
        teams.append(PairFactory(event=event, player_1=players[0], player_2=players[1], player_3=players[2]))
    result(MatchFactory(round=round_, ns_pair=teams[0], ew_pair=teams[1]), winner="EW")
    recompute(club.pk)
    table = rows(client)
    assert list(table) == ["D", "E", "F", "A", "B", "C"]  # the winners first, each three alike
    assert len({table[n]["rating"] for n in "DEF"}) == 1 and len({table[n]["rating"] for n in "ABC"}) == 1
    assert table["D"]["rating"] > table["A"]["rating"] and table["A"]["matches"] == 1


def test_r1_a_table_of_four_places_its_four_players_by_points(club, client):
    event = EventFactory(published=True, slug="ddz", club=club, game="doudizhu")
    round_ = RoundFactory(
        event=event, stage=StageFactory(event=event), number=1, status=RoundStatus.PUBLISHED
    )
    match = MatchFactory(round=round_, ns_pair=None, ew_pair=None)
    points = {"N": 12, "E": -4, "S": -4, "W": 30}
    for seat, name in zip("NESW", ("North", "East", "South", "West"), strict=True):
        player = PlayerFactory(event=event, name=name, member=MemberFactory(club=club, name=name))
        TableSeat.objects.create(
            match=match,
            round=round_,
            seat=seat,
            pair=PairFactory(event=event, player_1=player, player_2=None),
        )
    result(
        match,
        seats={
            seat: {"points": p, "deals_won": 0, "landlord_won": 0, "landlord_lost": 0}
            for seat, p in points.items()
        },
    )
    recompute(club.pk)
    table = rows(client)
    assert list(table)[:2] == ["West", "North"] and table["North"]["rating"] > table["East"]["rating"]
    assert table["East"]["rating"] == table["South"]["rating"]  # equal points: a shared place


def test_r1_matches_are_rated_in_the_order_played_and_players_without_a_member_are_not_listed(club, client):
    # Entered in the other order: week 2 was created first but is played after week 1.
    _, round_2, (a, b) = week(club, "w2", 8, ("A", "B"), ("C", "D"))
    event_1, round_1, _ = week(club, "w1", 1)
    guest = PlayerFactory(event=event_1, name="Guest")
    a1 = PairFactory(
        event=event_1, player_1=PlayerFactory(event=event_1, member=a.player_1.member), player_2=guest
    )
    c1 = PairFactory(
        event=event_1,
        player_1=PlayerFactory(event=event_1, member=b.player_1.member),
        player_2=PlayerFactory(event=event_1, member=b.player_2.member),
    )
    result(MatchFactory(round=round_2, ns_pair=a, ew_pair=b), winner="NS")
    result(MatchFactory(round=round_1, ns_pair=a1, ew_pair=c1), winner="EW")
    recompute(club.pk)
    history = client.get(f"{API}/clubs/tea/members/{a.player_1.member_id}/ratings/").json()["history"]
    assert [change["event"]["slug"] for change in history] == ["w1", "w2"]
    assert history[0]["after"] == history[1]["before"]
    assert "Guest" not in rows(client)
    assert rows(client, events="w2")["A"]["matches"] == 1 and rows(client)["A"]["matches"] == 2
    # Over week 1 alone: the rating A had after it, not the one A has now.
    assert (
        rows(client, events="w1")["A"]["rating"]
        == history[0]["after"]["rating"]
        != history[1]["after"]["rating"]
    )


def history_rows(club) -> list[tuple]:
    return list(
        RatingChange.objects.filter(club=club)
        .order_by("sequence", "member_id")
        .values_list("sequence", "member_id", "match_id", "rating_before", "rating_after")
    )


@pytest.mark.parametrize("change", ["winner", "forfeit", "guest"])
def test_r2_a_history_written_from_its_first_difference_equals_one_written_from_scratch(club, change):
    """The recomputation rewrites the stored history only from the first match that differs: after a
    correction of the first week, a result that no longer counts, or a player no longer a member, it
    holds what a recomputation into an empty history writes."""
    _, round_1, (a, b, c, d) = week(club, "w1", 1, ("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))
    first = result(MatchFactory(round=round_1, ns_pair=a, ew_pair=b), winner="NS")
    result(MatchFactory(round=round_1, ns_pair=c, ew_pair=d), winner="EW")
    _, round_2, (e, f) = week(club, "w2", 8, ("A", "C"), ("B", "D"))
    result(MatchFactory(round=round_2, ns_pair=e, ew_pair=f), winner="NS")
    recompute(club.pk)
    before = history_rows(club)
    if change == "winner":
        MatchResult.objects.filter(pk=first.pk).update(winner="EW")
    elif change == "forfeit":
        MatchResult.objects.filter(pk=first.pk).update(source=ResultSource.FORFEIT)
    else:
        Player.objects.filter(pk=a.player_2_id).update(member=None)
    recompute(club.pk)
    written = history_rows(club)
    assert written != before
    RatingChange.objects.all().delete()
    recompute(club.pk)
    assert history_rows(club) == written
    recompute(club.pk)
    assert history_rows(club) == written
