"""How a game's next deal is entered at a table: the deal-form description (pure Python; no Django).

Every game's scoresheet describes the form a scorekeeper fills in for the next deal of a match
(``MatchSheet.deal_form(profile, state)``): the members of the posted body, each with its kind,
its choices and its limits, so that any app renders any game's form from this description alone
(docs/table-app.md "The deal form"); the table app has no branch on the game. What the form does
not say (whether a finishing order is legal, who pays tribute, what a deal scores) the engine says
when the deal is previewed or posted: the form only shapes the input.

A form is a tuple of :class:`FormField`; ``name`` is the member's dotted path in the posted body
(``tribute.tributes`` is ``{"tribute": {"tributes": …}}``). The kinds (``KINDS``):

- ``seat_order``: seats tapped in order (a finishing order): a list of ``seats`` codes,
  ``min_items`` … ``max_items`` long;
- ``seat``: one seat's code; ``choice``: one of ``choices``' values; ``card``: one card code of
  ``choices``;
- ``integer``: a whole number in ``minimum`` … ``maximum`` (None: open), a multiple of ``step``;
- ``boolean``: true or false;
- ``list``: a list of objects, each of ``fields``; with ``order`` (seat codes), item ``i`` is seat
  ``order[i]``'s turn (its ``seat`` member is that seat, not asked), and an item whose member
  ``stop_on[0]`` holds ``stop_on[1]`` ends the list (a bidding's top bid);
- ``group``: an object of ``fields``; an optional group (``required`` false) is left out whole.

Labels and help are English, marked with ``gettext_noop``: the service translates them when it
answers (the phone's language). ``default`` is what the form starts with (the dealer the rotation
names, ``false``, 0); None: nothing chosen.

The preview of a deal (what the engine answers before it is sent: "NS +3 → 7") is a list of
:class:`Note` (``MatchSheet.deal_notes``): an English template with named ``params``, translated
by the service and filled in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import PACK

#: The kinds of a form's fields (see the module's docstring).
KINDS = ("seat_order", "seat", "choice", "card", "integer", "boolean", "list", "group")

Translate = Callable[[str], str]


def gettext_noop(text: str) -> str:
    """Marks an English label for translation (``make messages`` finds it); the service translates it."""
    return text


def _same(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a field may take, with its label (English, translated by the service)."""

    value: Any
    label: str

    def to_dict(self, translate: Translate = _same) -> dict[str, Any]:
        return {"value": self.value, "label": translate(self.label)}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSpec:
    """A seat at the table, in the order the seats sit around it: its code, its label and its side
    (``NS``/``EW``; None where each seat plays for itself)."""

    code: str
    label: str
    side: str | None

    def to_dict(self, translate: Translate = _same) -> dict[str, Any]:
        return {"code": self.code, "label": translate(self.label), "side": self.side}


#: The compass table of the four-seat partnership games (G1: partners opposite, N–S against E–W):
#: the seats a game's incidents name unless its registry entry gives its own (``Game.seats``).
COMPASS_SEATS = (
    SeatSpec(code="N", label=gettext_noop("North"), side="NS"),
    SeatSpec(code="E", label=gettext_noop("East"), side="EW"),
    SeatSpec(code="S", label=gettext_noop("South"), side="NS"),
    SeatSpec(code="W", label=gettext_noop("West"), side="EW"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class FormField:
    """One member of the posted deal (see the module's docstring for the kinds)."""

    name: str
    kind: str
    label: str
    help: str = ""
    required: bool = True
    default: Any = None
    choices: tuple[Choice, ...] = ()
    seats: tuple[str, ...] = ()  # seat_order, seat: the seats to pick from
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    min_items: int | None = None
    max_items: int | None = None
    fields: tuple[FormField, ...] = ()  # list: an item's members; group: its members
    order: tuple[str, ...] = ()  # list: item i is seat order[i]'s turn
    stop_on: tuple[str, Any] | None = None  # list: an item with this member's value ends it

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}")

    def to_dict(self, translate: Translate = _same) -> dict[str, Any]:
        """The field's wire form (docs/table-app.md "The deal form"); every key is always there."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": translate(self.label),
            "help": translate(self.help) if self.help else "",
            "required": self.required,
            "default": self.default,
            "choices": [choice.to_dict(translate) for choice in self.choices],
            "seats": list(self.seats),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "step": self.step,
            "min_items": self.min_items,
            "max_items": self.max_items,
            "fields": [member.to_dict(translate) for member in self.fields],
            "order": list(self.order),
            "stop_on": None if self.stop_on is None else {"name": self.stop_on[0], "value": self.stop_on[1]},
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class DealForm:
    """The form of a match's next deal: the table's ``seats``, the ``sides`` (code → label), the
    ``fields``, and ``names``: the labels of the other codes a deal or a note names (a Dou Dizhu
    ``landlord``, a Daguai team). ``number`` is the deal's number (None: the match is over, nothing
    more to enter)."""

    number: int | None
    seats: tuple[SeatSpec, ...]
    sides: Mapping[str, str]
    fields: tuple[FormField, ...]
    names: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self, translate: Translate = _same) -> dict[str, Any]:
        return {
            "number": self.number,
            "seats": [seat.to_dict(translate) for seat in self.seats],
            "sides": {code: translate(label) for code, label in self.sides.items()},
            "names": {code: translate(label) for code, label in self.labels().items()},
            "fields": [member.to_dict(translate) for member in self.fields],
        }

    def labels(self) -> dict[str, str]:
        """Every code the form names (seats, sides, ``names``) → its English label."""
        return {
            **{seat.code: seat.label for seat in self.seats},
            **dict(self.sides),
            **dict(self.names),
        }

    def member(self, name: str) -> FormField:
        """The field named ``name`` (dotted: a group's member), or ``KeyError``."""
        head, _, rest = name.partition(".")
        for member in self.fields:
            if member.name == head:
                return member if not rest else _member(member, rest)
        raise KeyError(name)


def _member(group: FormField, name: str) -> FormField:
    head, _, rest = name.partition(".")
    for member in group.fields:
        if member.name == head:
            return member if not rest else _member(member, rest)
    raise KeyError(name)


@dataclass(frozen=True, slots=True)
class Note:
    """One line of what the engine says a deal means (a preview): ``code`` (stable), ``text`` (an
    English template with ``{name}`` placeholders, translated by the service) and ``params``."""

    code: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self, translate: Translate = _same, names: Mapping[str, str] | None = None) -> dict[str, Any]:
        """The note's wire form: ``text`` translated and filled in, a param that is a code the form
        names (a seat, a side, a team) written with its label; ``params`` as they are."""
        params = dict(self.params)
        names = names or {}
        shown = {
            key: names.get(value, value) if isinstance(value, str) else value for key, value in params.items()
        }
        return {"code": self.code, "text": translate(self.text).format(**shown), "params": params}


def seat_choices(seats: Sequence[SeatSpec]) -> tuple[Choice, ...]:
    """The seats as the choices of a field."""
    return tuple(Choice(seat.code, seat.label) for seat in seats)


#: A table of four by the compass, partners facing (N-S, E-W): its seats and its sides' names.
_COMPASS = (
    ("N", gettext_noop("North"), "NS"),
    ("E", gettext_noop("East"), "EW"),
    ("S", gettext_noop("South"), "NS"),
    ("W", gettext_noop("West"), "EW"),
)
COMPASS_SIDES = {"NS": gettext_noop("North–South"), "EW": gettext_noop("East–West")}


def compass_seats(*, partners: bool = True) -> tuple[SeatSpec, ...]:
    """The four seats of a table by the compass, each on its side (``partners``: N-S against E-W) or
    each for itself (four-player Dou Dizhu, D8)."""
    return tuple(
        SeatSpec(code=code, label=label, side=side if partners else None) for code, label, side in _COMPASS
    )


def seat_codes(seats: Sequence[SeatSpec]) -> tuple[str, ...]:
    return tuple(seat.code for seat in seats)


def dealer_field(*, seats: Sequence[SeatSpec], dealer: Any, help: str) -> FormField:
    """The deal's dealer, one of ``seats``: the rotation's (``dealer``, an enum seat) by default,
    or the table's choice (None); ``help`` says the game's rule of who deals."""
    return FormField(
        name="dealer",
        kind="seat",
        label=gettext_noop("Dealer"),
        help=help,
        seats=seat_codes(seats),
        default=None if dealer is None else dealer.value,
    )


_SUITS = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
_JOKERS = {"BJ": gettext_noop("Small joker"), "RJ": gettext_noop("Big joker")}


def card_choices() -> tuple[Choice, ...]:
    """The 54 card codes of a pack (engine/cards.py notation) as choices: ``S2`` is "♠2", ``HT``
    "♥10", the jokers by name."""
    choices = []
    for code in PACK.codes:
        if code in _JOKERS:
            choices.append(Choice(code, _JOKERS[code]))
        else:
            rank = "10" if code[1:] == "T" else code[1:]
            choices.append(Choice(code, _SUITS[code[0]] + rank))
    return tuple(choices)


__all__ = [
    "COMPASS_SIDES",
    "KINDS",
    "Choice",
    "DealForm",
    "FormField",
    "Note",
    "SeatSpec",
    "card_choices",
    "compass_seats",
    "dealer_field",
    "gettext_noop",
    "seat_choices",
    "seat_codes",
]
