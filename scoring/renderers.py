"""CSV and XLSX exports of tables (standings, results): ``?format=csv|xlsx`` or ``…/export``.

The view names the columns (``export_columns``: key path and translatable header), so the
headers are Chinese on ``Accept-Language: zh-Hans``. An error is never a table: it is rendered as
the usual problem+json.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.utils.translation import gettext
from rest_framework import renderers

from core.problems import PROBLEM_CONTENT_TYPE


def _cell(row: dict, path: str):
    value: Any = row
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else ""
    return value


class _TableRenderer(renderers.BaseRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:  # a 304 Not Modified (If-None-Match) has no body
            return b""
        context = renderer_context or {}
        response = context.get("response")
        view = context.get("view")
        request = context.get("request")
        is_table = (
            hasattr(view, "export_columns")
            and (request is None or request.method in ("GET", "HEAD"))  # not OPTIONS' description
            and (response is None or response.status_code < 400)
        )
        if response is not None and not is_table:
            response["Content-Type"] = (
                PROBLEM_CONTENT_TYPE if response.status_code >= 400 else "application/json"
            )
            return json.dumps(data, ensure_ascii=False).encode()
        columns = view.export_columns(data)
        rows = data.get("rows") or data.get("results") or []
        header = [gettext(title) for _, title in columns]
        body = [[_cell(row, path) for path, _ in columns] for row in rows]
        if response is not None:
            name = view.export_name(data)
            response["Content-Disposition"] = f'attachment; filename="{name}.{self.format}"'
        return self.write(header, body)


class CSVRenderer(_TableRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"
    #: What the OpenAPI document says of the answer (core.schema): the table as text, not as JSON.
    openapi_schema = {
        "type": "string",
        "description": "The table as CSV: UTF-8 with a byte-order mark, a header row in the language "
        "asked for, then a row per row of the JSON answer.",
    }

    def write(self, header, body) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(body)
        # A byte-order mark, so that Excel (as used in China) opens UTF-8 with the right characters.
        return ("\ufeff" + out.getvalue()).encode("utf-8")


class XLSXRenderer(_TableRenderer):
    media_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    format = "xlsx"
    charset = None
    render_style = "binary"
    openapi_schema = {
        "type": "string",
        "format": "binary",
        "description": "The table as an Excel workbook: one sheet, a header row, a row per row.",
    }

    def write(self, header, body) -> bytes:
        # openpyxl is loaded by the few requests that ask for a workbook, not by every web process.
        from openpyxl import Workbook
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

        def cell(value):
            # A spreadsheet cell cannot hold control characters that a name may carry: drop them.
            return ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value

        book = Workbook(write_only=True)
        sheet = book.create_sheet()
        sheet.append([cell(value) for value in header])
        for row in body:
            sheet.append([cell(value) for value in row])
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()
