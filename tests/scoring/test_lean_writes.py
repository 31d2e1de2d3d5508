"""A deal post (G5-G8) and a result post (G8) read their body through core.fast.lean: the same validated
data as their serializer for plainly valid input, and the serializer's own errors for the rest."""

from __future__ import annotations

from unittest import mock

import pytest
from rest_framework import serializers

from adapters.guandan.deals import DealInputSerializer
from core.fast import lean
from scoring.serializers.results import ResultInputSerializer
from tests.core.test_lean import drf, via_lean

DEALS = [
    {"number": 1, "finishing_order": ["N", "E", "S", "W"]},
    {"number": 7, "finishing_order": ["N", "S"], "level": "A"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "2026-11-28T10:00:00Z"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "2026-11-28T10:00:00"},  # naive: local
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "2026-11-28T18:00:00+08:00"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": None},
    {"number": 3, "finishing_order": ["N", "E"], "leader": "S", "hands": None, "tribute": None},
    {
        "number": 3,
        "finishing_order": ["N", "E"],
        "tribute": {"tributes": [{"from": "W", "to": "N", "card": "H9"}], "returns": []},
    },
    {"number": 3, "tribute": {"anti_tribute": [{"seat": "E", "card": "RJ"}]}, "finishing_order": ["N"]},
    {"number": 4, "plays": [{"seat": "N", "cards": ["S3"]}, {"seat": "E", "pass": True}]},
    {"number": 4, "plays": [{"seat": "N", "cards": ["S3"], "pass": False}]},
    {"number": 32767, "finishing_order": ["W"]},
    # Unusual or invalid: the serializer decides, with its own errors.
    {"number": 0, "finishing_order": ["N", "E"]},
    {"number": 32768, "finishing_order": ["N", "E"]},
    {"number": True, "finishing_order": ["N", "E"]},
    {"number": 3.0, "finishing_order": ["N", "E"]},
    {"number": "3", "finishing_order": ["N", "E"]},
    {"number": 10**20, "finishing_order": ["N", "E"]},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "yesterday"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "2026-11-28"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": "2026-02-30T10:00:00Z"},
    {"number": 2, "finishing_order": ["E", "W"], "played_at": 1764324000},
    {"number": 5},  # neither finishing order nor plays
    {"number": 5, "plays": [None]},
    {"number": 5, "plays": [{"seat": "N"}]},
    {"number": 5, "finishing_order": []},
    {"number": 5, "finishing_order": [" N"]},
    {"finishing_order": ["N", "E"]},
    None,
    [],
]

RESULTS = [
    {},
    {"side": "NS"},
    {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12},
    {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12, "side": "EW", "note": "level sheet"},
    {"games": [{"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9, "winner": None}], "time_up": True},
    {"forfeit": {"side": "EW"}, "confirm": True},
    {"forfeit": None, "corrects": None, "finished_at": None},
    {"finished_at": "2026-11-28T10:00:00Z", "corrects": 2},
    {"levels": {"NS": "5", "EW": "3"}, "deals_played": 8, "set_aside_deals": True},
    # Unusual or invalid: the serializer decides, with its own errors.
    {"levels": {"NS": "A+", "EW": "K"}},  # no count of deals
    {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9, "forfeit": {"side": "NS"}},  # two ways
    {"set_aside_deals": True},
    {"deals_played": 0},
    {"deals_played": "9"},
    {"corrects": 0},
    {"corrects": False},
    {"side": "N"},
    {"note": ""},
    {"note": " padded "},
    {"finished_at": "soon"},
    {"games": []},
    {"games": [{"levels": {"NS": "2"}, "deals_played": 1}]},
    {"forfeit": {"side": "NS", "kind": "late"}},
    "nothing",
]


@pytest.mark.parametrize("data", DEALS)
def test_g5_a_posted_deal_is_read_as_its_serializer_reads_it(data):
    assert via_lean(DealInputSerializer, data) == drf(DealInputSerializer, data)


@pytest.mark.parametrize("data", RESULTS)
def test_g8_a_posted_result_is_read_as_its_serializer_reads_it(data):
    assert via_lean(ResultInputSerializer, data) == drf(ResultInputSerializer, data)


def test_g8_plainly_valid_posts_never_build_their_serializer():
    assert lean.shape(DealInputSerializer) is not None
    assert lean.shape(ResultInputSerializer) is not None
    with mock.patch.object(serializers.Serializer, "is_valid", side_effect=AssertionError("built")):
        assert lean.validated(DealInputSerializer, DEALS[9])["plays"][1] == {"seat": "E", "pass": True}
        assert lean.validated(ResultInputSerializer, RESULTS[2])["levels"] == {"NS": "A+", "EW": "K"}
