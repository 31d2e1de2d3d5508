"""Players alone (four-player Dou Dizhu, docs/events.md "Players alone: tables of four"): an entrant
is a pair of one player; registration, its import and its representations follow the game."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.conftest import EventFactory, PlayerFactory, assert_problem, field_errors, role_client
from tournaments.models import Pair, Role, StageKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def ddz():
    return EventFactory(published=True, game="doudizhu4", ruleset="doudizhu4-standard")


def pairs_url(event) -> str:
    return f"/api/v1/events/{event.slug}/pairs/"


def test_d10_a_player_registers_alone(ddz):
    response = role_client(ddz, Role.ORGANIZER).post(
        pairs_url(ddz), {"player_1": {"name": "Ann"}}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["player_2"] is None and body["player_3"] is None and body["display_name"] == "Ann"
    assert Pair.objects.get(pk=body["id"]).player_2 is None


def test_d10_a_second_player_is_a_400_at_player_2(ddz):
    body = {"player_1": {"name": "Ann"}, "player_2": {"name": "Bo"}}
    response = role_client(ddz, Role.ORGANIZER).post(pairs_url(ddz), body, format="json")
    assert_problem(response, 400, "team_size")
    assert field_errors(response) == {"player_2": "team_size"}
    assert not Pair.objects.filter(event=ddz).exists()


def test_a_guandan_pair_without_its_second_player_is_a_400_at_player_2(event):
    response = role_client(event, Role.ORGANIZER).post(
        pairs_url(event), {"player_1": {"name": "Ann"}}, format="json"
    )
    assert_problem(response, 400, "required")
    assert field_errors(response) == {"player_2": "required"}


def test_d10_the_public_list_shows_one_player(ddz, api_client):
    role_client(ddz, Role.ORGANIZER).post(pairs_url(ddz), {"player_1": {"name": "Ann"}}, format="json")
    public = api_client.get(pairs_url(ddz)).json()["results"][0]
    assert public["player_2"] is None and public["display_name"] == "Ann"


def test_d10_singles_are_not_drawn_into_pairs(ddz):
    for _ in range(4):
        PlayerFactory(event=ddz)
    response = role_client(ddz, Role.ORGANIZER).post(f"/api/v1/events/{ddz.slug}/pairs/draw-singles", {})
    assert_problem(response, 409, "singles_pairs_only")


def _csv(*lines: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", "\n".join(lines).encode(), content_type="text/csv")


def _import(event, file):
    client = role_client(event, Role.ORGANIZER)
    return client.post(f"/api/v1/events/{event.slug}/pairs/import", {"file": file}, format="multipart")


def test_d10_a_spreadsheet_of_players_needs_only_player_1(ddz):
    response = _import(ddz, _csv("player_1,unit", "Ann,", "Bo,"))
    assert response.status_code == 201, response.json()
    assert sorted(Pair.objects.filter(event=ddz).values_list("player_1__name", flat=True)) == ["Ann", "Bo"]
    assert not Pair.objects.filter(event=ddz, player_2__isnull=False).exists()


def test_d10_a_spreadsheet_row_with_a_second_player_names_the_row(ddz):
    response = _import(ddz, _csv("player_1,player_2", "Ann,", "Bo,Cai"))
    assert field_errors(response) == {"rows.2.player_2": "team_size"}


def test_d10_a_round_robin_stage_is_a_400_at_kind(ddz):
    body = {"name": "Groups", "kind": StageKind.ROUND_ROBIN}
    response = role_client(ddz, Role.ORGANIZER).post(
        f"/api/v1/events/{ddz.slug}/stages/", body, format="json"
    )
    assert_problem(response, 400, "not_supported")
    assert field_errors(response) == {"kind": "not_supported"}


def test_d10_another_match_points_method_is_a_400(ddz):
    body = {"match_points": {"method": "win_draw_loss"}}
    response = role_client(ddz, Role.ORGANIZER).patch(f"/api/v1/events/{ddz.slug}/", body, format="json")
    assert_problem(response, 400, "not_supported")
