"""Judging one Dou Dizhu play: is it a combination, and does it beat the play on the table
(docs/rules/doudizhu.md D4, D5; the ``plays/validate`` question).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, check_copies, parse_card, parse_cards
from engine.doudizhu.profiles import STANDARD, RuleProfile
from engine.doudizhu.readings import Reading, beats, readings
from engine.doudizhu.violations import ViolationCode
from engine.plays import PlayVerdict, play_parser

DECKS = 2
HAND_SIZE = 25  # D1: 4 x 25 dealt, 8 to the bottom
BOTTOM_SIZE = 8
LANDLORD_HAND = HAND_SIZE + BOTTOM_SIZE

# D1: a play's cards; empty, unknown, more than the landlord's hand or a third copy of a card (two
# decks hold two) is malformed (a 400), not a broken rule.
parse_play = play_parser(parse_cards, parse_card, max_cards=LANDLORD_HAND, decks=DECKS)

_DETAILS = {
    ViolationCode.ILLEGAL_COMBINATION: "These cards form no legal combination (D4).",
    ViolationCode.DOES_NOT_BEAT: "This play does not beat the play on the table (D5).",
    ViolationCode.PREVIOUS_ILLEGAL: "The play on the table is itself no legal combination (D4).",
}


def violation_detail(code: ViolationCode) -> str:
    return _DETAILS[code]


def judge(
    options: tuple[Reading, ...], previous: Reading | None
) -> tuple[Reading | None, ViolationCode | None]:
    """D4, D5: the reading of a play and the first rule it breaks against ``previous``."""
    if not options:
        return None, ViolationCode.ILLEGAL_COMBINATION
    (reading,) = options
    if previous is not None and not beats(reading, previous):
        return reading, ViolationCode.DOES_NOT_BEAT
    return reading, None


def validate_play(
    cards: Iterable[Card | str],
    *,
    previous: Iterable[Card | str] | None = None,
    profile: RuleProfile = STANDARD,
) -> PlayVerdict:
    """The referee question "is this play legal here?" (D4, D5).

    ``previous`` is the play on the table (None or empty: the player leads). Reasons, in the
    order checked: ``illegal_combination``, ``previous_illegal``, ``does_not_beat``. Malformed
    questions raise ``BadInput``: ``unknown_card`` and ``too_many_copies`` at the exact card
    (``cards[3]``, ``previous[0]``: two decks hold two of each), ``empty_play``, ``too_many_cards``.
    """
    play = parse_play(cards, field="cards")
    table = parse_play(previous, field="previous") if previous else None
    check_copies(play, table or (), decks=DECKS, fields=("cards", "previous"))
    two_high = profile.two_high
    options = readings(play, two_high=two_high)
    previous_reading = None
    if table is not None:
        previous_reading, problem = judge(readings(table, two_high=two_high), None)
        if problem is not None:
            reason = ViolationCode.ILLEGAL_COMBINATION if not options else ViolationCode.PREVIOUS_ILLEGAL
            return PlayVerdict(
                legal=bool(options),
                readings=options,
                reading=options[0] if options else None,
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
