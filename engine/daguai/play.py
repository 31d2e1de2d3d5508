"""Judging one Daguai Luzi play: is it a combination, and does it beat the play on the table
(docs/rules/daguai.md K2, K3; the ``plays/validate`` question).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, check_copies, parse_card, parse_cards
from engine.daguai.profiles import STANDARD, RuleProfile
from engine.daguai.readings import PLAY_SIZES, Reading, beats, readings, strongest
from engine.daguai.violations import ViolationCode
from engine.plays import PlayVerdict, play_parser

DECKS = 3
HAND_SIZE = 27  # K1: 6 x 27 = three decks

# K1, K2: a play's cards; only 1, 2, 3 or 5 may be played, and three decks hold three of a card,
# so any other count is malformed (a 400), not a broken rule.
parse_play = play_parser(
    parse_cards, parse_card, max_cards=HAND_SIZE, sizes=PLAY_SIZES, decks=DECKS, rule="K2"
)


_DETAILS = {
    ViolationCode.ILLEGAL_COMBINATION: "These cards form no legal combination (K2).",
    ViolationCode.DOES_NOT_BEAT: "No reading of this play beats the play on the table (K3).",
    ViolationCode.PREVIOUS_ILLEGAL: "The play on the table is itself no legal combination (K2).",
}


def violation_detail(code: ViolationCode) -> str:
    return _DETAILS[code]


def judge(
    options: tuple[Reading, ...], previous: Reading | None
) -> tuple[Reading | None, ViolationCode | None]:
    """K2, K3: the reading a play is judged by (the strongest) and the first rule it breaks."""
    return judge_reading(strongest(options), previous)


def judge_reading(
    reading: Reading | None, previous: Reading | None
) -> tuple[Reading | None, ViolationCode | None]:
    """K2, K3: the first rule broken by a play whose strongest reading is ``reading`` (None: no reading)."""
    if reading is None:
        return None, ViolationCode.ILLEGAL_COMBINATION
    if previous is not None and not beats(reading, previous):
        return reading, ViolationCode.DOES_NOT_BEAT
    return reading, None


def validate_play(
    cards: Iterable[Card | str],
    *,
    previous: Iterable[Card | str] | None = None,
    profile: RuleProfile = STANDARD,
) -> PlayVerdict:
    """The referee question "is this play legal here?" (K2, K3).

    ``previous`` is the play on the table (None or empty: the player leads). Reasons, in the
    order checked: ``illegal_combination``, ``previous_illegal``, ``does_not_beat``. Malformed
    questions raise ``BadInput``: ``invalid_play_size`` (4, 6 or more cards), ``unknown_card``,
    ``too_many_copies`` at the exact card (``cards[3]``: three decks hold three of each),
    ``empty_play``, ``too_many_cards``.
    """
    play = parse_play(cards, field="cards")
    table = parse_play(previous, field="previous") if previous else None
    check_copies(play, table or (), decks=DECKS, fields=("cards", "previous"))
    options = readings(play, ace_low=profile.ace_low)
    previous_reading = None
    if table is not None:
        previous_reading, problem = judge(readings(table, ace_low=profile.ace_low), None)
        if problem is not None:
            reason = ViolationCode.ILLEGAL_COMBINATION if not options else ViolationCode.PREVIOUS_ILLEGAL
            return PlayVerdict(
                legal=bool(options),
                readings=options,
                reading=strongest(options),
                beats_previous=None,
                reason=reason,
                detail=_DETAILS[reason],
            )
    reading, problem = judge(options, previous_reading)
    return PlayVerdict(
        legal=bool(options),
        readings=options,
        reading=reading,
        beats_previous=None if previous_reading is None else problem is None,
        reason=problem,
        detail=_DETAILS[problem] if problem else None,
        previous_reading=previous_reading,
    )
