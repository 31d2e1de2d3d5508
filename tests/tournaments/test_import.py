"""POST /events/{slug}/pairs/import: CSV or XLSX, every row checked, all rows or none
(docs/rules/guandan.md G11).

tournaments/importing.py reads the sheet, tournaments/services/imports.py checks and imports.
"""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournaments.conftest import PairFactory, UnitFactory, assert_problem, field_errors, role_client
from tournaments.models import Pair, Player, Role, Unit

pytestmark = pytest.mark.django_db

ENGLISH = "number,name,player_1,player_2,unit,seed,grade,email_1,email_2,phone_1,phone_2"


def csv_file(*lines: str, encoding: str = "utf-8", name: str = "pairs.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, "\n".join(lines).encode(encoding), content_type="text/csv")


def xlsx_file(rows: list[list]) -> SimpleUploadedFile:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile(
        "pairs.xlsx",
        buffer.getvalue(),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )


def upload(client, event, file, **extra):
    return client.post(
        f"/api/v1/events/{event.slug}/pairs/import", {"file": file, **extra}, format="multipart"
    )


def test_g11_a_utf8_csv_imports_every_row(event, organizer):
    response = upload(
        organizer,
        event,
        csv_file(
            ENGLISH,
            "1,Aces,Li Lei,Han Meimei,Tea House,1,A,li@example.org,,138,",
            "2,,Wang Fang,Zhang Wei,Union Club,2,B,,,,139",
        ),
    )
    assert response.status_code == 201
    body = response.json()
    assert body["imported"] == 2
    assert [(p["number"], p["display_name"]) for p in body["pairs"]] == [
        (1, "Aces"),
        (2, "Wang Fang / Zhang Wei"),
    ]
    first = Pair.objects.get(event=event, number=1)
    assert (first.seed, first.grade, first.unit.name) == (1, "A", "Tea House")
    assert (first.player_1.email, first.player_1.phone) == ("li@example.org", "138")
    assert Pair.objects.get(event=event, number=2).player_2.phone == "139"


def test_g11_chinese_headers_are_understood(event, organizer):
    response = upload(
        organizer,
        event,
        csv_file("\ufeff编号,选手1,选手2,单位,种子,等级,电话1", "3,李雷,韩梅梅,茶馆,1,一级,13800000000"),
    )
    assert response.status_code == 201
    pair = Pair.objects.get(event=event)
    assert (pair.number, pair.player_1.name, pair.player_2.name) == (3, "李雷", "韩梅梅")
    assert (pair.unit.name, pair.seed, pair.grade, pair.player_1.phone) == ("茶馆", 1, "一级", "13800000000")


def test_g11_a_gb18030_csv_is_decoded(event, organizer):
    response = upload(
        organizer, event, csv_file("序号,选手一,选手二,俱乐部", "1,王芳,张伟,工会", encoding="gb18030")
    )
    assert response.status_code == 201
    pair = Pair.objects.get(event=event)
    assert (pair.player_1.name, pair.player_2.name, pair.unit.name) == ("王芳", "张伟", "工会")


def test_a_semicolon_separated_csv_is_read(event, organizer):
    response = upload(organizer, event, csv_file("player_1;player_2;unit", "A;B;Club", "C;D;Club"))
    assert response.status_code == 201
    assert Unit.objects.filter(event=event, name="Club").count() == 1


def test_g11_an_xlsx_workbook_imports(event, organizer):
    file = xlsx_file(
        [
            ["编号", "选手1", "选手2", "单位", "种子", "email_1"],
            [1, "李雷", "韩梅梅", "茶馆", 2.0, "ll@example.org"],
            [2, "王芳", "张伟", None, None, None],
        ]
    )
    response = upload(organizer, event, file)
    assert response.status_code == 201
    first, second = Pair.objects.filter(event=event).order_by("number")
    assert (first.number, first.seed, first.unit.name, first.player_1.email) == (
        1,
        2,
        "茶馆",
        "ll@example.org",
    )
    assert (second.number, second.seed, second.unit) == (2, None, None)


def test_an_existing_unit_is_reused_by_name(event, organizer):
    unit = UnitFactory(event=event, name="Tea House")
    upload(organizer, event, csv_file("player_1,player_2,unit", "A,B,Tea House"))
    assert Pair.objects.get(event=event).unit == unit
    assert Unit.objects.filter(event=event).count() == 1


def test_missing_numbers_are_given_around_the_taken_ones(event, organizer):
    PairFactory(event=event, number=1)
    upload(organizer, event, csv_file("number,player_1,player_2", ",A,B", "2,C,D", ",E,F"))
    numbers = dict(Pair.objects.filter(event=event).values_list("player_1__name", "number"))
    assert {name: numbers[name] for name in "ACE"} == {"A": 3, "C": 2, "E": 4}


def test_missing_numbers_after_the_highest_possible_one_fill_the_free_ones(event, organizer):
    for number in (1, 2147483647):
        PairFactory(event=event, number=number)
    upload(organizer, event, csv_file("number,player_1,player_2", ",A,B", "3,C,D", ",E,F"))
    numbers = dict(Pair.objects.filter(event=event).values_list("player_1__name", "number"))
    assert {name: numbers[name] for name in "ACE"} == {"A": 2, "C": 3, "E": 4}


def test_unknown_columns_and_blank_rows_are_ignored(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2,shirt size", "A,B,XL", ",,", "C,D,M"))
    assert response.json()["imported"] == 2


# ---- all or none, per-row errors -------------------------------------------------------------
def assert_nothing_imported(event):
    assert not Pair.objects.filter(event=event).exists()
    assert not Player.objects.filter(event=event).exists()
    assert not Unit.objects.filter(event=event).exists()


def test_g11_one_bad_row_imports_nothing(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2,unit", "A,B,New Club", "C,,New Club"))
    assert_problem(response, 400, "required")
    assert field_errors(response) == {"rows.2.player_2": "required"}
    assert_nothing_imported(event)


def test_every_bad_row_is_reported_at_once(event, organizer):
    PairFactory(event=event, number=9)
    response = upload(
        organizer,
        event,
        csv_file(
            "number,player_1,player_2,seed,email_1,email_2",
            "9,A,B,,,",  # number taken by an existing pair
            "4,,D,,,",  # missing player
            "4,E,F,,,",  # number twice in the file
            "5,G,H,abc,,",  # seed not a number
            "6,I,J,0,,",  # seed below 1
            "7,K,L,,nope,k@example.org",  # bad email
            "x,M,N,,,",  # number not a number
            "2147483648,O,P,,,",  # number beyond the column's range
            "8,Q,R,99999999999999999999,,",  # seed beyond the column's range
        ),
    )
    assert_problem(response, 400, "invalid")
    assert field_errors(response) == {
        "rows.1.number": "duplicate_number",
        "rows.2.player_1": "required",
        "rows.3.number": "duplicate_number",
        "rows.4.seed": "invalid",
        "rows.5.seed": "min_value",
        "rows.6.email_1": "invalid",
        "rows.7.number": "invalid",
        "rows.8.number": "max_value",
        "rows.9.seed": "max_value",
    }
    assert Pair.objects.filter(event=event).count() == 1


def test_row_numbers_count_the_blank_rows_of_the_file(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2", "A,B", ",", "C,"))
    assert field_errors(response) == {"rows.3.player_2": "required"}


def test_a_player_name_over_120_characters_is_refused(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2", f"{'x' * 121},B"))
    assert field_errors(response) == {"rows.1.player_1": "max_length"}


def test_xlsx_rows_are_checked_too(event, organizer):
    response = upload(organizer, event, xlsx_file([["player_1", "player_2", "seed"], ["A", "B", "first"]]))
    assert field_errors(response) == {"rows.1.seed": "invalid"}
    assert_nothing_imported(event)


# ---- dry run -----------------------------------------------------------------------------------
def test_a_dry_run_checks_and_imports_nothing(event, organizer):
    response = upload(
        organizer, event, csv_file("player_1,player_2,unit", "A,B,Club", "C,D,Club"), dry_run=True
    )
    assert response.status_code == 200
    assert response.json() == {"imported": 0, "valid_rows": 2, "pairs": []}
    assert_nothing_imported(event)


def test_a_dry_run_reports_the_row_errors(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2", "A,"), dry_run=True)
    assert field_errors(response) == {"rows.1.player_2": "required"}


# ---- the file itself ---------------------------------------------------------------------------
def test_a_missing_player_column_is_a_400(event, organizer):
    response = upload(organizer, event, csv_file("number,player_1,unit", "1,A,Club"))
    assert_problem(response, 400, "missing_column")
    assert field_errors(response) == {"file": "missing_column"}


@pytest.mark.parametrize("lines", [(), ("player_1,player_2",), ("player_1,player_2", ",", "")])
def test_a_file_without_data_rows_is_a_400(event, organizer, lines):
    response = upload(organizer, event, csv_file(*lines))
    assert_problem(response, 400, "empty_file")
    assert field_errors(response) == {"file": "empty_file"}


def test_a_request_without_a_file_is_a_400(event, organizer):
    response = organizer.post(f"/api/v1/events/{event.slug}/pairs/import", {}, format="multipart")
    assert field_errors(response) == {"file": "required"}


def test_a_json_body_is_a_415(event, organizer):
    response = organizer.post(f"/api/v1/events/{event.slug}/pairs/import", {"file": "a,b"}, format="json")
    assert_problem(response, 415, "unsupported_media_type")


def test_a_damaged_workbook_is_a_400(event, organizer):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")
    file = SimpleUploadedFile("pairs.xlsx", buffer.getvalue())
    response = upload(organizer, event, file)
    assert_problem(response, 400, "bad_file")
    assert field_errors(response) == {"file": "bad_file"}


def test_the_import_is_also_served_with_a_trailing_slash(event, organizer):
    response = organizer.post(
        f"/api/v1/events/{event.slug}/pairs/import/",
        {"file": csv_file("player_1,player_2", "A,B")},
        format="multipart",
    )
    assert response.status_code == 201


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_only_organizers_import(event, role):
    response = upload(role_client(event, role), event, csv_file("player_1,player_2", "A,B"))
    assert_problem(response, 403, "permission_denied")


def test_anonymous_import_is_a_401(event, api_client):
    assert_problem(upload(api_client, event, csv_file("player_1,player_2", "A,B")), 401, "not_authenticated")


def test_a_null_character_in_a_cell_is_a_row_error(event, organizer):
    response = upload(organizer, event, csv_file("player_1,player_2,unit", "A\x00,B,Club\x00"))
    assert field_errors(response) == {
        "rows.1.player_1": "null_characters_not_allowed",
        "rows.1.unit": "null_characters_not_allowed",
    }
    assert_nothing_imported(event)


def test_a_retried_import_with_its_idempotency_key_imports_once(event, organizer):
    content = "\n".join(["player_1,player_2", "A,B", "C,D"]).encode()

    def send():
        file = SimpleUploadedFile("pairs.csv", content, content_type="text/csv")
        return organizer.post(
            f"/api/v1/events/{event.slug}/pairs/import",
            {"file": file},
            format="multipart",
            HTTP_IDEMPOTENCY_KEY="import-1",
        )

    first, again = send(), send()
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert Pair.objects.filter(event=event).count() == 2


def test_an_upload_over_the_limit_is_a_413_before_it_is_read(event, organizer, settings):
    settings.UPLOAD_MAX_SIZE = 1000
    rows = ["player_1,player_2", *(f"A{n},B{n}" for n in range(200))]
    response = upload(organizer, event, csv_file(*rows))
    assert_problem(response, 413, "payload_too_large")
    assert not Pair.objects.filter(event=event).exists()
