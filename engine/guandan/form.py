"""The deal form of a Guandan table and what a deal means before it is sent (engine/forms.py; the
scoresheet's ``deal_form`` and ``deal_notes``, engine/guandan/scoresheet.py). Pure Python.

A table enters the finishing order (G5.5: three seats are enough, the fourth is last) and, when it
wants the tribute kept on the record, the tribute as it happened (G7: ``tributes``, ``returns``,
抗贡 ``anti_tribute``); the engine checks the tribute against the last deal. The whole deal (hands
and plays) is the referees' replay, not a table's form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.forms import (
    COMPASS_SIDES,
    DealForm,
    FormField,
    Note,
    card_choices,
    compass_seats,
    gettext_noop,
    seat_codes,
)
from engine.guandan.cards import PASSED_A, format_level
from engine.guandan.finishing import normalise_finishing_order
from engine.guandan.match import MatchState
from engine.guandan.profiles import RuleProfile
from engine.guandan.tie import TieState
from engine.seats import Side

#: The seats around the table, in the order they sit (G1: partners opposite).
SEATS = compass_seats()
SIDES = COMPASS_SIDES
_CODES = seat_codes(SEATS)


def _transfers(name: str, label: str, help_text: str) -> FormField:
    return FormField(
        name=name,
        kind="list",
        label=label,
        help=help_text,
        required=False,
        min_items=0,
        max_items=2,
        fields=(
            FormField(name="from", kind="seat", label=gettext_noop("From"), seats=_CODES),
            FormField(name="to", kind="seat", label=gettext_noop("To"), seats=_CODES),
            FormField(name="card", kind="card", label=gettext_noop("Card"), choices=card_choices()),
        ),
    )


TRIBUTE = FormField(
    name="tribute",
    kind="group",
    label=gettext_noop("Tribute (optional)"),
    help=gettext_noop("As it happened at the table; the engine checks it against the last deal (G7)."),
    required=False,
    fields=(
        _transfers(
            "tributes", gettext_noop("Tributes paid"), gettext_noop("Each card paid, from whom to whom.")
        ),
        _transfers("returns", gettext_noop("Cards returned"), gettext_noop("Each card given back.")),
        FormField(
            name="anti_tribute",
            kind="list",
            label=gettext_noop("Anti-tribute (抗贡): big jokers shown"),
            required=False,
            min_items=0,
            max_items=2,
            fields=(
                FormField(name="seat", kind="seat", label=gettext_noop("Seat"), seats=_CODES),
                FormField(name="card", kind="card", label=gettext_noop("Card"), choices=card_choices()),
            ),
        ),
    ),
)

FINISHING_ORDER = FormField(
    name="finishing_order",
    kind="seat_order",
    label=gettext_noop("Finishing order"),
    help=gettext_noop("Tap the seats in the order they went out (G5); the last seat may be left out."),
    seats=_CODES,
    min_items=2,
    max_items=4,
)


def deal_form(state: TieState) -> DealForm:
    """The form of the table's next deal (None as its number once the table is over)."""
    number = None if state.finished else state.deals_played + 1
    return DealForm(number=number, seats=SEATS, sides=SIDES, fields=(FINISHING_ORDER, TRIBUTE))


def deal_notes(
    before: TieState, after: TieState, record: Mapping[str, Any], *, profile: RuleProfile
) -> list[Note]:
    """What the deal does (G6, G8): who won it and how, each side's level move, an A failure, the
    game's and the table's end."""
    finish = normalise_finishing_order(record["finishing_order"])
    side = finish.winner_side
    game_number = int(record["game"])
    old, game = before.current, after.games[game_number - 1]
    notes = [
        Note("deal_won", _WON[finish.partner_place], {"side": side.value, "place": finish.partner_place})
    ]
    for each in (side, side.other):
        notes.extend(_level_move(each, old, game))
    for each in (Side.NS, Side.EW):
        failures = _failures(game, each)
        if failures > _failures(old, each) and not game.finished:
            notes.append(
                Note(
                    "a_failure",
                    gettext_noop("{side}: A failure {count} of {limit}"),
                    {"side": each.value, "count": failures, "limit": profile.a_fail_limit},
                )
            )
    if game.needs_extra_deal:
        notes.append(
            Note("extra_deal", gettext_noop("Levels are equal: one more deal decides the game (G8)"))
        )
    if game.finished and not after.finished:
        notes.append(_game_end(game, game_number))
    if after.finished:
        winner = after.winner
        if winner is None:
            notes.append(Note("match_drawn", gettext_noop("The match is drawn")))
        else:
            notes.append(Note("match_won", gettext_noop("{side} wins the match"), {"side": winner.value}))
    return notes


_WON = {
    2: gettext_noop("{side} wins the deal: first and second out"),
    3: gettext_noop("{side} wins the deal: first and third out"),
    4: gettext_noop("{side} wins the deal: first and last out"),
}


def _level_move(side: Side, old: MatchState, game: MatchState) -> list[Note]:
    before, now = old.level(side), game.level(side)
    if now == before:
        return []
    if now == PASSED_A:
        return [Note("passed_a", gettext_noop("{side} passes A"), {"side": side.value})]
    sign = "+" if now > before else "−"
    return [
        Note(
            "level",
            gettext_noop("{side} {change} → plays {level}"),
            {"side": side.value, "change": f"{sign}{abs(now - before)}", "level": format_level(now)},
        )
    ]


def _failures(game: MatchState, side: Side) -> int:
    return game.ns_a_failures if side is Side.NS else game.ew_a_failures


def _game_end(game: MatchState, number: int) -> Note:
    if game.winner is None:
        return Note("game_drawn", gettext_noop("Game {game} is drawn"), {"game": number})
    return Note(
        "game_won", gettext_noop("{side} wins game {game}"), {"side": str(game.winner), "game": number}
    )
