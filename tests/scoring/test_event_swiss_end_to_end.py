"""A whole small Swiss event through the API only (G8-G11): an organizer sets it up, registers eight
pairs in two units, draws, publishes and closes three rounds; scorekeepers and table tokens enter
the results (posted deals at tables 1 and 2, level sheets at tables 3 and 4) with double entry; the
standings, unit standings and exports are checked against values computed here from the results.

Only the users and their tokens are made outside the API. The ``swiss`` fixture plays the event
once for the module (in a transaction rolled back after its last test) and records what each test
looks at; the tests only read it, each in a savepoint of its own.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.scoring.conftest import API, EW_SWEEP, NS_SWEEP
from tests.tournaments.conftest import assert_problem, client_for, new_user

pytestmark = pytest.mark.django_db

SLUG = "swiss-open"
EVENT = f"{API}/events/{SLUG}"
SETTINGS = {
    "match_format": "deal_count",
    "deal_limit": 8,  # 八牌制: a game is 8 deals unless a side passes A first
    "match_points": {"method": "win_draw_loss", "win": 3, "draw": 1, "loss": 0},  # 掼蛋比赛活动方案: 3 / 1
    "level_points": {"method": "level_difference", "mode": "net"},
    "tiebreaks": ["level_points", "opponents_points", "sonneborn_berger"],
    "unit_best": 3,
    "same_unit": "hard",
}
UNITS = ("Tea House 茶馆", "Union 工会")
WIN, DRAW = 3, 1

# Eight deals that end J (EW) against 10 (NS); SWAP turns them into NS J against EW 10.
MIXED_EIGHT = [
    ["N", "S"],
    ["E", "N", "W"],
    ["W", "N", "S"],
    ["S", "E", "N"],
    ["E", "W"],
    ["N", "E", "W"],
    ["W", "E"],
    ["S", "E", "N"],
]
SWAP = {"N": "E", "E": "N", "S": "W", "W": "S"}


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


def opposite(side: str) -> str:
    return "EW" if side == "NS" else "NS"


class Swiss:
    """The event as it is played: its staff's clients and every result entered."""

    def __init__(self):
        self.organizer = client_for(new_user("organizer"))
        self.keeper_ns = client_for(new_user("keeper-ns"))
        self.keeper_ew = client_for(new_user("keeper-ew"))
        self.tables: dict[int, APIClient] = {}
        self.pairs: dict[int, dict] = {}  # pair id → the pair as registered
        self.results: list[dict] = []  # every result entered: round, pairs, final levels
        self.observed: dict = {}

    # ---- set-up ---------------------------------------------------------------------------------
    def set_up(self) -> None:
        check(self.organizer.post(f"{API}/events/", {"slug": SLUG, "name": "Swiss Open", **SETTINGS}), 201)
        check(self.organizer.patch(f"{EVENT}/", {"status": "published"}))
        units = [check(self.organizer.post(f"{EVENT}/units/", {"name": name}), 201)["id"] for name in UNITS]
        for number in range(1, 9):
            body = {
                "player_1": {"name": f"Player {number}a"},
                "player_2": {"name": f"Player {number}b"},
                "unit": units[(number - 1) % 2],  # odd numbers: the tea house; even: the union
            }
            pair = check(self.organizer.post(f"{EVENT}/pairs/", body), 201)
            self.pairs[pair["id"]] = pair
        for client in (self.keeper_ns, self.keeper_ew):
            role = {"username": client.user.username, "role": "scorekeeper"}
            check(self.organizer.post(f"{EVENT}/roles/", role), 201)
        for table in (1, 2):
            key = check(self.organizer.post(f"{EVENT}/table-tokens/", {"table": table}), 201)["key"]
            self.tables[table] = APIClient()
            self.tables[table].credentials(HTTP_AUTHORIZATION=f"Table {key}")
        self.stage = check(self.organizer.post(f"{EVENT}/stages/", {"name": "Swiss", "kind": "swiss"}), 201)

    def number(self, pair_id: int) -> int:
        return self.pairs[pair_id]["number"]

    # ---- a round --------------------------------------------------------------------------------
    def draw(self) -> tuple[int, list[dict]]:
        number = check(self.organizer.post(f"{EVENT}/rounds/", {"stage": self.stage["id"]}), 201)["number"]
        check(self.organizer.post(f"{EVENT}/rounds/{number}/draw", {"seed": 100 + number}))
        check(self.organizer.post(f"{EVENT}/rounds/{number}/publish"))
        matches = check(self.organizer.get(f"{EVENT}/matches/", {"round": number}))["results"]
        assert [m["table"] for m in matches] == [1, 2, 3, 4]
        return number, matches

    def play(self, number: int, match: dict, winner: str | None, *, last: bool = True) -> None:
        """Enter the table's result the way its table does it; ``winner``: "NS", "EW" or None (a draw).
        ``last=False`` stops before the second party's entry (the result is only submitted)."""
        url = f"{API}/matches/{match['id']}"
        table = match["table"]
        if table == 1:  # the NS scorekeeper posts the deals; the table's token confirms
            deals = NS_SWEEP if winner == "NS" else EW_SWEEP
            levels = {winner: 15, opposite(winner): 2}
            self.post_deals(self.keeper_ns, url, deals)
            check(self.keeper_ns.post(f"{url}/result", {"side": "NS"}), 201)
            confirm = (self.tables[1], f"{url}/result/confirm", {})
        elif table == 2:  # the table's token posts the deals; the EW scorekeeper confirms
            deals = MIXED_EIGHT if winner == "EW" else [[SWAP[s] for s in order] for order in MIXED_EIGHT]
            levels = {winner: 11, opposite(winner): 10}
            self.post_deals(self.tables[2], url, deals)
            check(self.tables[2].post(f"{url}/result", {}), 201)
            confirm = (self.keeper_ew, f"{url}/result/confirm", {"side": "EW"})
        else:  # level sheets: the NS scorekeeper, then the EW one (confirm, or the same sheet again)
            won, lost = (10, 6) if table == 3 else (9, 7)
            levels = {"NS": 8, "EW": 8} if winner is None else {winner: won, opposite(winner): lost}
            sheet = {"levels": {side: str(level) for side, level in levels.items()}, "deals_played": 8}
            check(self.keeper_ns.post(f"{url}/result", {**sheet, "side": "NS"}), 201)
            if table == 3:
                confirm = (self.keeper_ew, f"{url}/result/confirm", {"side": "EW"})
            else:
                confirm = (self.keeper_ew, f"{url}/result", {**sheet, "side": "EW"})
        self.results.append(
            {
                "round": number,
                "ns": match["ns_pair"]["id"],
                "ew": match["ew_pair"]["id"],
                "levels": levels,
                "winner": winner,
            }
        )
        if last:
            self.confirm(*confirm)
        else:
            self.pending = confirm

    def confirm(self, client, url, body) -> None:
        official = check(client.post(url, body))
        assert official["status"] == "confirmed", official

    @staticmethod
    def post_deals(client, url: str, orders) -> None:
        for number, order in enumerate(orders, start=1):
            check(client.post(f"{url}/deals/", {"number": number, "finishing_order": order}), 201)

    def close(self, number: int):
        return self.organizer.post(f"{EVENT}/rounds/{number}/close")


def winners_of_round(number: int, matches: list[dict]) -> list[str | None]:
    """Who wins at each table: in round 1 the tea house's pair (odd numbers) at tables 1 and 2 and
    the union's at 3 and 4, so two pairs of each unit win; later the lower pair number, but the
    higher one at table 2; in round 3 table 4 is a draw."""
    out: list[str | None] = []
    for match in matches:
        ns, ew = match["ns_pair"], match["ew_pair"]
        if number == 1:
            tea_house_ns = ns["number"] % 2 == 1
            out.append("NS" if tea_house_ns == (match["table"] in (1, 2)) else "EW")
        elif number == 3 and match["table"] == 4:
            out.append(None)
        else:
            lower = "NS" if ns["number"] < ew["number"] else "EW"
            out.append(opposite(lower) if match["table"] == 2 else lower)
    return out


def played() -> Swiss:
    game = Swiss()
    game.set_up()
    for number in (1, 2, 3):
        number, matches = game.draw()
        game.observed[f"draw_{number}"] = matches
        if number == 2:
            game.observed["standings_after_1"] = check(APIClient().get(f"{EVENT}/standings/", {"round": 1}))
        winners = winners_of_round(number, matches)
        for match, winner in zip(matches, winners, strict=True):
            game.play(number, match, winner, last=not (number == 1 and match["table"] == 4))
        if number == 1:
            game.observed["early_close"] = game.close(1)
            game.confirm(*game.pending)
        check(game.close(number))
    return game


@pytest.fixture(scope="module")
def swiss(django_db_setup, django_db_blocker) -> Swiss:
    with rolled_back(django_db_blocker):
        yield played()


# ---- what the standings should be, computed from the results entered ------------------------------
def expected_standings(game: Swiss) -> list[tuple]:
    points: dict[int, float] = defaultdict(float)
    levels: dict[int, int] = defaultdict(int)
    met: dict[int, list[tuple[int, float]]] = defaultdict(list)  # (opponent, 1 / ½ / 0)
    for result in game.results:
        for side, pair, other in (("NS", result["ns"], result["ew"]), ("EW", result["ew"], result["ns"])):
            share = 0.5 if result["winner"] is None else float(result["winner"] == side)
            points[pair] += {1.0: WIN, 0.5: DRAW, 0.0: 0}[share]
            levels[pair] += result["levels"][side] - result["levels"][opposite(side)]
            met[pair].append((other, share))
    opponents = {pair: sum(points[other] for other, _ in met[pair]) for pair in game.pairs}
    berger = {pair: sum(points[other] * share for other, share in met[pair]) for pair in game.pairs}
    keys = {pair: (points[pair], levels[pair], opponents[pair], berger[pair]) for pair in game.pairs}
    order = sorted(game.pairs, key=lambda pair: (*(-value for value in keys[pair]), pair))
    names = ["match_points", "level_points", "opponents_points", "sonneborn_berger"]
    rows = []
    for index, pair in enumerate(order):
        following = order[index + 1] if index + 1 < len(order) else None
        differs = None
        if following is not None:
            differs = next(
                (n for n, a, b in zip(names, keys[pair], keys[following], strict=True) if a != b), None
            )
        rank = 1 + sum(1 for other in game.pairs if keys[other] > keys[pair])
        values = dict(zip(names[1:], keys[pair][1:], strict=True))
        rows.append((rank, game.number(pair), keys[pair][0], values, differs))
    return rows


def api_rows(body: dict) -> list[tuple]:
    return [
        (r["rank"], r["pair"]["number"], r["match_points"], r["tiebreaks"], r["decided_by"])
        for r in body["rows"]
    ]


# ---- the tests --------------------------------------------------------------------------------------
def test_g11_round_one_keeps_the_units_apart(swiss):
    units = {pair_id: pair["unit"] for pair_id, pair in swiss.pairs.items()}
    for match in swiss.observed["draw_1"]:
        assert units[match["ns_pair"]["id"]] != units[match["ew_pair"]["id"]]


def test_a_round_closes_only_when_every_result_is_confirmed(swiss):
    body = assert_problem(swiss.observed["early_close"], 409, "results_pending")
    assert body["tables"] == [4]


def test_g11_swiss_round_two_pairs_equal_scores(swiss):
    after_one = {
        row["pair"]["id"]: row["match_points"] for row in swiss.observed["standings_after_1"]["rows"]
    }
    assert sorted(after_one.values()) == [0, 0, 0, 0, 3, 3, 3, 3]
    first_round = {frozenset((m["ns_pair"]["id"], m["ew_pair"]["id"])) for m in swiss.observed["draw_1"]}
    for match in swiss.observed["draw_2"]:
        ns, ew = match["ns_pair"]["id"], match["ew_pair"]["id"]
        assert after_one[ns] == after_one[ew]
        assert frozenset((ns, ew)) not in first_round  # no rematch
        assert swiss.pairs[ns]["unit"] != swiss.pairs[ew]["unit"]


def test_g10_final_standings_follow_from_the_results(swiss):
    body = check(APIClient().get(f"{EVENT}/standings/"))
    assert (body["rounds"], body["tiebreaks"]) == ([1, 2, 3], SETTINGS["tiebreaks"])
    assert api_rows(body) == expected_standings(swiss)
    assert sum(row["match_points"] for row in body["rows"]) == 11 * WIN + 2 * DRAW  # one draw in 12
    assert [(r["played"], r["wins"] + r["draws"] + r["losses"]) for r in body["rows"]] == [(3, 3)] * 8


def test_g11_unit_standings_count_the_best_three_pairs_of_each_unit(swiss):
    standings = check(APIClient().get(f"{EVENT}/standings/"))["rows"]
    expected = {}
    for name in UNITS:
        mine = [row for row in standings if row["pair"]["unit"] == name][:3]
        expected[name] = (
            sum(row["match_points"] for row in mine),
            sum(row["tiebreaks"]["level_points"] for row in mine),
            [row["pair"]["number"] for row in mine],
        )
    body = check(APIClient().get(f"{EVENT}/standings/units/"))
    assert body["unit_best"] == 3
    got = {
        row["unit"]["name"]: (row["match_points"], row["level_points"], row["pairs"]) for row in body["rows"]
    }
    assert got == expected
    ordered = sorted(expected, key=lambda name: (-expected[name][0], -expected[name][1]))
    assert [row["unit"]["name"] for row in body["rows"]] == ordered
    tied = expected[UNITS[0]][:2] == expected[UNITS[1]][:2]
    assert [row["rank"] for row in body["rows"]] == ([1, 1] if tied else [1, 2])


def test_the_results_table_shows_every_result_entered(swiss):
    rows = check(APIClient().get(f"{EVENT}/results/"))["rows"]
    name = {15: "A+", 11: "J"}
    assert [(r["round"], r["ns_pair"]["id"], r["ew_pair"]["id"], r["winner"], r["levels"]) for r in rows] == [
        (r["round"], r["ns"], r["ew"], r["winner"], {s: name.get(v, str(v)) for s, v in r["levels"].items()})
        for r in swiss.results
    ]
    assert {r["status"] for r in rows} == {"confirmed"}
    points = {"NS": {"NS": WIN, "EW": 0}, "EW": {"NS": 0, "EW": WIN}, None: {"NS": DRAW, "EW": DRAW}}
    assert [r["match_points"] for r in rows] == [points[r["winner"]] for r in swiss.results]


def test_the_final_standings_and_results_export(swiss):
    standings = check(APIClient().get(f"{EVENT}/standings/"))["rows"]
    response = APIClient().get(f"{EVENT}/standings/export")
    assert response["Content-Disposition"] == f'attachment; filename="{SLUG}-standings.csv"'
    table = list(csv.reader(io.StringIO(response.content.decode("utf-8").lstrip("\ufeff"))))
    assert table[0][:5] == ["Rank", "Pair", "Name", "Unit", "Match points"]
    assert [(int(r[0]), int(r[1]), r[3], float(r[4])) for r in table[1:]] == [
        (r["rank"], r["pair"]["number"], r["pair"]["unit"], r["match_points"]) for r in standings
    ]
    book = load_workbook(io.BytesIO(APIClient().get(f"{EVENT}/results/export", {"format": "xlsx"}).content))
    results = list(book.worksheets[0].iter_rows(values_only=True))
    assert len(results) == 1 + 12
    assert [row[:2] for row in results[1:]] == [(n, t) for n in (1, 2, 3) for t in (1, 2, 3, 4)]
