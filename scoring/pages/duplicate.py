"""What the duplicate pages show (docs/duplicate.md "Pages"): a deal's hand record with its cards
as a page writes them (♠A, ♥10, the jokers by name) and each seat's hand sorted as players sort
it. The views are in scoring/pages/views.py; the reads are scoring.selectors.duplicate's."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine.levels import format_level
from scoring.models import DealSetDeal
from scoring.selectors.duplicate import sorted_hands

SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SEAT_ORDER = ("N", "E", "S", "W")


def card(code: str) -> dict[str, Any]:
    """A card as a page shows it; ``red`` for hearts, diamonds and the big joker."""
    if code in ("RJ", "BJ"):
        return {
            "code": code,
            "text": _("Big joker") if code == "RJ" else _("Small joker"),
            "red": code == "RJ",
        }
    rank = "10" if code[1:] == "T" else code[1:]
    return {"code": code, "text": SUITS[code[0]] + rank, "red": code[0] in "HD"}


def hand_record(deal: DealSetDeal) -> dict[str, Any]:
    """A deal's number, level, leader and the four hands as players hold them."""
    hands = sorted_hands(deal)
    return {
        "number": deal.number,
        "level": format_level(deal.level),
        "leader": deal.leader,
        "hands": [{"seat": seat, "cards": [card(code) for code in hands[seat]]} for seat in SEAT_ORDER],
    }
