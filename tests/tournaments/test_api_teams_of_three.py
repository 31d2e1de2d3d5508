"""Teams of three (docs/rules/daguai.md K1, docs/events.md): a Daguai Luzi team is a pair with a
``player_3``; registration, its import and its representations ask the event's game's team size."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.conftest import EventFactory, PlayerFactory, assert_problem, field_errors, role_client
from tournaments.models import Pair, Role

pytestmark = pytest.mark.django_db


@pytest.fixture
def daguai():
    return EventFactory(published=True, game="daguai", ruleset="daguai-standard")


def pairs_url(event) -> str:
    return f"/api/v1/events/{event.slug}/pairs/"


def team(*names: str) -> dict:
    return {f"player_{i}": {"name": name} for i, name in enumerate(names, start=1)}


def test_k1_a_team_of_three_registers_with_its_third_player(daguai):
    organizer = role_client(daguai, Role.ORGANIZER)
    response = organizer.post(pairs_url(daguai), team("Ann", "Bo", "Cai"), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["player_3"]["name"] == "Cai" and body["display_name"] == "Ann / Bo / Cai"
    pair = Pair.objects.get(pk=body["id"])
    assert pair.player_3.name == "Cai" and pair.player_3.event == daguai


def test_k1_a_team_of_three_without_its_third_player_is_a_400_at_player_3(daguai):
    organizer = role_client(daguai, Role.ORGANIZER)
    response = organizer.post(pairs_url(daguai), team("Ann", "Bo"), format="json")
    assert_problem(response, 400, "required")
    assert field_errors(response) == {"player_3": "required"}
    assert not Pair.objects.filter(event=daguai).exists()


def test_a_guandan_pair_with_a_third_player_is_a_400_at_player_3(event):
    organizer = role_client(event, Role.ORGANIZER)
    response = organizer.post(pairs_url(event), team("Ann", "Bo", "Cai"), format="json")
    assert_problem(response, 400, "team_size")
    assert field_errors(response) == {"player_3": "team_size"}


def test_a_guandan_pair_shows_no_third_player(event):
    organizer = role_client(event, Role.ORGANIZER)
    body = organizer.post(pairs_url(event), team("Ann", "Bo"), format="json").json()
    assert body["player_3"] is None and body["display_name"] == "Ann / Bo"


def test_k1_the_public_and_the_organisers_lists_show_the_third_player(daguai, api_client):
    organizer = role_client(daguai, Role.ORGANIZER)
    organizer.post(pairs_url(daguai), team("Ann", "Bo", "Cai"), format="json")
    public = api_client.get(pairs_url(daguai)).json()["results"][0]
    assert public["player_3"]["name"] == "Cai" and "email" not in public["player_3"]
    private = organizer.get(pairs_url(daguai)).json()["results"][0]
    assert private["player_3"]["name"] == "Cai" and "email" in private["player_3"]


def test_k1_singles_are_not_drawn_into_teams_of_three(daguai):
    for _ in range(6):
        PlayerFactory(event=daguai)
    response = role_client(daguai, Role.ORGANIZER).post(
        f"/api/v1/events/{daguai.slug}/pairs/draw-singles", {}
    )
    assert_problem(response, 409, "singles_pairs_only")


def _csv(*lines: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("teams.csv", "\n".join(lines).encode(), content_type="text/csv")


def _import(event, file):
    client = role_client(event, Role.ORGANIZER)
    return client.post(f"/api/v1/events/{event.slug}/pairs/import", {"file": file}, format="multipart")


def test_k1_a_spreadsheet_of_teams_of_three_imports_the_third_players(daguai):
    response = _import(daguai, _csv("player_1,player_2,player_3", "Ann,Bo,Cai", "Dan,Eve,Fu"))
    assert response.status_code == 201, response.json()
    assert sorted(Pair.objects.filter(event=daguai).values_list("player_3__name", flat=True)) == ["Cai", "Fu"]


def test_k1_a_spreadsheet_row_without_its_third_player_names_the_row(daguai):
    response = _import(daguai, _csv("player_1,player_2,player_3", "Ann,Bo,Cai", "Dan,Eve,"))
    assert_problem(response, 400, "required")
    assert field_errors(response) == {"rows.2.player_3": "required"}


def test_a_guandan_spreadsheet_with_a_third_player_names_the_row(event):
    response = _import(event, _csv("player_1,player_2,player_3", "Ann,Bo,Cai"))
    assert field_errors(response) == {"rows.1.player_3": "team_size"}
