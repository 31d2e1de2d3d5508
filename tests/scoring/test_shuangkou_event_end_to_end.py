"""A whole small Shuangkou event through the API only (docs/rules/shuangkou.md S8-S10): an organizer
creates it, registers four pairs and draws a round; a scorekeeper posts the short-form deals of both
matches until they end (a no-trump deal won at table 1, the clock at table 2), submits the results
and a referee confirms them; the standings rank by match points, then the level difference."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.scoring.conftest import API
from tests.tournaments.conftest import client_for, new_user

pytestmark = pytest.mark.django_db

EVENT = f"{API}/events/sk-open"


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


def short(dealer: str, points: int) -> dict:
    return {"dealer": dealer, "attackers_points": points}


# Table 1: NS keep the deal and climb 2 → 10 → J → K → NT, then win their no-trump deal (S10).
NO_TRUMP_WON = [short("N", 0), short("S", 65), short("N", 0), short("S", 0), short("N", 40)]
# Table 2: EW keep the deal (2 → 6), then NS take it with 90 (2 → 3); the clock ends it: EW 6 v NS 3.
ON_TIME = [short("E", 35), short("W", 90)]


@pytest.fixture
def played():
    organizer = client_for(new_user("organizer"))
    keeper = client_for(new_user("keeper"))
    referee = client_for(new_user("referee"))
    check(
        organizer.post(f"{API}/events/", {"slug": "sk-open", "name": "Shuangkou Open", "game": "shuangkou"}),
        201,
    )
    check(organizer.patch(f"{EVENT}/", {"status": "published"}))
    for client, role in ((keeper, "scorekeeper"), (referee, "referee")):
        check(organizer.post(f"{EVENT}/roles/", {"username": client.user.username, "role": role}), 201)
    for number in range(1, 5):
        body = {"player_1": {"name": f"Player {number}a"}, "player_2": {"name": f"Player {number}b"}}
        check(organizer.post(f"{EVENT}/pairs/", body), 201)
    stage = check(organizer.post(f"{EVENT}/stages/", {"name": "Swiss", "kind": "swiss"}), 201)
    round_ = check(organizer.post(f"{EVENT}/rounds/", {"stage": stage["id"]}), 201)["number"]
    check(organizer.post(f"{EVENT}/rounds/{round_}/draw", {"seed": 7}))
    check(organizer.post(f"{EVENT}/rounds/{round_}/publish"))
    matches = check(organizer.get(f"{EVENT}/matches/", {"round": round_}))["results"]
    for match, deals, body in ((matches[0], NO_TRUMP_WON, {}), (matches[1], ON_TIME, {"time_up": True})):
        url = f"{API}/matches/{match['id']}"
        for number, deal in enumerate(deals, start=1):
            state = check(keeper.post(f"{url}/deals/", {"number": number, **deal}, format="json"), 201)[
                "state"
            ]
        assert state["finished"] is (not body)
        check(keeper.post(f"{url}/result", body, format="json"), 201)
        check(referee.post(f"{url}/result/confirm", {}, format="json"))
    return {"matches": matches, "standings": check(APIClient().get(f"{EVENT}/standings/"))}


def test_s10_a_shuangkou_event_ranks_by_match_points_then_level_difference(played):
    first, second = played["matches"]
    number = {m[side]["id"]: m[side]["number"] for m in (first, second) for side in ("ns_pair", "ew_pair")}
    expected = [
        (number[first["ns_pair"]["id"]], 2, 13),  # won its no-trump deal: NT (15) against 2
        (number[second["ew_pair"]["id"]], 2, 3),  # won on time: 6 against 3
        (number[second["ns_pair"]["id"]], 0, -3),
        (number[first["ew_pair"]["id"]], 0, -13),
    ]
    rows = played["standings"]["rows"]
    assert [
        (r["pair"]["number"], r["match_points"], r["tiebreaks"]["level_points"]) for r in rows
    ] == expected
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]


def test_s10_the_confirmed_results_keep_the_levels_and_the_end(played):
    first = played["matches"][0]
    official = check(APIClient().get(f"{API}/matches/{first['id']}/result"))["official"]
    assert (official["winner"], official["levels"]) == ("NS", {"NS": "A+", "EW": "2"})
    assert official["games"][0]["end_reason"] == "no_trump_won"


def test_s10_a_shuangkou_event_refuses_guandan_only_settings(db):
    organizer = client_for(new_user("organizer"))
    response = organizer.post(
        f"{API}/events/", {"slug": "sk", "name": "S", "game": "shuangkou", "best_of": 3}
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "best_of"
    response = organizer.post(
        f"{API}/events/", {"slug": "sk", "name": "S", "game": "shuangkou", "match_format": "deal_count"}
    )
    assert response.json()["errors"][0]["field"] == "match_format"


def test_s10_a_shuangkou_event_takes_its_own_ruleset_and_match_settings(db):
    organizer = client_for(new_user("organizer"))
    body = {
        "slug": "sk",
        "name": "S",
        "game": "shuangkou",
        "equal_levels": "dealer_side",
        "time_limit_minutes": 50,
    }
    event = check(organizer.post(f"{API}/events/", body, format="json"), 201)
    assert event["ruleset"] == "shuangkou-standard"
    assert (event["rules"]["equal_levels"], event["rules"]["time_limit_minutes"]) == ("dealer_side", 50)


def test_s10_the_rounds_results_page_shows_a_shuangkou_round(played):
    response = APIClient().get("/e/sk-open/rounds/1/results/")
    assert response.status_code == 200
    assert "level-line" not in response.content.decode()  # a sheet game's state is its own
