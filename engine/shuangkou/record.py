"""The wire form of a Shuangkou deal record (docs/rules/shuangkou.md "Referee questions").

A record is the dealt hands and bottom, the calls, the 8 buried cards and the tricks, each
``{"plays": [{"seat": "N", "cards": [...]}, ...]}``. A malformed record is a ``BadInput`` whose
``field`` is the exact dotted path: ``hands.W.12``, ``bottom.3``, ``buried.0``,
``tricks.2.plays.1.cards.0`` (the engines of the other games write ``[3]``; this one writes the
API's own form directly).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, cast

from engine.cards import Card, extra_copy, parse_card, parse_cards
from engine.errors import BadInput
from engine.hands import parse_hands, with_field
from engine.seats import Seat
from engine.shuangkou.cards import BOTTOM_SIZE, DECKS, HAND_SIZE, SEATS
from engine.shuangkou.declaration import Declaration, parse_declaration, parse_seat

_INDEX = re.compile(r"\[(\d+)\]")
_SEATS: dict[object, Seat] = {seat.value: seat for seat in Seat}


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's cards in a trick; ``refused``: the throw refused before it (S5), ``cards`` its remedy."""

    seat: Seat
    cards: tuple[Card, ...]
    refused: tuple[Card, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.value, "cards": [c.code for c in self.cards]}
        if self.refused is not None:
            out["refused"] = [c.code for c in self.refused]
        return out


def dotted(error: BadInput) -> BadInput:
    """The same error with its field written ``hands.W.3`` rather than ``hands.W[3]``."""
    field = _INDEX.sub(r".\1", error.field) if error.field else error.field
    return BadInput(error.code, error.detail, field=field)


def parse_card_list(
    codes: object, *, field: str, low: int = 1, high: int = HAND_SIZE, copies: bool = True
) -> tuple[Card, ...]:
    """A list of ``low`` to ``high`` cards, no card more often than two decks hold it (unless the caller
    checks ``copies`` itself, across several lists)."""
    if type(codes) not in (list, tuple) and (
        isinstance(codes, str | bytes) or not isinstance(codes, Iterable)
    ):
        raise BadInput("invalid", f"{field} is a list of card codes.", field=field)
    items = cast("Iterable[object]", codes)  # the check above, without isinstance's slow ABC path for lists
    try:
        cards = parse_cards(items)
    except BadInput:
        cards = tuple(with_field(f"{field}.{i}", parse_card, code) for i, code in enumerate(items))
    if not cards and low:
        raise BadInput("empty_play", f"{field} holds at least one card.", field=field)
    if len(cards) > high:
        raise BadInput("too_many_cards", f"{field} holds at most {high} cards.", field=field)
    if copies and len(cards) > DECKS:  # fewer cannot hold a third copy (most plays are singles and pairs)
        check_two_decks([cards], [field])
    return cards


def check_two_decks(groups: Sequence[Sequence[Card]], fields: Sequence[str]) -> None:
    """S1: two decks hold every card twice; the third copy is malformed, named at the exact card."""
    if max(Counter(chain.from_iterable(groups)).values(), default=0) <= DECKS:  # counted in C
        return
    extra = extra_copy(groups, decks=DECKS)
    if extra is not None:
        g, i, card, n = extra
        detail = f"{card.code} occurs {n} times; two decks hold only {DECKS}."
        raise BadInput("too_many_copies", detail, field=f"{fields[g]}.{i}")


def parse_deal_cards(
    hands: Mapping[Any, Iterable[object]], bottom: object
) -> tuple[dict[Seat, tuple[Card, ...]], tuple[Card, ...]]:
    """S1: four hands of 25 as dealt and the 8 bottom cards (in the order they would be turned)."""
    try:
        parsed = parse_hands(
            hands,
            seats=SEATS,
            parse_seat=parse_seat,
            parse_cards=parse_cards,
            parse_card=parse_card,
            hand_size=HAND_SIZE,
            rule="S1",
        )
    except BadInput as error:
        raise dotted(error) from None
    cards = parse_card_list(bottom, field="bottom", high=BOTTOM_SIZE)
    if len(cards) != BOTTOM_SIZE:
        raise BadInput("wrong_hand_size", f"The bottom holds {BOTTOM_SIZE} cards (S1).", field="bottom")
    seats = list(parsed)
    check_two_decks([*parsed.values(), cards], [*(f"hands.{seat}" for seat in seats), "bottom"])
    return parsed, cards


def parse_buried(buried: object) -> tuple[Card, ...]:
    cards = parse_card_list(buried, field="buried", high=BOTTOM_SIZE)
    if len(cards) != BOTTOM_SIZE:
        raise BadInput("wrong_hand_size", f"The dealer buries {BOTTOM_SIZE} cards (S3).", field="buried")
    return cards


def parse_declarations(declarations: object) -> tuple[Declaration, ...]:
    if isinstance(declarations, str | bytes | Mapping) or not isinstance(declarations, Iterable):
        raise BadInput("invalid", "declarations is a list of calls.", field="declarations")
    return tuple(parse_declaration(call, field=f"declarations.{i}") for i, call in enumerate(declarations))


def parse_play(value: object, *, field: str) -> Play:
    """A play from ``{"seat": "N", "cards": [...]}``, optionally with the ``refused`` throw before it."""
    if type(value) is Play:
        return value
    if type(value) is not dict and not isinstance(value, Mapping):
        raise BadInput("invalid_action", "A play is an object with a seat and cards.", field=field)
    seat = value.get("seat")
    seat = _SEATS.get(seat) if type(seat) is str else None  # the common case, without a call
    if seat is None:
        seat = parse_seat(value.get("seat"), field=f"{field}.seat")
    if "cards" not in value:
        raise BadInput("invalid_action", "A play holds its cards.", field=f"{field}.cards")
    cards = parse_card_list(value["cards"], field=f"{field}.cards")
    refused = value.get("refused")
    if refused is not None:
        refused = parse_card_list(refused, field=f"{field}.refused")
    return Play(seat, cards, refused)


def _plain_play(value: object) -> Play | None:
    """A play of one or two known card codes and nothing else (most of a deal), without field names;
    None sends anything else through :func:`parse_play`."""
    if type(value) is not dict or len(value) != 2:
        return None
    seat, codes = value.get("seat"), value.get("cards")
    if type(seat) is not str or type(codes) is not list or not 0 < len(codes) <= DECKS:
        return None
    seat = _SEATS.get(seat)
    if seat is None:
        return None
    try:
        return Play(seat, parse_cards(codes))
    except BadInput:
        return None


def parse_tricks(tricks: object) -> tuple[tuple[Play, ...], ...]:
    """The tricks in order, each of 4 plays; only the last may be short (a deal in progress)."""
    if isinstance(tricks, str | bytes | Mapping) or not isinstance(tricks, Iterable):
        raise BadInput("invalid", "tricks is a list of tricks.", field="tricks")
    parsed: list[tuple[Play, ...]] = []
    for t, trick in enumerate(tricks):
        field = f"tricks.{t}"
        plays = trick.get("plays") if isinstance(trick, Mapping) else trick
        if isinstance(plays, str | bytes | Mapping) or not isinstance(plays, Iterable):
            raise BadInput("invalid", "A trick is an object with its plays.", field=f"{field}.plays")
        plays = tuple(
            _plain_play(play) or parse_play(play, field=f"{field}.plays.{p}") for p, play in enumerate(plays)
        )
        if not plays:
            raise BadInput("empty_trick", "A trick holds at least its lead.", field=f"{field}.plays")
        if len(plays) > len(SEATS):
            raise BadInput("too_many_plays", "A trick holds one play per seat (S5).", field=f"{field}.plays")
        if parsed and len(parsed[-1]) < len(SEATS):
            detail = "Only the last trick of a record may be unfinished."
            raise BadInput("incomplete_trick", detail, field=f"tricks.{t - 1}.plays")
        parsed.append(plays)
    return tuple(parsed)
