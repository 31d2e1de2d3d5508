"""Parsing the hands of a referee question, for every game (docs/rules/guandan.md G1,
docs/rules/doudizhu.md D1,
docs/rules/daguai.md K1).

Every ``BadInput`` names the field it is about (``hands.W``, ``hands.3[12]``), so the API can
point at it in its ``errors`` list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from engine.cards import CardT
from engine.errors import BadInput

S = TypeVar("S")


def with_field(field: str, parse: Callable[[Any], Any], value: object) -> Any:
    """``parse(value)``, naming ``field`` in its ``BadInput`` so the API can point at it."""
    try:
        return parse(value)
    except BadInput as error:
        raise BadInput(error.code, error.detail, field=field) from None


def parse_hands(
    hands: Mapping[Any, Iterable[object]],
    *,
    seats: Sequence[S],
    parse_seat: Callable[[object], S],
    parse_cards: Callable[[Iterable[object]], tuple[CardT, ...]],
    parse_card: Callable[[object], CardT],
    hand_size: int,
    rule: str,
    field: str = "hands",
    exact: bool = True,
) -> dict[S, tuple[CardT, ...]]:
    """One hand of ``hand_size`` cards for each of ``seats``; copies are the caller's to check.

    Raises ``BadInput``: ``invalid``, ``unknown_seat``, ``duplicate_seat``, ``unknown_card``,
    ``wrong_hand_size``, ``missing_hand``. ``rule`` is the section the hand size comes from;
    ``exact`` names the card (``hands.W[3]``) rather than the hand of an unknown card.
    """
    if not isinstance(hands, Mapping):
        raise BadInput("invalid", f"hands maps each seat to its {hand_size} cards.", field=field)
    parsed: dict[S, tuple[CardT, ...]] = {}
    for key, cards in hands.items():
        seat = with_field(field, parse_seat, key)
        where = f"{field}.{seat}"
        if seat in parsed:
            raise BadInput("duplicate_seat", f"The hand of {seat} is given twice.", field=where)
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise BadInput("invalid", f"The hand of {seat} is a list of cards.", field=where)
        try:  # the whole hand at once: the per-card field is only worked out on failure
            parsed[seat] = parse_cards(cards)
        except BadInput:
            parsed[seat] = tuple(
                with_field(f"{where}[{i}]" if exact else where, parse_card, code)
                for i, code in enumerate(cards)
            )
        if len(parsed[seat]) != hand_size:
            detail = f"{seat} holds {len(parsed[seat])} cards; every seat is dealt {hand_size} ({rule})."
            raise BadInput("wrong_hand_size", detail, field=where)
    for seat in seats:
        if seat not in parsed:
            raise BadInput("missing_hand", f"The hand of {seat} is missing.", field=f"{field}.{seat}")
    return parsed
