"""Standings, unit standings and results as files: ``?format=csv|xlsx`` and ``…/export``
(scoring/renderers.py, scoring/views/standings.py).

One event throughout: five pairs, two units, one round. Pair 1 beats pair 2 by 4 levels, pairs 3
and 4 draw, pair 5 has a bye.
"""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tests.scoring.conftest import API
from tests.scoring.scored import enter, scored_event
from tests.tournaments.conftest import EventFactory, assert_problem

pytestmark = pytest.mark.django_db

CSV = "text/csv; charset=utf-8"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
TEA, UNION = "Tea House 茶馆", "Union 工会"

STANDINGS_HEADER = [
    "Rank",
    "Pair",
    "Name",
    "Unit",
    "Match points",
    "Level points",
    "Opponents' points",
    "Played",
    "Won",
    "Drawn",
    "Lost",
    "Decided by",
]
STANDINGS_ROWS = [
    ["1", "1", "李雷 / 韩梅梅", TEA, "2", "4", "0", "1", "1", "0", "0", "Level points"],
    ["2", "5", "Wang / Zhang", "", "2", "0", "0", "1", "1", "0", "0", "Match points"],
    ["3", "3", "Chen / Liu", TEA, "1", "0", "1", "1", "0", "1", "0", ""],
    ["3", "4", "Zhao / Sun", UNION, "1", "0", "1", "1", "0", "1", "0", "Match points"],
    ["5", "2", "Zhou / Wu", UNION, "0", "-4", "2", "1", "0", "0", "1", ""],
]
UNITS_HEADER = ["Rank", "Unit", "Match points", "Level points", "Pairs counted", "Decided by"]
UNITS_ROWS = [["1", TEA, "3", "4", "1 3", "Match points"], ["2", UNION, "1", "-4", "4 2", ""]]
RESULTS_HEADER = [
    "Round",
    "Table",
    "NS pair",
    "Name",
    "EW pair",
    "Name",
    "NS level",
    "EW level",
    "Winner",
    "Level difference",
    "Deals",
    "NS match points",
    "EW match points",
    "NS level points",
    "EW level points",
    "Status",
]
RESULTS_ROWS = [
    ["1", "1", "1", "李雷 / 韩梅梅", "2", "Zhou / Wu", "10", "6", "NS", "4", "8", "2", "0", "4", "-4",
     "confirmed"],
    ["1", "2", "3", "Chen / Liu", "4", "Zhao / Sun", "7", "7", "", "0", "8", "1", "1", "0", "0", "confirmed"],
    ["1", "3", "5", "Wang / Zhang", "", "", "", "", "", "", "", "2", "", "0", "", "bye"],
]  # fmt: skip


@pytest.fixture(scope="module")
def spring(django_db_setup, django_db_blocker):
    """Event ``spring``, scored once for the module (in a transaction rolled back after its last
    test); the tests read it, each in a savepoint of its own."""
    with rolled_back(django_db_blocker):
        yield spring_scored()


def spring_scored():
    scored = scored_event(
        [[(1, 2), (3, 4), (5, None)]],
        pairs=5,
        slug="spring",
        units={1: TEA, 3: TEA, 2: UNION, 4: UNION},
        names={1: "李雷 / 韩梅梅", 2: "Zhou / Wu", 3: "Chen / Liu", 4: "Zhao / Sun", 5: "Wang / Zhang"},
        tiebreaks=["level_points", "opponents_points"],
    )
    enter(scored, {(1, 1): ("10", "6"), (1, 2): ("7", "7")})
    return scored


def get(path: str, **extra):
    query = extra.pop("query", {})
    return APIClient().get(f"{API}/events/spring/{path}", query, **extra)


def csv_rows(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # a BOM, so that Excel reads UTF-8
    return list(csv.reader(io.StringIO(text[1:])))


def xlsx_rows(response) -> list[tuple]:
    sheet = load_workbook(io.BytesIO(response.content)).worksheets[0]
    return [tuple(row) for row in sheet.iter_rows(values_only=True)]


def attachment(name: str) -> str:
    return f'attachment; filename="{name}"'


# ---- standings ------------------------------------------------------------------------------------------
def test_standings_as_csv(spring):
    response = get("standings/", query={"format": "csv"})
    assert response.status_code == 200
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        CSV,
        attachment("spring-standings.csv"),
    )
    assert csv_rows(response) == [STANDINGS_HEADER, *STANDINGS_ROWS]


def test_the_standings_export_is_csv_unless_asked_otherwise(spring):
    response = get("standings/export")
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        CSV,
        attachment("spring-standings.csv"),
    )
    assert csv_rows(response) == [STANDINGS_HEADER, *STANDINGS_ROWS]


@pytest.mark.parametrize("path", ["standings/", "standings/export"])
def test_standings_as_xlsx(spring, path):
    response = get(path, query={"format": "xlsx"})
    assert response.status_code == 200
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        XLSX,
        attachment("spring-standings.xlsx"),
    )
    assert xlsx_rows(response) == [
        tuple(STANDINGS_HEADER),
        (1, 1, "李雷 / 韩梅梅", TEA, 2, 4, 0, 1, 1, 0, 0, "Level points"),
        (2, 5, "Wang / Zhang", None, 2, 0, 0, 1, 1, 0, 0, "Match points"),
        (3, 3, "Chen / Liu", TEA, 1, 0, 1, 1, 0, 1, 0, None),
        (3, 4, "Zhao / Sun", UNION, 1, 0, 1, 1, 0, 1, 0, "Match points"),
        (5, 2, "Zhou / Wu", UNION, 0, -4, 2, 1, 0, 0, 1, None),
    ]


def test_standings_as_of_a_round_name_the_round_in_the_file(spring):
    response = get("standings/export", query={"round": 1})
    assert response["Content-Disposition"] == attachment("spring-standings-round-1.csv")
    assert csv_rows(response) == [STANDINGS_HEADER, *STANDINGS_ROWS]


def test_the_export_answers_json_when_asked(spring):
    response = get("standings/export", query={"format": "json"})
    assert response["Content-Type"] == "application/json"
    assert [row["pair"]["number"] for row in response.json()["rows"]] == [1, 5, 3, 4, 2]


def test_g10_without_shared_places_the_files_show_the_lots():
    scored = scored_event(
        [[(1, 2), (3, 4)]], slug="lots", tiebreaks=["level_points"], shared_places=False, lots_seed=11
    )
    enter(scored, {(1, 1): ("7", "7"), (1, 2): ("7", "7")})
    body = APIClient().get(f"{API}/events/lots/standings/").json()
    assert [column["key"] for column in body["columns"]] == ["match_points", "level_points", "lots"]
    assert body["columns"][-1]["name"] == "Drawing lots"
    rows = csv_rows(APIClient().get(f"{API}/events/lots/standings/export"))
    assert rows[0][4:7] == ["Match points", "Level points", "Drawing lots"]
    assert [row[6] for row in rows[1:]] == [str(row["tiebreaks"]["lots"]) for row in body["rows"]]
    assert [row[-1] for row in rows[1:]] == ["Drawing lots", "Drawing lots", "Drawing lots", ""]


# ---- unit standings and results -------------------------------------------------------------------------
def test_unit_standings_as_csv(spring):
    response = get("standings/units/export")
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        CSV,
        attachment("spring-unit-standings.csv"),
    )
    assert csv_rows(response) == [UNITS_HEADER, *UNITS_ROWS]


def test_unit_standings_as_xlsx(spring):
    response = get("standings/units/", query={"format": "xlsx"})
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        XLSX,
        attachment("spring-unit-standings.xlsx"),
    )
    assert xlsx_rows(response) == [
        tuple(UNITS_HEADER),
        (1, TEA, 3, 4, "1 3", "Match points"),
        (2, UNION, 1, -4, "4 2", None),
    ]


def test_results_as_csv(spring):
    response = get("results/", query={"format": "csv"})
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        CSV,
        attachment("spring-results.csv"),
    )
    assert csv_rows(response) == [RESULTS_HEADER, *RESULTS_ROWS]


def test_results_as_xlsx(spring):
    response = get("results/export", query={"format": "xlsx"})
    assert (response["Content-Type"], response["Content-Disposition"]) == (
        XLSX,
        attachment("spring-results.xlsx"),
    )
    assert xlsx_rows(response) == [
        tuple(RESULTS_HEADER),
        (1, 1, 1, "李雷 / 韩梅梅", 2, "Zhou / Wu", "10", "6", "NS", 4, 8, 2, 0, 4, -4, "confirmed"),
        (1, 2, 3, "Chen / Liu", 4, "Zhao / Sun", "7", "7", None, 0, 8, 1, 1, 0, 0, "confirmed"),
        (1, 3, 5, "Wang / Zhang", None, None, None, None, None, None, None, 2, None, 0, None, "bye"),
    ]


def test_results_of_one_round_name_the_round_in_the_file(spring):
    response = get("results/export", query={"round": 1})
    assert response["Content-Disposition"] == attachment("spring-results-round-1.csv")
    assert csv_rows(response) == [RESULTS_HEADER, *RESULTS_ROWS]


# ---- language ------------------------------------------------------------------------------------------
def test_headers_are_english_by_default(spring):
    response = get("standings/export", HTTP_ACCEPT_LANGUAGE="en")
    assert csv_rows(response)[0] == STANDINGS_HEADER


def test_headers_are_chinese_on_accept_language_zh_hans(spring):
    standings = csv_rows(get("standings/export", HTTP_ACCEPT_LANGUAGE="zh-Hans"))[0]
    results = xlsx_rows(get("results/export", query={"format": "xlsx"}, HTTP_ACCEPT_LANGUAGE="zh-Hans"))[0]
    assert (standings[0], standings[4], standings[5]) == ("名次", "场分", "级分")
    assert (results[0], results[1]) == ("轮次", "桌号")


# ---- errors, conditional reads -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("standings/", {"format": "csv", "round": "x"}),
        ("standings/", {"format": "xlsx", "round": "0"}),
        ("standings/export", {"round": "x"}),
        ("standings/units/export", {"round": "x"}),
        ("results/export", {"round": "x", "format": "xlsx"}),
    ],
)
def test_an_error_is_problem_json_even_when_a_file_was_asked_for(spring, path, query):
    response = get(path, query=query)
    body = assert_problem(response, 400, "invalid")
    assert set(body) == {"type", "title", "status", "detail", "code", "instance", "errors", "request_id"}
    assert body["errors"] == [
        {"field": "round", "code": "invalid", "message": "round is a round number (1 or more)."}
    ]
    assert "Content-Disposition" not in response


@pytest.mark.parametrize("path", ["standings/export", "standings/units/export", "results/export"])
def test_a_hidden_events_file_is_a_404_problem(path):
    EventFactory(slug="hidden")
    response = APIClient().get(f"{API}/events/hidden/{path}", {"format": "xlsx"})
    assert_problem(response, 404, "not_found")
    assert "Content-Disposition" not in response


@pytest.mark.parametrize("path", ["standings/export", "standings/units/export", "results/export"])
@pytest.mark.parametrize("file_format", ["csv", "xlsx"])
def test_an_unchanged_file_is_a_304(spring, path, file_format):
    etag = get(path, query={"format": file_format})["ETag"]
    response = get(path, query={"format": file_format}, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert (response["ETag"], response.content) == (etag, b"")


@pytest.mark.parametrize("path", ["standings/", "standings/units/", "results/"])
def test_a_file_and_the_json_have_different_etags(spring, path):
    tags = {
        get(path)["ETag"],
        get(path, query={"format": "csv"})["ETag"],
        get(path, query={"format": "xlsx"})["ETag"],
        get(path, query={"format": "csv"}, HTTP_ACCEPT_LANGUAGE="zh-Hans")["ETag"],
    }
    assert len(tags) == 4
    json_etag = get(path)["ETag"]
    assert get(path, query={"format": "csv"}, HTTP_IF_NONE_MATCH=json_etag).status_code == 200


# ---- negotiation -----------------------------------------------------------------------------------------
def test_the_format_parameter_wins_over_the_accept_header(spring):
    """A club page's link sends the browser's Accept; ``?format=csv`` still means the file."""
    response = get("standings/", query={"format": "csv"}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"] == CSV


@pytest.mark.parametrize(
    "path", ["standings/", "standings/export", "standings/units/export", "results/export"]
)
def test_options_on_a_file_address_describes_the_view_as_json(spring, path):
    response = APIClient().options(f"{API}/events/spring/{path}?format=csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json()["name"]


def test_a_name_with_control_characters_still_exports_as_xlsx(spring):
    # A spreadsheet cell refuses control characters (found by the contract run): they are dropped.
    from tournaments.models import Pair

    Pair.objects.filter(event__slug="spring", number=5).update(name="Wa\x01ng / Zhang")
    rows = get("standings/", query={"format": "json"}).json()["rows"]
    assert "Wa\x01ng / Zhang" in [row["pair"]["name"] for row in rows]
    response = get("standings/export", query={"format": "xlsx"})
    assert response.status_code == 200
    names = [row[2] for row in xlsx_rows(response)[1:]]
    assert "Wang / Zhang" in names
