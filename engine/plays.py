"""One play on its own: its cards from the wire, and the verdict of ``plays/validate``
(docs/referee.md; docs/rules/guandan.md G3-G4, docs/rules/doudizhu.md D4-D5, docs/rules/daguai.md K2-K3).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.cards import CardT, check_copies
from engine.errors import BadInput, RuleViolation

A = TypeVar("A")  # a game's action class
R = TypeVar("R")  # a game's reading class


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """The answer to "is this play legal, and does it beat the one on the table?".

    ``legal``: the cards form a combination (as declared, where a game has declarations).
    ``readings``: every legal reading. ``reading``: the reading that applies (when it cannot
    beat, the one that would apply on lead). ``beats_previous`` is None without a previous
    play. ``reason`` is the first violation code found, in the order the game documents.
    """

    legal: bool
    readings: tuple[Any, ...]
    reading: Any | None
    beats_previous: bool | None
    reason: str | None = None
    detail: str | None = None
    previous_reading: Any | None = None

    def to_dict(self, reading_to_dict: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
        """The wire form of the verdict (the ``plays/validate`` answer), each reading by its game's form."""

        def reading(value: Any) -> dict[str, Any] | None:
            return None if value is None else reading_to_dict(value)

        return {
            "legal": self.legal,
            "readings": [reading_to_dict(r) for r in self.readings],
            "reading": reading(self.reading),
            "previous_reading": reading(self.previous_reading),
            "beats_previous": self.beats_previous,
            "reason": None if self.reason is None else {"code": str(self.reason), "detail": self.detail},
        }


def play_parser(
    parse_cards: Callable[[Iterable[object]], tuple[CardT, ...]],
    parse_card: Callable[[object], CardT],
    *,
    max_cards: int,
    sizes: Collection[int] | None = None,
    decks: int | None = None,
    rule: str = "",
) -> Callable[..., tuple[CardT, ...]]:
    """``parse_play(codes, *, field)``: a play's cards; empty, longer than a hand or unknown is malformed.

    With ``sizes``, a play of any other number of cards is malformed (``invalid_play_size``);
    with ``decks``, so is a card more often than the decks hold it (``too_many_copies`` at the
    card). ``rule`` is the section the sizes come from.
    """

    def parses(code: object) -> bool:
        try:
            parse_card(code)
        except BadInput:
            return False
        return True

    def parse_play(codes: Iterable[object] | None, *, field: str) -> tuple[CardT, ...]:
        if codes is None or (  # then lists first: the ABC check is slow on the hot path
            type(codes) not in (list, tuple)
            and (isinstance(codes, str | bytes) or not isinstance(codes, Iterable))
        ):
            raise BadInput("invalid", "A play is a list of card codes.", field=field)
        try:
            cards = parse_cards(codes)
        except BadInput as error:  # slow path only: name the bad element
            index = next(i for i, code in enumerate(codes) if not parses(code))
            raise BadInput(error.code, error.detail, field=f"{field}[{index}]") from None
        if not cards:
            raise BadInput("empty_play", "A play holds at least one card; pass instead.", field=field)
        if len(cards) > max_cards:
            raise BadInput("too_many_cards", f"A play holds at most {max_cards} cards.", field=field)
        if sizes is not None and len(cards) not in sizes:
            allowed = ", ".join(map(str, sorted(sizes)))
            detail = f"A play holds {allowed} cards, not {len(cards)} ({rule})."
            raise BadInput("invalid_play_size", detail, field=field)
        if decks is not None and len(cards) - len(set(cards)) >= decks:  # else no card can repeat that often
            check_copies(cards, decks=decks, fields=(field,))
        return cards

    return parse_play


def action_parser(
    *,
    action: type[A],
    seats: Mapping[object, Any],
    passes: Mapping[Any, A],
    parse_seat: Callable[..., Any],
    kinds: str,
    parse_rest: Callable[[Mapping[str, Any], Any, str], A],
    doc: str,
) -> Callable[..., A]:
    """``parse_action(value, *, field="play")``: one action of a deal from its wire form, the part
    every game shares: an ``action`` passes through; anything but an object is ``invalid_action``
    ("An action is an object with a seat and <kinds>."); the seat is read (``parse_seat`` names
    ``<field>.seat``); ``{"seat", "pass": true}`` alone is the seat's pass (``passes``). The rest of
    the object is the game's: ``parse_rest(value, seat, field)``.
    """
    malformed = f"An action is an object with a seat and {kinds}."

    def parse_action(value: Any, *, field: str = "play") -> A:
        if type(value) is action:
            return value
        if type(value) is not dict and not isinstance(value, Mapping):  # the ABC check is slow: dicts first
            raise BadInput("invalid_action", malformed, field=field)
        seat = value.get("seat")
        seat = seats.get(seat) if type(seat) is str else None  # the common case, without a call
        if seat is None:
            seat = parse_seat(value.get("seat"), field=f"{field}.seat")
        elif len(value) == 2 and value.get("pass") is True:  # a plain pass, most actions of a deal
            return passes[seat]
        return parse_rest(value, seat, field)

    parse_action.__doc__ = doc
    return parse_action


def judged(
    found: tuple[R | None, Any],
    violations: Mapping[Any, type[RuleViolation]],
    detail: Callable[[Any], str],
) -> R:
    """The reading of a play a game's judge found legal, from its ``(reading, violation code)``;
    with a code, that code's violation (the game's ``VIOLATIONS``) is raised with its detail."""
    reading, problem = found
    if problem is not None:
        raise violations[problem](detail=detail(problem))
    assert reading is not None  # a judge gives a reading whenever it finds no violation
    return reading
