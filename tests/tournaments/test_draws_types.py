"""Values of the draws (tournaments/draws/types.py, docs/rules/guandan.md G11)."""

from __future__ import annotations

import doctest
import json

from tournaments.draws import DrawDefect, DrawNote, Flag, annotate, check_draw, relaxed_of, types
from tournaments.draws.types import Entrant, Pairing


def test_g11_types_docstring_examples():
    results = doctest.testmod(types)
    assert results.attempted > 0 and results.failed == 0


def test_g11_a_draw_note_reads_and_stores_as_code_colon_detail():
    note = DrawNote.of(Flag.SAME_UNIT, 9, 4)
    assert note == "same_unit:4-9" and (note.code, note.detail, note.ids) == ("same_unit", "4-9", (4, 9))
    assert json.loads(json.dumps([note])) == ["same_unit:4-9"]
    assert DrawNote("repeat_bye:7").ids == (7,)


def test_g11_a_note_about_a_table_or_a_count_names_no_pairs():
    assert DrawNote.of(DrawDefect.DUPLICATE_TABLE, number=3).ids == ()
    assert DrawNote("two_byes:2").ids == ()


def test_g11_relaxed_and_check_draw_give_notes():
    entrants = [Entrant(id=1, unit="a"), Entrant(id=2, unit="a"), Entrant(id=3)]
    pairings = [Pairing(table=1, ns=2, ew=1), Pairing(table=1, ns=3)]
    relaxed = relaxed_of(annotate(pairings, entrants))
    assert relaxed == ("same_unit:1-2",) and isinstance(relaxed[0], DrawNote)
    problems = check_draw(pairings, entrants)
    assert problems == ["duplicate_table:1", "same_unit:1-2"]
    assert [type(p) for p in problems] == [DrawNote, DrawNote]
    assert problems[1].ids == (1, 2)
