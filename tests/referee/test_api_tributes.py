"""POST /api/v1/referee/tributes/validate (docs/referee.md; docs/rules/guandan.md G7) through the real API."""

import pytest

from engine.guandan.cards import ALL_CODES

URL = "/api/v1/referee/tributes/validate"
pytestmark = pytest.mark.django_db


def _hands(**fixed: list[str]) -> dict[str, list[str]]:
    """Four hands of 27 from two decks, with the given cards placed first in the named seats."""
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


def test_g7_single_tribute_after_1_3_finish(api_client):
    hands = _hands(W=["RJ"], N=["S5"])
    assert hands["W"].count("RJ") == 1  # its highest card, and no anti-tribute
    body = api_client.post(
        URL,
        {
            "level": "3",
            "finishing_order": ["N", "E", "S", "W"],
            "hands": hands,
            "tributes": [{"from": "W", "to": "N", "card": "RJ"}],
            "returns": [{"from": "N", "to": "W", "card": "S5"}],
        },
        format="json",
    ).json()
    assert body["kind"] == "single"
    assert body["expected"] == [{"from": "W", "to": "N"}]
    assert body["tributes"][0]["ok"] is True
    assert body["returns"][0]["ok"] is True
    assert body["valid"] is True
    assert body["leader"] == "W"
    assert body["hands_after"]["N"].count("RJ") == hands["N"].count("RJ") + 1
    assert "S5" in body["hands_after"]["W"]


def test_g7_tribute_not_highest_is_flagged(api_client):
    hands = _hands(W=["RJ", "S4"], N=["S5"])
    body = api_client.post(
        URL,
        {
            "level": "3",
            "finishing_order": ["N", "E", "S", "W"],
            "hands": hands,
            "tributes": [{"from": "W", "to": "N", "card": "S4"}],
        },
        format="json",
    ).json()
    assert body["valid"] is False
    assert body["tributes"][0]["code"] == "tribute_not_highest"
    assert "RJ" in body["tributes"][0]["legal_cards"]


def test_g7_anti_tribute_with_both_big_jokers(api_client):
    hands = _hands(W=["RJ", "RJ"])
    body = api_client.post(
        URL,
        {"level": "3", "finishing_order": ["N", "E", "S", "W"], "hands": hands},
        format="json",
    ).json()
    assert body["kind"] == "anti_tribute"
    assert body["anti_tribute"] is True
    assert body["leader"] == "N"
    assert body["valid"] is True


def test_g7_bad_hands_are_a_400(api_client):
    response = api_client.post(
        URL, {"level": "3", "finishing_order": ["N", "E"], "hands": {"N": ["S3"]}}, format="json"
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")
