"""Reading registration lists from CSV or XLSX (docs/rules/guandan.md G11: lists come from spreadsheets).

Parsing only: every row becomes a dict of known columns, or a row error. The service
decides whether to import (all rows or none).
"""

from __future__ import annotations

import csv
import io
import itertools

# Column names as organisers write them, English or Chinese, mapped to ours.
ALIASES = {
    "number": ("number", "no", "pair", "pair_number", "编号", "序号", "对号"),
    "name": ("name", "pair_name", "队名", "组合名"),
    "player_1": ("player_1", "player1", "player a", "选手1", "选手一", "队员1"),
    "player_2": ("player_2", "player2", "player b", "选手2", "选手二", "队员2"),
    "player_3": ("player_3", "player3", "player c", "选手3", "选手三", "队员3"),  # a team of three
    "unit": ("unit", "club", "team", "单位", "部门", "俱乐部"),
    "seed": ("seed", "种子", "种子号"),
    "grade": ("grade", "level", "等级", "级别"),
    "email_1": ("email_1", "email1"),
    "email_2": ("email_2", "email2"),
    "email_3": ("email_3", "email3"),
    "phone_1": ("phone_1", "phone1", "电话1"),
    "phone_2": ("phone_2", "phone2", "电话2"),
    "phone_3": ("phone_3", "phone3", "电话3"),
    # An event of a club: each player's member number (docs/clubs.md); ignored in an event without one.
    "member_number_1": ("member_number_1", "member1", "会员号1"),
    "member_number_2": ("member_number_2", "member2", "会员号2"),
    "member_number_3": ("member_number_3", "member3", "会员号3"),
}
_LOOKUP = {alias.casefold(): column for column, names in ALIASES.items() for alias in names}
MAX_ROWS = 20_000


class SheetError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def read_rows(
    content: bytes,
    *,
    filename: str = "",
    content_type: str = "",
    required: tuple[str, ...] = ("player_1", "player_2"),
) -> list[tuple[int, dict[str, str]]]:
    """The sheet's data rows: (row number, values keyed by our column names).

    Row numbers count data rows from 1 (the header is row 0) as they are in the file, blank rows
    included, so an error names the row an organiser sees; blank rows are left out; unknown
    columns are dropped.
    """
    raw = _xlsx_rows(content) if _is_xlsx(content, filename, content_type) else _csv_rows(content)
    if not raw:
        raise SheetError("empty_file", "The file has no header row.")
    header = [_LOOKUP.get(str(cell or "").strip().casefold()) for cell in raw[0]]
    for column in required:
        if column not in header:
            raise SheetError("missing_column", f"The header has no {column} column.")
    rows = []
    for number, cells in enumerate(raw[1:], start=1):
        values = {col: _text(cell) for col, cell in zip(header, cells, strict=False) if col}
        if any(values.values()):
            rows.append((number, values))
    if len(rows) > MAX_ROWS:
        raise SheetError("too_many_rows", f"At most {MAX_ROWS} rows per import.")
    return rows


def row_count(
    content: bytes, *, filename: str = "", content_type: str = "", limit: int | None = None
) -> int | None:
    """How many data rows the file has at most, found without reading them (whether an import is
    a job, docs/events.md): a CSV's line breaks, a workbook's declared size. A workbook that does
    not declare its size has its rows counted, up to ``limit`` + 1 (None without a ``limit``: not
    counted); 0 for one that cannot be opened (its import refuses it at once)."""
    if not _is_xlsx(content, filename, content_type):
        # A line break is byte 0x0A in UTF-8 and in GB18030 alike, and inside no other character.
        return max(content.count(b"\n") + (not content.endswith(b"\n")) - 1, 0)
    from openpyxl import load_workbook  # loaded by the imports of a workbook, not by every process

    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        sheet = workbook.worksheets[0]
        rows = sheet.max_row
        if rows is None and limit is not None:  # no dimension declared: count, as far as the limit
            rows = sum(1 for _ in itertools.islice(sheet.iter_rows(values_only=True), limit + 2))
    except Exception:  # openpyxl raises many kinds for a damaged file
        return 0
    return None if rows is None else max(rows - 1, 0)


def _is_xlsx(content: bytes, filename: str, content_type: str) -> bool:
    return filename.lower().endswith(".xlsx") or "spreadsheetml" in content_type or content[:2] == b"PK"


def _text(cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    return str(cell).strip()


def _csv_rows(content: bytes) -> list[list[str]]:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = content.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise SheetError("bad_encoding", "The CSV file is neither UTF-8 nor GB18030.")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    return [row for row in csv.reader(io.StringIO(text), dialect)]


def _xlsx_rows(content: bytes) -> list[list]:
    from openpyxl import load_workbook  # as above: only a workbook's import loads it

    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise SheetError("bad_file", "The file is not a readable XLSX workbook.") from exc
    sheet = workbook.worksheets[0]
    return [list(row) for row in sheet.iter_rows(values_only=True)]
