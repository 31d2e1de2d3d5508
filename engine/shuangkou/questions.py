"""The Shuangkou questions beyond the two every game has, in their wire form (docs/rules/shuangkou.md
"Referee questions"): the calls of a deal on their own, and a play's shape as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.seats import Seat
from engine.shuangkou.cards import parse_level
from engine.shuangkou.declaration import DeclarationResult, judge_declarations, parse_seat
from engine.shuangkou.record import parse_deal_cards, parse_declarations
from engine.shuangkou.shapes import Shape


def check_declarations(
    *,
    hands: Mapping[Seat | str, Sequence[Card | str]],
    bottom: Sequence[Card | str],
    declarations: Sequence[Any] = (),
    level: int | str = 2,
    dealer: Seat | str | None = None,
    first_deal: bool = False,
) -> DeclarationResult:
    """S3: who called what, whether each overcall is legal, and the resulting trump and dealer.

    ``dealer`` None: the first deal of a match, dealt by the first caller (a ``BadInput``
    ``missing_dealer`` when nobody called); ``first_deal`` with a ``dealer`` checks that it is
    the first caller (``wrong_dealer``).
    """
    parsed, cards = parse_deal_cards(hands, bottom)
    return judge_declarations(
        level=parse_level(level, field="level"),
        hands=parsed,
        bottom=cards,
        declarations=parse_declarations(declarations),
        dealer=None if dealer is None else parse_seat(dealer, field="dealer"),
        first_deal=first_deal,
    )


def shape_to_dict(shape: Shape) -> dict[str, Any]:
    """A play's shape on the wire: ``{"type", "size", "pairs", "tractors", "units"}`` (S4)."""
    return shape.to_dict()
