"""Importing a deal set (docs/duplicate.md "Importing a deal set"): JSON or plain text. Pure.

JSON: ``{"deals": [{"number": 1, "level": "2", "leader": "N", "hands": {"N": [27 codes], "E": …,
"S": …, "W": …}}, …]}`` (``level`` defaults to 2, ``leader`` to the generator's rotation).

Plain text, one deal a block, blank lines and lines starting with ``#`` ignored::

    deal 1 level 2 leader N
    N: RJ BJ H2 S2 …            (27 codes, spaces or commas)
    E: …
    S: …
    W: …

A bad file is refused as a whole, with every problem found, row by row (as a registration import
is): :class:`ImportRefused` holds one ``{"row", "field", "code", "message"}`` per problem; ``row`` is
the deal's index in the JSON list (1-based) or the line of the text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.duplicate.dealing import MAX_DEALS, SEATS, DealSpec, check_deal, leader_of
from engine.errors import BadInput
from engine.guandan.cards import parse_cards
from engine.guandan.question import parse_question_level
from engine.seats import Seat, parse_seat

FORMATS = ("json", "text")


class ImportRefused(BadInput):
    """A deal set file with problems: ``errors``, one per problem, row by row."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("invalid_deal_set", f"The deal set has {len(errors)} problem(s).", field="file")
        self.errors = errors


def parse(text: str, *, format: str) -> list[DealSpec]:
    """The deals of an imported file, or :class:`ImportRefused` with every problem."""
    if format not in FORMATS:
        raise BadInput("invalid_choice", "format must be json or text.", field="format")
    rows = _json_rows(text) if format == "json" else _text_rows(text)
    deals: list[DealSpec] = []
    errors: list[dict[str, Any]] = []
    seen: set[int] = set()
    for row, raw in rows:
        try:
            deal = _deal(raw, position=len(deals) + len(errors) + 1)
        except BadInput as error:
            errors.append(
                {"row": row, "field": error.field or "", "code": error.code, "message": error.detail}
            )
            continue
        if deal.number in seen:
            errors.append(
                {
                    "row": row,
                    "field": "number",
                    "code": "duplicate_deal",
                    "message": f"Deal {deal.number} is given twice.",
                }
            )
            continue
        seen.add(deal.number)
        deals.append(deal)
    if not errors and not deals:
        errors.append({"row": 0, "field": "deals", "code": "empty", "message": "The file holds no deal."})
    if not errors and len(deals) > MAX_DEALS:
        errors.append(
            {
                "row": 0,
                "field": "deals",
                "code": "too_many_deals",
                "message": f"A deal set has at most {MAX_DEALS} deals.",
            }
        )
    if errors:
        raise ImportRefused(errors)
    return sorted(deals, key=lambda deal: deal.number)


def _json_rows(text: str) -> list[tuple[int, Any]]:
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ImportRefused(
            [{"row": 0, "field": "file", "code": "invalid_json", "message": f"Not JSON: {error}."}]
        ) from None
    items = data.get("deals") if isinstance(data, Mapping) else data
    if not isinstance(items, list):
        raise ImportRefused(
            [{"row": 0, "field": "deals", "code": "invalid", "message": "deals is a list of deals."}]
        )
    return [(index, item) for index, item in enumerate(items, start=1)]


def _text_rows(text: str) -> list[tuple[int, Any]]:
    """Blocks of a header line and four hand lines, each with the line it starts on."""
    rows: list[tuple[int, Any]] = []
    current: dict[str, Any] | None = None
    for line_no, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.replace(",", " ").split()
        if words[0].lower() in ("deal", "board", "副"):
            current = {"_line": line_no, "hands": {}}
            rows.append((line_no, current))
            rest = words[1:]
            if rest:
                current["number"] = rest[0]
            for name, value in zip(rest[1::2], rest[2::2], strict=False):
                current[name.lower()] = value
            continue
        seat, _, cards = line.partition(":")
        if current is None or not _:
            rows.append(
                (
                    line_no,
                    {
                        "_error": (
                            "invalid_line",
                            f"Line {line_no} is neither a deal's first line nor a hand.",
                        )
                    },
                )
            )
            continue
        current["hands"][seat.strip()] = cards.replace(",", " ").split()
    return rows


def _deal(raw: Any, *, position: int) -> DealSpec:
    if isinstance(raw, Mapping) and "_error" in raw:
        code, message = raw["_error"]
        raise BadInput(code, message, field="")
    if not isinstance(raw, Mapping):
        raise BadInput("invalid", "A deal is an object.", field="")
    number = raw.get("number", position)
    if isinstance(number, str) and number.isdigit():
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise BadInput("invalid", "number is a whole number from 1.", field="number")
    level = parse_question_level(raw.get("level", 2), field="level")
    leader = _leader(raw.get("leader"), number)
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, Mapping):
        raise BadInput("missing_hand", "hands holds the four seats' cards.", field="hands")
    hands: dict[Seat, tuple[str, ...]] = {}
    for key, cards in hands_raw.items():
        try:
            seat = parse_seat(key)
        except BadInput:
            raise BadInput(
                "unknown_seat", f"Unknown seat {key!r}; use N, E, S or W.", field=f"hands.{key}"
            ) from None
        if not isinstance(cards, list):
            raise BadInput("invalid", "A hand is a list of card codes.", field=f"hands.{seat}")
        try:
            hands[seat] = tuple(card.code for card in parse_cards(cards))
        except BadInput as error:
            raise BadInput(error.code, error.detail, field=f"hands.{seat}") from None
    for seat in SEATS:
        if seat not in hands:
            raise BadInput("missing_hand", f"The hand of {seat} is missing.", field=f"hands.{seat}")
    check_deal(hands)
    return DealSpec(number=number, hands=hands, level=level, leader=leader)


def _leader(value: object, number: int) -> Seat:
    if value is None:
        return leader_of(number)
    try:
        return parse_seat(value)
    except BadInput:
        raise BadInput(
            "unknown_seat", f"Unknown leader {value!r}; use N, E, S or W.", field="leader"
        ) from None


def to_text(deals: list[DealSpec]) -> str:
    """A deal set in the plain-text format (what ``parse(…, format="text")`` reads back)."""
    lines = []
    for deal in deals:
        data = deal.to_dict()
        lines.append(f"deal {deal.number} level {data['level']} leader {deal.leader}")
        lines.extend(f"{seat}: {' '.join(deal.hands[seat])}" for seat in SEATS)
        lines.append("")
    return "\n".join(lines)
