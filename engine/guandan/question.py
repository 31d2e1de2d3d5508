"""Parsing the parts of a referee question (docs/rules/guandan.md G1, G2): level, hands, card transfers.

Every ``BadInput`` names the field it is about (``hands.W``, ``tributes[0].card``), so
the API can point at it in its ``errors`` list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import HAND_SIZE, Card, check_copies, parse_card, parse_cards, parse_level
from engine.hands import parse_hands as _parse_hands
from engine.hands import with_field
from engine.seats import Seat, parse_seat

__all__ = ["SEATS", "Transfer", "parse_hands", "parse_question_level", "parse_transfers", "with_field"]

SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True, slots=True)
class Transfer:
    """One card handed from one seat to another (a tribute or a return, G7), in the order given."""

    index: int
    from_seat: Seat
    to_seat: Seat
    card: Card


def parse_question_level(level: int | str, *, field: str = "level") -> int:
    """A deal's level, as an int 2..14 or a level code (``"J"``, ``"10"``, ``"T"``)."""
    if isinstance(level, bool) or not isinstance(level, int | str):
        raise BadInput("unknown_level", f"Unknown level {level!r}.", field=field)
    if isinstance(level, int):
        if not 2 <= level <= 14:
            raise BadInput("unknown_level", f"Unknown level {level!r}; levels run 2..14 (A).", field=field)
        return level
    return parse_level(level, field=field)


def parse_hands(
    hands: Mapping[Any, Iterable[object]], *, field: str = "hands"
) -> dict[Seat, tuple[Card, ...]]:
    """G1: four hands of 27 cards from two decks.

    Raises ``BadInput``: ``invalid``, ``unknown_seat``, ``duplicate_seat``, ``unknown_card``,
    ``wrong_hand_size``, ``missing_hand``, ``too_many_copies``.
    """
    parsed = _parse_hands(
        hands,
        seats=SEATS,
        parse_seat=parse_seat,
        parse_cards=parse_cards,
        parse_card=parse_card,
        hand_size=HAND_SIZE,
        rule="G1",
        field=field,
        exact=False,
    )
    check_copies(*parsed.values(), field=field)
    return parsed


def parse_transfers(items: Sequence[Mapping[str, object]], *, field: str) -> list[Transfer]:
    """A list of ``{"from": seat, "to": seat, "card": code}``."""
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Sequence):
        raise BadInput("invalid", f"{field} is a list of {{from, to, card}}.", field=field)
    parsed = []
    for index, item in enumerate(items):
        where = f"{field}[{index}]"
        if not isinstance(item, Mapping) or not {"from", "to", "card"} <= item.keys():
            raise BadInput("invalid", f"{where} needs from, to and card.", field=where)
        giver = with_field(f"{where}.from", parse_seat, item["from"])
        receiver = with_field(f"{where}.to", parse_seat, item["to"])
        parsed.append(Transfer(index, giver, receiver, with_field(f"{where}.card", parse_card, item["card"])))
    return parsed
