"""The referee questions answer the engine's dicts: each is exactly what its output serializer
(the documented contract, OpenAPI) gives, and no DRF serializer is built for a plain question."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from rest_framework import serializers

from adapters.guandan.tribute import TributeVerdictSerializer
from adapters.guandan.wire import DealReplaySerializer, PlayVerdictSerializer
from engine.guandan.cards import ALL_CODES, format_level
from engine.guandan.profiles import STANDARD
from engine.guandan.simulate import simulate_deal

pytestmark = pytest.mark.django_db
PLAYS = "/api/v1/referee/plays/validate"
DEALS = "/api/v1/referee/deals/replay"
TRIBUTES = "/api/v1/referee/tributes/validate"


def as_documented(serializer_class, body: dict) -> dict:
    """``body`` as its serializer writes it: equal only when every member is there, of its type."""
    return serializer_class(body).data


def _plays(count: int) -> list[dict]:
    """Plays of simulated deals, half of them following the play before (G3, G4)."""
    rng = random.Random(3)
    questions: list[dict] = []
    while len(questions) < count:
        deal = simulate_deal(rng=rng, level=rng.choice(range(2, 15)), profile=STANDARD)
        previous = None
        for action in (a for a in deal.actions if a.cards):
            question = {"level": format_level(deal.level), "cards": [c.code for c in action.cards]}
            if previous and rng.random() < 0.5:
                question["previous"] = previous
            questions.append(question)
            previous = question["cards"]
    return questions[:count]


def test_play_verdicts_are_what_their_serializer_writes(api_client):
    for question in _plays(150):
        body = api_client.post(PLAYS, question, format="json").json()
        assert body == as_documented(PlayVerdictSerializer, body)
    declared = {"level": "2", "cards": ["H2", "S3", "C4", "S5", "S6"], "declared": {"type": "straight"}}
    body = api_client.post(PLAYS, declared, format="json").json()
    assert body == as_documented(PlayVerdictSerializer, body)


@pytest.mark.parametrize("seed", range(6))
def test_deal_replays_are_what_their_serializer_writes(api_client, seed):
    deal = simulate_deal(rng=random.Random(seed), level=2, profile=STANDARD).request()
    for plays in (deal["plays"], deal["plays"][:3], [{"seat": deal["leader"], "pass": True}]):
        body = api_client.post(DEALS, {**deal, "plays": plays}, format="json").json()
        assert body == as_documented(DealReplaySerializer, body)


def _hands(**fixed: list[str]) -> dict[str, list[str]]:
    pool = list(ALL_CODES) * 2
    hands = {seat: list(cards) for seat, cards in fixed.items()}
    for cards in hands.values():
        for card in cards:
            pool.remove(card)
    for seat in "NESW":
        hand = hands.setdefault(seat, [])
        while len(hand) < 27:
            hand.append(pool.pop())
    return hands


@pytest.mark.parametrize(
    "question",
    [
        {  # legal single tribute and return
            "finishing_order": ["N", "E", "S", "W"],
            "hands": _hands(W=["RJ"], N=["S5"]),
            "tributes": [{"from": "W", "to": "N", "card": "RJ"}],
            "returns": [{"from": "N", "to": "W", "card": "S5"}],
        },
        {  # not the highest, and the return missing
            "finishing_order": ["N", "E", "S", "W"],
            "hands": _hands(W=["RJ", "S4"], N=["S5"]),
            "tributes": [{"from": "W", "to": "N", "card": "S4"}],
        },
        {"finishing_order": ["N", "E", "S", "W"], "hands": _hands(W=["RJ", "RJ"])},  # anti-tribute
        {"finishing_order": [], "hands": _hands()},  # a first deal
    ],
)
def test_tribute_verdicts_are_what_their_serializer_writes(api_client, question):
    for language in ("en", "zh-Hans"):
        body = api_client.post(
            TRIBUTES, {"level": "3", **question}, format="json", HTTP_ACCEPT_LANGUAGE=language
        ).json()
        assert body == as_documented(TributeVerdictSerializer, body)


@pytest.mark.fast_path("lean_input")
def test_a_plain_question_builds_no_serializer(api_client):
    deal = simulate_deal(rng=random.Random(1), level=2, profile=STANDARD).request()
    # Loading the views compiles each question's check once (lean.shape), whichever test runs first.
    assert api_client.post(PLAYS, {"level": "2", "cards": ["S4"]}, format="json").status_code == 200
    with mock.patch.object(serializers.BaseSerializer, "__init__", side_effect=AssertionError("built")):
        assert api_client.post(PLAYS, {"level": "2", "cards": ["S3", "S3"]}, format="json").status_code == 200
        assert api_client.post(DEALS, deal, format="json").status_code == 200


def test_an_unusual_question_still_gets_the_serializers_reading(api_client):
    """Spaces, lower case and suit symbols: the serializer trims and reads them."""
    body = api_client.post(PLAYS, {"level": " 10", "cards": [" ♠10", "s10 "]}, format="json").json()
    assert body["reading"] == {"type": "pair", "rank": "10", "size": 2, "wilds": []}
    deal = simulate_deal(rng=random.Random(2), level=2, profile=STANDARD).request()
    first = {**deal["plays"][0], "pass": False}
    body = api_client.post(DEALS, {**deal, "plays": [first]}, format="json").json()
    assert body["plays"][0]["ok"] is True
