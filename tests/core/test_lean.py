"""core.fast.lean: the fast path gives the serializer's own validated data, or leaves the call to it."""

from __future__ import annotations

import random
from unittest import mock
from urllib.parse import urlencode

import django_filters
import pytest
from django.http import QueryDict
from rest_framework import serializers

from adapters.guandan.tribute import TributeValidateRequest
from adapters.guandan.wire import ActionSerializer, DealReplayRequest, PlayValidateRequest
from core.fast import lean, lean_filters
from core.filters import SMALLINT_MAX, IntegerFilter, StringChoiceFilter
from engine.guandan.simulate import simulate_deal
from tournaments.models import Match, MatchStatus
from tournaments.views.match_filters import MatchFilter


def drf(serializer_class, data):
    """What the serializer itself says: ("ok", validated_data) or ("error", its error detail)."""
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return "ok", serializer.validated_data
    return "error", serializer.errors


def via_lean(serializer_class, data):
    try:
        return "ok", lean.validated(serializer_class, data)
    except serializers.ValidationError as error:
        return "error", error.detail


PLAYS = [
    {"level": "2", "cards": ["H2", "S3", "C4", "S5", "S6"]},
    {"level": "2", "cards": ["S3"], "previous": ["S2"], "declared": {"type": "single"}, "extra": 1},
    {"level": "T", "cards": ["S3"], "declared": {"type": "single", "rank": "3"}, "previous_declared": None},
    {"level": "2", "cards": ["S3"], "ruleset": "guandan-seed-001", "rules": {"wild_default": "highest"}},
    {"level": "2", "cards": ["S3"], "ruleset": None, "rules": {"deep": [[{"x": 1}]]}},
    # Unusual but valid: the serializer coerces or trims, the fast path leaves it to the serializer.
    {"level": 2, "cards": ["S3"]},
    {"level": " 2 ", "cards": [" S3", "♠4"]},
    {"level": "2", "cards": [10]},
    {"level": "2", "cards": []},
    # Invalid: every error is the serializer's.
    {"cards": ["S3"]},
    {"level": "2"},
    {"level": "2", "cards": "S3"},
    {"level": "", "cards": ["S3"]},
    {"level": "1234", "cards": ["S3"]},
    {"level": "2", "cards": ["S3", None]},
    {"level": "2", "cards": ["S3", "X" * 9]},
    {"level": "2", "cards": ["S3"] * 109},
    {"level": "2", "cards": ["S3\x00"]},
    {"level": "2", "cards": ["S3"], "declared": {"type": "nonsense"}},
    {"level": "2", "cards": ["S3"], "declared": {"rank": "3"}},
    {"level": "2", "cards": ["S3"], "declared": "single"},
    {"level": "2", "cards": ["S3"], "declared": {"type": "single", "rank": ""}},
    {"level": "2", "cards": ["S3"], "rules": None},
    {"level": "2", "cards": ["S3"], "rules": ["x"]},
    {"level": None, "cards": None},
    ["level", "2"],
    "level=2",
    None,
]


@pytest.mark.parametrize("data", PLAYS)
def test_a_play_question_is_validated_as_the_serializer_does(data):
    assert via_lean(PlayValidateRequest, data) == drf(PlayValidateRequest, data)


def _deal(seed: int) -> dict:
    return simulate_deal(rng=random.Random(seed)).request()


def _replays():
    yield _deal(1)
    yield {**_deal(2), "ruleset": "guandan-seed-001"}
    deal = _deal(3)
    yield {**deal, "plays": [{**deal["plays"][0], "declared": {"type": "single", "rank": None}}]}
    yield {**deal, "plays": [{"seat": deal["leader"], "pass": True, "cards": ["S3"]}]}  # the engine's 400
    yield {**deal, "plays": [{"seat": deal["leader"]}]}  # no cards, no pass: the serializer's 400
    yield {**deal, "plays": [{"seat": deal["leader"], "pass": "true"}]}  # coerced by the serializer
    yield {**deal, "plays": [{"seat": deal["leader"], "pass": False, "cards": ["S3"]}]}
    yield {**deal, "plays": "none"}
    yield {**deal, "plays": [None]}
    yield {**deal, "plays": [{"seat": "NW", "cards": ["S3"]}]}
    yield {**deal, "plays": [{"seat": "NORTH", "cards": ["S3"]}]}
    yield {**deal, "hands": {**deal["hands"], "N": "S3"}}
    yield {**deal, "hands": {**deal["hands"], "N": None}}
    yield {**deal, "hands": []}
    yield {key: value for key, value in deal.items() if key != "leader"}


@pytest.mark.parametrize("data", list(_replays()))
def test_a_replay_question_is_validated_as_the_serializer_does(data):
    assert via_lean(DealReplayRequest, data) == drf(DealReplayRequest, data)


@pytest.mark.parametrize(
    "data",
    [
        {"level": "3", "finishing_order": ["N", "E"], "hands": {"N": ["S3"]}},
        {
            "level": "3",
            "finishing_order": [],
            "hands": {},
            "tributes": [{"from": "W", "to": "N", "card": "RJ"}],
        },
        {"level": "3", "finishing_order": ["N"], "hands": {}, "returns": [{"from": "W", "card": "RJ"}]},
        {"level": "3", "finishing_order": ["N", "E", "S", "W", "N"], "hands": {}},
    ],
)
def test_a_tribute_question_is_validated_as_the_serializer_does(data):
    assert via_lean(TributeValidateRequest, data) == drf(TributeValidateRequest, data)


def test_plainly_valid_questions_never_build_the_serializer():
    with mock.patch.object(serializers.Serializer, "is_valid", side_effect=AssertionError("built")):
        assert lean.validated(PlayValidateRequest, PLAYS[0])["cards"] == PLAYS[0]["cards"]
        for seed in range(5):
            deal = _deal(seed)
            assert lean.validated(DealReplayRequest, deal)["plays"][0]["seat"] == deal["plays"][0]["seat"]


def test_the_referee_questions_compile():
    for serializer_class in (
        PlayValidateRequest,
        DealReplayRequest,
        TributeValidateRequest,
        ActionSerializer,
    ):
        assert lean.shape(serializer_class) is not None


class Validates(serializers.Serializer):
    name = serializers.CharField()

    def validate_name(self, value):
        raise serializers.ValidationError("never", code="never")


class Emails(serializers.Serializer):
    email = serializers.EmailField()  # a CharField that validates more: not compiled


class Overrides(serializers.Serializer):
    name = serializers.CharField()

    def to_internal_value(self, data):
        raise serializers.ValidationError({"name": ["always"]})


@pytest.mark.parametrize(
    "serializer_class, data",
    [(Validates, {"name": "x"}), (Emails, {"email": "not-an-email"}), (Overrides, {"name": "x"})],
)
def test_what_it_cannot_judge_is_the_serializers_call(serializer_class, data):
    assert lean.shape(serializer_class) is None
    assert via_lean(serializer_class, data) == drf(serializer_class, data)
    assert via_lean(serializer_class, data)[0] == "error"


@pytest.mark.parametrize(
    "params, lookups",
    [
        ({}, {}),
        ({"round": "2", "page": "3"}, {"round__number__exact": 2}),
        ({"table": "7", "status": "playing"}, {"table__exact": 7, "status__exact": "playing"}),
        ({"round": "x"}, None),  # the filter set's 400
        ({"round": ""}, None),  # the filter set ignores it
        ({"round": "1.0"}, None),
        ({"round": "٣"}, None),
        ({"round": "9" * 30}, None),
        ({"status": "nonsense"}, None),
        ({"status": "null"}, None),
    ],
)
def test_filter_lookups_for_plain_values_only(params, lookups):
    assert lean_filters.filter_lookups(MatchFilter, params) == lookups


class _BoundedMatches(django_filters.FilterSet):
    """The filters of core.filters (whole numbers within bounds, string choices)."""

    round = IntegerFilter(field_name="round__number", maximum=SMALLINT_MAX)
    table = IntegerFilter(field_name="table", maximum=SMALLINT_MAX)
    status = StringChoiceFilter(choices=MatchStatus.choices)

    class Meta:
        model = Match
        fields = ["round", "table", "status"]


@pytest.mark.parametrize(
    "params, plain",
    [
        ({}, True),
        ({"round": "2", "page": "3"}, True),
        ({"table": "7", "status": "playing"}, True),
        ({"round": "01"}, True),
        ({"round": "32767"}, True),
        ({"round": "0"}, False),  # below the bound: the filter set's 400
        ({"round": "32768"}, False),
        ({"table": "0.5"}, False),
        ({"table": "1e3"}, False),
        ({"round": "x"}, False),
        ({"round": ""}, False),
        ({"status": "nonsense"}, False),
    ],
)
def test_bounded_filter_lookups_are_the_filter_sets(params, plain):
    """Plain values: the filter set's own lookups; anything it may refuse or clean: its call."""
    lookups = lean_filters.filter_lookups(_BoundedMatches, params)
    assert (lookups is not None) == plain
    if lookups is None:
        return  # the view runs the filter set itself
    filterset = _BoundedMatches(QueryDict(urlencode(params)), queryset=Match.objects.none())
    assert filterset.is_valid()
    expected = {
        f"{filterset.filters[name].field_name}__exact": value
        for name, value in filterset.form.cleaned_data.items()
        if value not in (None, "")
    }
    assert lookups == expected
