"""A member's history says who really played (docs/events.md "Substitutes", docs/clubs.md "A member's
history"; G11 the check-in 检录): a substitute's matches are in the substitute's history, not the
registered player's, through the API and the member's page (seasons/histories.py)."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MemberFactory, PlayerFactory
from tests.seasons.test_member_history import history_url, played_event
from tests.tournaments.conftest import MatchFactory, RoundFactory, confirm
from tournaments.models import Pair, RoundStatus, Substitution

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    """Pair 1 (member A and a partner) plays rounds 1 and 2; member S takes A's place in round 2."""
    club = ClubFactory()
    registered = MemberFactory(club=club, name="A")
    event, pair, partner = played_event(club, registered)
    first = event.rounds.get(number=1)
    second = RoundFactory(event=event, stage=first.stage, number=2, status=RoundStatus.PUBLISHED)
    opponent = first.matches.exclude(ns_pair=pair).first().ns_pair
    confirm(MatchFactory(round=second, table=1, ns_pair=pair, ew_pair=opponent), pair)
    substitute = MemberFactory(club=club, name="S")
    spare = PlayerFactory(event=event, name="S", member=substitute)
    Substitution.objects.create(pair=pair, replaced=pair.player_1, substitute=spare, from_round=2)
    return club, registered, substitute, partner, pair


def entry(club, member) -> dict:
    response = APIClient().get(history_url(club, member))
    assert response.status_code == 200, response.json()
    (only,) = response.json()["events"]
    return only


def test_g11_the_registered_player_keeps_only_the_rounds_they_played(evening):
    club, registered, _, _, pair = evening
    mine = entry(club, registered)
    assert mine["pair"]["id"] == pair.pk
    assert [result["round"] for result in mine["results"]] == [1]
    (substitution,) = mine["substitutions"]
    assert (substitution["replaced"]["member"], substitution["from_round"]) == (registered.pk, 2)


def test_g11_the_substitute_has_the_rounds_they_played_in_the_pair(evening):
    club, _, substitute, partner, pair = evening
    theirs = entry(club, substitute)
    assert theirs["pair"]["id"] == pair.pk
    assert [result["round"] for result in theirs["results"]] == [2]
    assert theirs["results"][0]["outcome"] == "win"
    assert [p["member"] for p in theirs["partners"]] == [partner.pk]  # not the player they replaced
    (substitution,) = theirs["substitutions"]
    assert (substitution["substitute"]["member"], substitution["until_round"]) == (substitute.pk, None)


def test_g11_the_partner_played_both_rounds_beside_both(evening):
    club, registered, substitute, partner, _ = evening
    theirs = entry(club, partner)
    assert [result["round"] for result in theirs["results"]] == [1, 2]
    assert {p["member"] for p in theirs["partners"]} == {registered.pk, substitute.pk}
    assert theirs["substitutions"] == []


def test_g11_a_substitute_who_came_for_one_round_has_that_round_only(evening):
    club, registered, substitute, _, pair = evening
    Substitution.objects.filter(pair=pair).update(from_round=1, until_round=1)
    assert [r["round"] for r in entry(club, substitute)["results"]] == [1]
    assert [r["round"] for r in entry(club, registered)["results"]] == [2]


def test_g11_the_substitutes_page_lists_the_event_they_played(evening):
    club, _, substitute, _, pair = evening
    response = APIClient().get(f"/c/{club.slug}/players/{substitute.pk}/")
    assert response.status_code == 200
    assert pair.event.name in response.content.decode()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-hans", "自第2轮起由S替补{name}上场。"), ("en", "S played in place of {name} from round 2.")],
)
def test_g11_the_page_says_who_played_in_whose_place_in_both_languages(evening, lang, words):
    club, registered, _, _, pair = evening
    response = APIClient().get(f"/c/{club.slug}/players/{registered.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert words.format(name=pair.player_1.name) in response.content.decode()


def test_g11_the_events_results_say_who_played_in_the_substitutes_round(evening):
    *_, pair = evening
    rows = APIClient().get(f"/api/v1/events/{pair.event.slug}/results/").json()["rows"]
    by_round = {(row["round"], row["table"]): row for row in rows}
    first, second = by_round[(1, 1)], by_round[(2, 1)]
    assert first["played"] is None  # as registered
    assert second["played"]["NS"] == ["S", pair.player_2.name]
    opponent = Pair.objects.get(pk=second["ew_pair"]["id"])
    assert second["played"]["EW"] == [player.name for player in opponent.players]


def stand_ins(html: str) -> list[str]:
    """The texts of the page's ``stand-in`` spans (who played in whose place), in order."""
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(r'class="stand-in"[^>]*>([^<]*)<', html)]


@pytest.mark.parametrize(("lang", "words"), [("en", "S (for {name})"), ("zh-hans", "S (代 {name})")])
def test_g11_the_results_page_shows_the_substitute_in_the_replaced_players_place(evening, lang, words):
    *_, pair = evening
    url = f"/e/{pair.event.slug}/rounds/{{}}/results/"
    second = APIClient().get(url.format(2), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert stand_ins(second) == [words.format(name=pair.player_1.name)]
    first = APIClient().get(url.format(1), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert stand_ins(first) == []  # round 1 was played as registered


@pytest.mark.parametrize(("lang", "words"), [("en", "S (for {name})"), ("zh-hans", "S (代 {name})")])
def test_g11_the_substitutes_history_page_says_whose_place_they_played_in(evening, lang, words):
    club, _, substitute, _, pair = evening
    html = (
        APIClient()
        .get(f"/c/{club.slug}/players/{substitute.pk}/", HTTP_ACCEPT_LANGUAGE=lang)
        .content.decode()
    )
    assert stand_ins(html) == [words.format(name=pair.player_1.name)]


def test_g11_the_partners_history_shows_the_substitute_in_round_2_only(evening):
    club, _, _, partner, pair = evening
    html = (
        APIClient().get(f"/c/{club.slug}/players/{partner.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert stand_ins(html) == [f"S (for {pair.player_1.name})"]
    assert "as registered" in html  # round 1


def test_g11_an_opponents_history_shows_who_played_against_them(evening):
    club, _, _, _, pair = evening
    opponent = pair.event.rounds.get(number=2).matches.get(table=1).ew_pair
    member = MemberFactory(club=club, name="Opponent")
    opponent.player_1.member = member
    opponent.player_1.save(update_fields=["member"])
    html = APIClient().get(f"/c/{club.slug}/players/{member.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"S (for {pair.player_1.name})" in stand_ins(html)
