"""The demo event as the pages show it, an HTML table reader, and the API's answers to compare with."""

from __future__ import annotations

import copy
import io
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.conftest import rolled_back
from tournaments.models import Event

API = "/api/v1"
SLUG = "demo-open"


def seed() -> Event:
    """``manage.py seed_demo``: 16 pairs in 4 units, round 1 published, tables 1-4 confirmed (1 and 2
    from their deals, 3 and 4 from their level sheets)."""
    call_command("seed_demo", stdout=io.StringIO())
    return Event.objects.get(slug=SLUG)


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker) -> Event:
    """The demo seeded once for a module's tests, in a transaction rolled back after the last one."""
    with rolled_back(django_db_blocker):
        yield seed()


@pytest.fixture
def demo(seeded, db) -> Event:
    """The demo event; what a test writes is rolled back after it, and it has its own copy of the
    event to change."""
    return copy.deepcopy(seeded)


def api(path: str, **headers) -> dict | list:
    response = APIClient().get(f"{API}{path}", **headers)
    assert response.status_code == 200, response.content
    return response.json()


class Rows(HTMLParser):
    """The ``<tr>`` elements with a given data attribute: each row's attributes and its cells' text
    (``cells``: in order; ``keyed``: the cells with a ``data-key``, by key; ``items``: the text of
    each ``<li>`` in the row)."""

    def __init__(self, marker: str):
        super().__init__()
        self.marker = marker
        self.rows: list[dict] = []
        self._row: dict | None = None
        self._cell: list[str] | None = None
        self._key: str | None = None
        self._item: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr" and self.marker in attrs and self._row is None:
            self._row = {"attrs": attrs, "cells": [], "keyed": {}, "items": []}
            return
        if self._row is None:
            return
        if tag in ("td", "th") and self._cell is None:
            self._cell, self._key = [], attrs.get("data-key")
        elif tag == "li" and self._cell is not None:
            self._item = []

    def handle_endtag(self, tag):
        if self._row is None:
            return
        if tag in ("td", "th") and self._cell is not None:
            text = " ".join("".join(self._cell).split())
            self._row["cells"].append(text)
            if self._key:
                self._row["keyed"][self._key] = text
            self._cell = self._key = None
        elif tag == "li" and self._item is not None:
            self._row["items"].append(" ".join("".join(self._item).split()))
            self._item = None
        elif tag == "tr":
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._item is not None:
            self._item.append(data)


def rows(html: str, marker: str) -> list[dict]:
    parser = Rows(marker)
    parser.feed(html)
    return parser.rows


def number(value) -> str:
    """A score as the pages print it (6.0 -> "6", None -> "–")."""
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
