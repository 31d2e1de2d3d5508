"""Incidents at a table of four (four-player Dou Dizhu, docs/referees.md "Tables of four"; issue 22):
the offender is a seat, the player in it; each count is the player's own within the table's round; the
effects reach that player's points, its table and the standings; appeals and cancellations work as
for pairs.

Round 1 of the Dou Dizhu event of tests/scoring is played and confirmed once for the module: at every
table N has 6 points, E 1, S 3, W 2 (``SEAT_POINTS``).
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.scoring.conftest import API
from tests.scoring.event_api import check
from tests.scoring.test_api_doudizhu_event import EVENT, SEAT_POINTS, Doudizhu, seated
from tests.tournaments.conftest import client_for, new_user

pytestmark = pytest.mark.django_db

INCIDENTS = f"{EVENT}/incidents/"


class Referees(Doudizhu):
    def set_up(self, players: int = 9) -> dict:
        event = super().set_up(players)
        self.referee = self.role("referee")
        self.chief = self.role("chief_referee")
        return event

    def role(self, role: str) -> APIClient:
        client = client_for(new_user(role))
        check(self.organizer.post(f"{EVENT}/roles/", {"username": client.user.username, "role": role}), 201)
        return client


@pytest.fixture(scope="module")
def ddz(django_db_setup, django_db_blocker):
    with rolled_back(django_db_blocker):
        game = Referees()
        game.set_up()
        first = game.draw()
        for match in first:
            if not match["is_bye"]:
                game.play(match)
        table = next(match for match in first if match["table"] == 1)
        yield game, table, seated(table)


def report(client, table: dict, infraction: str, seat: str = "N", status: int = 201) -> dict:
    body = {"match": table["id"], "infraction": infraction, "seat": seat, "description": "at the table"}
    return check(client.post(INCIDENTS, body, format="json"), status)


def rule(client, incident: dict, status: int = 201, **body) -> dict:
    return check(client.post(f"{INCIDENTS}{incident['id']}/rule", body, format="json"), status)


def points(game) -> dict[int, dict]:
    return {row["pair"]["id"]: row for row in game.standings()["rows"]}


def test_g12_an_incident_at_a_table_of_four_accuses_the_player_in_the_seat(ddz):
    game, table, players = ddz
    incident = report(game.tables[1], table, "hidden_card", seat="E")
    assert (incident["side"], incident["seat"], incident["pair"]["id"]) == ("", "E", players["E"])
    assert incident["proposal"]["scope"] == "seat"
    # 藏牌: the opponents' level at a Guandan table is the player's point here (seed 003 item 11, 罚分).
    assert incident["proposal"]["effects"] == [{"kind": "match_points", "to": "offender", "amount": -1}]


def test_g12_a_table_of_four_has_no_sides_to_accuse(ddz):
    game, table, _ = ddz
    body = {"match": table["id"], "infraction": "slow_play", "side": "NS", "description": "at the table"}
    answer = check(game.tables[1].post(INCIDENTS, body, format="json"), 400)
    assert answer["code"] == "seat_required" and answer["errors"][0]["field"] == "side"
    body = {"match": table["id"], "infraction": "slow_play", "description": "at the table"}
    answer = check(game.tables[1].post(INCIDENTS, body, format="json"), 400)
    assert answer["errors"][0]["field"] == "seat"


def test_d_a_wrong_play_at_a_dou_dizhu_table_is_the_seeds_remedy(ddz):
    """出错牌 (seed 003 item 6): the opponent names a card from the table; nobody loses a turn."""
    game, table, _ = ddz
    incident = report(game.tables[1], table, "exposed_card", seat="S")
    assert incident["proposal"]["effects"] == [{"kind": "remedy", "to": "offender"}]


def test_g12_a_whole_referee_flow_at_a_dou_dizhu_table(ddz):
    """Report → proposal → ruling → the player's points and standings → appeal → the chief referee's
    decision → a cancellation, all through the API."""
    game, table, players = ddz
    north = players["N"]
    incident = report(game.tables[1], table, "hidden_card", seat="N")
    assert incident["proposal"]["count"] == 1
    ruled = rule(game.referee, incident)
    (penalty,) = ruled["rulings"][-1]["penalties"]
    assert (penalty["kind"], penalty["amount"], penalty["side"], penalty["seats"]) == (
        "match_points",
        -1,
        "",
        ["N"],
    )
    row = points(game)[north]
    assert (row["match_points"], row["penalty_points"]) == (SEAT_POINTS["N"] - 1, -1)
    results = check(APIClient().get(f"{EVENT}/results/", {"round": 1}))["rows"]
    shown = next(r for r in results if r["match"] == table["id"])
    assert {seat["seat"]: seat["penalty_points"] for seat in shown["seats"]} == {
        "N": -1,
        "E": None,
        "S": None,
        "W": None,
    }

    body = {"side": "NS", "reason": "the card fell"}
    refused = check(game.tables[1].post(f"{INCIDENTS}{incident['id']}/appeal", body, format="json"), 400)
    assert refused["code"] == "seat_required"
    appeal = {"seat": "N", "reason": "the card fell"}
    appealed = check(game.tables[1].post(f"{INCIDENTS}{incident['id']}/appeal", appeal, format="json"), 201)
    assert appealed["status"] == "appealed" and appealed["appeals"][0]["seat"] == "N"

    decision = {"decision": "overturn", "reason": "it fell", "effects": [{"kind": "warning"}]}
    decided = check(game.chief.post(f"{INCIDENTS}{incident['id']}/decide", decision, format="json"))
    assert decided["status"] == "decided"
    assert decided["rulings"][0]["penalties"][0]["status"] == "overturned"
    row = points(game)[north]
    assert (row["match_points"], row["penalty_points"]) == (SEAT_POINTS["N"], 0)

    again = rule(game.referee, report(game.tables[1], table, "hidden_card", seat="N"))
    (penalty,) = again["rulings"][-1]["penalties"]
    assert again["rulings"][-1]["count"] == 2  # the chief referee's warning in its place still counts
    cancel = {"reason": "the referee saw it wrong"}
    assert (
        check(game.chief.post(f"{API}/penalties/{penalty['id']}/cancel", cancel, format="json"))["status"]
        == "cancelled"
    )
    assert points(game)[north]["match_points"] == SEAT_POINTS["N"]


def test_g12_the_escalation_is_counted_per_player_within_the_tables_round(ddz):
    game, table, _ = ddz
    for _ in range(2):
        rule(game.referee, report(game.referee, table, "hidden_card", seat="N"))
    north = report(game.referee, table, "hidden_card", seat="N")
    east = report(game.referee, table, "hidden_card", seat="E")
    assert north["proposal"]["count"] == 3
    # A side's 3rd hidden card awards the match to its opponents: a player's loses it its table.
    assert north["proposal"]["effects"] == [{"kind": "forfeit", "to": "offender"}]
    assert east["proposal"]["count"] == 1


def test_g12_a_forfeit_scores_the_players_table_as_lost_and_leaves_the_others(ddz):
    game, table, players = ddz
    before = points(game)
    body = {"effects": [{"kind": "forfeit"}], "override_reason": "left the table"}
    rule(game.referee, report(game.referee, table, "player_change", seat="N"), **body)
    after = points(game)
    assert after[players["N"]]["match_points"] == 0
    assert after[players["N"]]["losses"] == 1 and after[players["N"]]["wins"] == 0
    assert all(
        after[players[seat]]["match_points"] == before[players[seat]]["match_points"] for seat in "ESW"
    )


def test_g12_points_to_the_opponents_at_a_table_of_four_go_to_the_other_three(ddz):
    game, table, players = ddz
    body = {
        "effects": [{"kind": "match_points", "to": "opponents", "amount": 1}],
        "override_reason": "redress",
    }
    ruled = rule(game.referee, report(game.referee, table, "illegal_signal", seat="W"), **body)
    assert ruled["rulings"][-1]["penalties"][0]["seats"] == ["N", "E", "S"]
    after = points(game)
    assert {seat: after[players[seat]]["penalty_points"] for seat in "NESW"} == {
        "N": 1,
        "E": 1,
        "S": 1,
        "W": 0,
    }


@pytest.mark.parametrize(
    "effect",
    [
        {"kind": "levels", "to": "opponents", "amount": 1},
        {"kind": "match_awarded", "to": "opponents"},
        {"kind": "forfeit", "to": "opponents"},
    ],
)
def test_g12_levels_an_award_or_anothers_forfeit_are_refused_at_a_table_of_four(ddz, effect):
    game, table, _ = ddz
    incident = report(game.referee, table, "hidden_card", seat="N")
    answer = rule(game.referee, incident, 409, effects=[effect], override_reason="why")
    assert answer["code"] == "not_supported" and answer["errors"][0]["field"] == "effects.0"


def test_g12_a_disqualification_at_a_table_of_four_takes_the_player_out_until_cancelled(ddz):
    game, table, players = ddz
    body = {"effects": [{"kind": "disqualification"}], "override_reason": "signals"}
    ruled = rule(game.referee, report(game.referee, table, "illegal_signal", seat="S"), **body)
    player = check(game.organizer.get(f"{EVENT}/pairs/{players['S']}/"))
    assert player["status"] == "disqualified"
    (penalty,) = ruled["rulings"][-1]["penalties"]
    check(game.chief.post(f"{API}/penalties/{penalty['id']}/cancel", {"reason": "wrong"}, format="json"))
    assert check(game.organizer.get(f"{EVENT}/pairs/{players['S']}/"))["status"] == "active"


@pytest.mark.parametrize("how", ["ruling", "patch"])
def test_g12_a_disqualified_players_tables_score_as_forfeits_when_the_event_says(ddz, how):
    game, table, players = ddz
    check(
        game.organizer.patch(
            f"{EVENT}/", {"penalty_table": {"disqualified_results": "forfeit"}}, format="json"
        )
    )
    if how == "ruling":
        body = {"effects": [{"kind": "disqualification"}], "override_reason": "signals"}
        rule(game.referee, report(game.referee, table, "illegal_signal", seat="N"), **body)
    else:
        body = {"status": "disqualified", "status_reason": "signals"}
        check(game.organizer.patch(f"{EVENT}/pairs/{players['N']}/", body, format="json"))
    assert points(game)[players["N"]]["match_points"] == 0


def test_g12_what_the_next_offence_would_cost_a_player_at_a_table_of_four(ddz):
    game, table, _ = ddz
    rule(game.referee, report(game.referee, table, "hidden_card", seat="W"))
    url = f"{API}/matches/{table['id']}/penalty-proposal".replace(API, EVENT)
    answer = check(game.tables[1].get(url, {"offence": "hidden_card", "seat": "W"}))
    assert (answer["side"], answer["seat"], answer["count"]) == (None, "W", 2)
    assert answer["effects"] == [{"kind": "match_points", "to": "offender", "amount": -1}]
    refused = check(game.tables[1].get(url, {"offence": "hidden_card", "side": "EW"}), 400)
    assert refused["code"] == "seat_required"


def test_g12_the_public_rulings_page_names_the_seat_at_a_table_of_four(ddz):
    game, table, _ = ddz
    check(game.organizer.patch(f"{EVENT}/", {"publish_rulings": True}, format="json"))
    incident = rule(game.referee, report(game.referee, table, "slow_play", seat="E"))
    page = Client().get(f"/e/{game.slug}/rulings/").content.decode()
    row = page[page.index(f'data-incident="{incident["id"]}"') :]
    assert "<td>E</td>" in row[: row.index("</tr>")]


def test_g12_a_provisional_table_of_four_marks_its_four_players_rows(ddz):
    """A ruling that decides the table, by a plain referee, waits for the chief referee: the table is
    in ``provisional`` and each of its four players' rows says so (docs/referees.md; issue 35 item 2)."""
    game, table, players = ddz
    body = {"effects": [{"kind": "forfeit"}], "override_reason": "left the table"}
    rule(game.referee, report(game.referee, table, "player_change", seat="N"), **body)
    standings = game.standings()
    assert table["id"] in [entry["match"] for entry in standings["provisional"]]
    marked = {row["pair"]["id"] for row in standings["rows"] if row["provisional"]}
    assert marked == set(players.values())
