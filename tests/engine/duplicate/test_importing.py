"""Importing a deal set (docs/duplicate.md "Importing a deal set"): JSON and plain text, refused row
by row."""

from __future__ import annotations

import json

import pytest

from engine.duplicate.dealing import generate
from engine.duplicate.importing import ImportRefused, parse, to_text
from engine.errors import BadInput
from engine.seats import Seat


def _json(deals):
    return json.dumps({"deals": [d.to_dict() for d in deals]})


def test_a_json_set_reads_back_as_made():
    deals = generate(5, 4, level=9)
    assert parse(_json(deals), format="json") == deals


def test_a_text_set_reads_back_as_made():
    deals = generate(6, 3)
    assert parse(to_text(deals), format="text") == deals


def test_text_takes_comments_commas_and_defaults_the_leader():
    deal = generate(8, 1)[0]
    text = "# a set\n\ndeal 1\n" + "\n".join(f"{s}: {', '.join(deal.hands[s])}" for s in "NESW")
    (read,) = parse(text, format="text")
    assert read.leader is Seat.N and read.level == 2 and read.hands == deal.hands


def test_every_bad_row_is_reported_and_nothing_is_read():
    good, bad_size, bad_card = (d.to_dict() for d in generate(9, 3))
    bad_size["hands"]["N"] = bad_size["hands"]["N"][:26]
    bad_card["hands"]["E"][0] = "X9"
    with pytest.raises(ImportRefused) as refused:
        parse(json.dumps({"deals": [good, bad_size, bad_card]}), format="json")
    errors = refused.value.errors
    assert [(e["row"], e["code"], e["field"]) for e in errors] == [
        (2, "wrong_hand_size", "hands.N"),
        (3, "unknown_card", "hands.E"),
    ]


def test_a_deal_that_is_not_two_decks_is_refused():
    deal = generate(10, 1)[0].to_dict()
    deal["hands"]["N"][0], deal["hands"]["E"][0] = deal["hands"]["E"][0], deal["hands"]["E"][0]
    with pytest.raises(ImportRefused) as refused:
        parse(json.dumps([deal]), format="json")
    assert refused.value.errors[0]["code"] in ("not_two_decks", "too_many_copies")


def test_a_deal_number_given_twice_is_refused():
    a, b = (d.to_dict() for d in generate(11, 2))
    b["number"] = 1
    with pytest.raises(ImportRefused) as refused:
        parse(json.dumps([a, b]), format="json")
    assert refused.value.errors == [
        {"row": 2, "field": "number", "code": "duplicate_deal", "message": "Deal 1 is given twice."}
    ]


def test_a_text_line_outside_a_deal_is_reported_with_its_line():
    with pytest.raises(ImportRefused) as refused:
        parse("hello\n", format="text")
    assert refused.value.errors[0]["row"] == 1 and refused.value.errors[0]["code"] == "invalid_line"


def test_not_json_and_an_empty_file_are_refused():
    with pytest.raises(ImportRefused):
        parse("{", format="json")
    with pytest.raises(ImportRefused) as refused:
        parse("", format="text")
    assert refused.value.errors[0]["code"] == "empty"


def test_an_unknown_format_is_refused():
    with pytest.raises(BadInput):
        parse("", format="pbn")
