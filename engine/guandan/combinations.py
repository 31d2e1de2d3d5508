"""Judging one play: is it a combination, which reading applies, does it beat (docs/rules/guandan.md G2-G4).

This is the engine behind ``POST /api/v1/referee/plays/validate``; :func:`judge_play` is shared
with the deal replay (G5) so that both answer the same question the same way. The building
blocks live in :mod:`readings` (G3) and :mod:`compare` (G4) and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import BadInput
from engine.guandan.cards import (
    BIG_JOKER,
    HAND_SIZE,
    SMALL_JOKER,
    Card,
    check_copies,
    format_rank,
    parse_card,
    parse_cards,
    parse_level,
)
from engine.guandan.compare import beats, choose_reading, match_declared, order, tier
from engine.guandan.profiles import STANDARD, RuleProfile
from engine.guandan.question import parse_question_level as coerce_level
from engine.guandan.readings import ComboType, Reading, reading_to_dict, readings
from engine.guandan.violations import ViolationCode
from engine.plays import PlayVerdict, play_parser

__all__ = [
    "ComboType",
    "Declared",
    "PlayVerdict",
    "Reading",
    "beats",
    "choose_reading",
    "coerce_level",
    "judge_play",
    "match_declared",
    "order",
    "parse_declared",
    "parse_play",
    "reading_to_dict",
    "readings",
    "tier",
    "validate_play",
]


@dataclass(frozen=True, slots=True)
class Declared:
    """The reading a player announced (G4): a type, and optionally its rank."""

    type: ComboType
    rank: int | None = None


_DETAILS = {
    ViolationCode.ILLEGAL_COMBINATION: "These cards form no legal combination (G3).",
    ViolationCode.DOES_NOT_BEAT: "No reading of this play beats the play on the table (G4).",
    ViolationCode.DECLARED_READING_INVALID: "The declared reading is no legal reading of these cards (G4).",
    ViolationCode.PREVIOUS_ILLEGAL: "The play on the table is itself no legal combination (G3).",
}


def violation_detail(code: ViolationCode) -> str:
    """The English sentence that goes with a play's violation code."""
    return _DETAILS[code]


def judge_play(
    options: Sequence[Reading],
    *,
    previous: Reading | None,
    declared: Declared | None,
    level: int,
    wild_default: str = "lowest",
) -> tuple[Reading | None, ViolationCode | None]:
    """G4: the reading that applies to a play with these ``options``, and the first violation.

    Checks, in order: a combination at all, some reading beats ``previous``, the declaration
    names a legal reading, the declared reading beats. On ``does_not_beat`` the reading is the
    one that would apply on lead, so the answer can still say what the play was.
    """
    if not options:
        return None, ViolationCode.ILLEGAL_COMBINATION
    if declared is None and len(options) == 1:  # most plays: what choose_reading would pick
        (only,) = options
        if previous is None or beats(only, previous, level):
            return only, None
        return only, ViolationCode.DOES_NOT_BEAT
    if declared is None:
        chosen = choose_reading(options, previous=previous, level=level, wild_default=wild_default)
        if chosen is not None:
            return chosen, None
        return choose_reading(options, previous=None, level=level, wild_default=wild_default), (
            ViolationCode.DOES_NOT_BEAT
        )
    on_lead = match_declared(
        options, declared.type, declared.rank, level=level, previous=None, wild_default=wild_default
    )
    if previous is not None and not any(beats(r, previous, level) for r in options):
        return on_lead, ViolationCode.DOES_NOT_BEAT
    if on_lead is None:
        return None, ViolationCode.DECLARED_READING_INVALID
    if previous is None:
        return on_lead, None
    chosen = match_declared(
        options, declared.type, declared.rank, level=level, previous=previous, wild_default=wild_default
    )
    if chosen is None:
        return on_lead, ViolationCode.DOES_NOT_BEAT
    return chosen, None


def validate_play(
    cards: Iterable[Card | str],
    *,
    level: int | str,
    previous: Iterable[Card | str] | None = None,
    declared: Declared | Mapping[str, Any] | None = None,
    previous_declared: Declared | Mapping[str, Any] | None = None,
    profile: RuleProfile = STANDARD,
) -> PlayVerdict:
    """The referee question "is this play legal here?" (G3, G4; API ``plays/validate``).

    ``previous`` is the play on the table (None or empty: the player leads); its reading is the
    one that applies on lead unless ``previous_declared`` says otherwise. Malformed questions
    raise :class:`BadInput` (``unknown_card``, ``empty_play``, ``too_many_cards``,
    ``too_many_copies``, ``unknown_level``, ``unknown_combination_type``, ``unknown_rank``).
    """
    level = coerce_level(level)
    play = parse_play(cards, field="cards")
    table = parse_play(previous, field="previous") if previous else None
    check_copies(play, table or (), field="cards")
    wish = parse_declared(declared, field="declared")
    wild_default = profile.wild_default
    options = readings(play, level)

    declaration_ok = wish is None or match_declared(options, wish.type, wish.rank, level=level) is not None
    previous_reading = None
    if table is not None:
        previous_reading, problem = judge_play(
            readings(table, level),
            previous=None,
            declared=parse_declared(previous_declared, field="previous_declared"),
            level=level,
            wild_default=wild_default,
        )
        if problem is not None:
            # Nothing can be beaten, but the play itself can still be judged on lead.
            reading, own = judge_play(
                options, previous=None, declared=wish, level=level, wild_default=wild_default
            )
            reason = own if own is ViolationCode.ILLEGAL_COMBINATION else ViolationCode.PREVIOUS_ILLEGAL
            return PlayVerdict(
                legal=bool(options) and declaration_ok,
                readings=options,
                reading=reading,
                beats_previous=None,
                reason=reason,
                detail=_DETAILS[reason],
            )

    reading, problem = judge_play(
        options, previous=previous_reading, declared=wish, level=level, wild_default=wild_default
    )
    return PlayVerdict(
        legal=bool(options) and declaration_ok,
        readings=options,
        reading=reading,
        beats_previous=None if previous_reading is None else problem is None,
        reason=problem,
        detail=_DETAILS[problem] if problem else None,
        previous_reading=previous_reading,
    )


# G1: a play's cards from codes; an empty play or more than a hand is malformed.
parse_play = play_parser(parse_cards, parse_card, max_cards=HAND_SIZE)


_JOKER_RANKS = {"BJ": SMALL_JOKER, "RJ": BIG_JOKER}


def parse_declared(value: Declared | Mapping[str, Any] | None, *, field: str = "declared") -> Declared | None:
    """A declaration from its wire form ``{"type": "straight", "rank": "7"}`` (rank optional)."""
    if value is None or isinstance(value, Declared):
        return value
    if not isinstance(value, Mapping):
        raise BadInput("invalid", "A declaration is an object with a type and an optional rank.", field=field)
    try:
        combo = ComboType(str(value.get("type", "")).strip().lower())
    except ValueError:
        raise BadInput(
            "unknown_combination_type",
            f"Unknown combination type {value.get('type')!r}; use one of {', '.join(ComboType)}.",
            field=f"{field}.type",
        ) from None
    rank = value.get("rank")
    if rank is None:
        return Declared(combo)
    text = str(rank).strip().upper()
    if text in _JOKER_RANKS:
        return Declared(combo, _JOKER_RANKS[text])
    if isinstance(rank, int) and not isinstance(rank, bool) and 2 <= rank <= BIG_JOKER:
        return Declared(combo, rank)
    try:
        return Declared(combo, parse_level(text, field=f"{field}.rank"))
    except BadInput:
        raise BadInput(
            "unknown_rank", f"Unknown rank {rank!r}; use 2-10, J, Q, K, A, BJ or RJ.", field=f"{field}.rank"
        ) from None


def format_declared(declared: Declared) -> dict[str, str]:
    """The wire form of a declaration (the inverse of :func:`parse_declared`)."""
    data = {"type": declared.type.value}
    if declared.rank is not None:
        data["rank"] = format_rank(declared.rank)
    return data
