"""Migration 0004 rewrites the pair ids of stored ``relaxed`` entries as pair numbers."""

from __future__ import annotations

import importlib

migration = importlib.import_module("tournaments.migrations.0004_relaxed_pair_numbers")


def test_pair_ids_become_numbers_lower_first():
    number_of = {41: 7, 42: 3, 43: 12}
    assert migration._numbered("same_unit:41-42", number_of) == "same_unit:3-7"
    assert migration._numbered("repeat_bye:43", number_of) == "repeat_bye:12"


def test_entries_without_pairs_stay_as_they_are():
    assert migration._numbered("two_byes", {}) == "two_byes"
    assert migration._numbered("duplicate_table:3", {3: 99}) == "duplicate_table:3"
