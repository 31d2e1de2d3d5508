"""The ``plays/validate`` question for Shuangkou: is this play legal for this hand, given the trick
on the table, and who is winning the trick (docs/rules/shuangkou.md S4-S6).

Following suit and the pair and tractor obligations depend on the whole hand, so the question
carries it. A lead that is a throw is checked against the cards the others hold, when the
question gives them (``others``); without them the verdict says it could not check.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import BadInput
from engine.shuangkou.cards import (
    DEALER_HAND,
    TrumpTable,
    parse_level,
    parse_trump_suit,
    points_of,
    trump_table,
)
from engine.shuangkou.profiles import STANDARD, RuleProfile
from engine.shuangkou.record import check_two_decks, parse_card_list
from engine.shuangkou.shapes import Shape, Unit, decompose
from engine.shuangkou.tricks import (
    Standing,
    check_follow,
    check_lead,
    contest,
    opening,
    refused_units,
    remedy,
)
from engine.shuangkou.violations import ShuangkouViolation, ViolationCode, broken


@dataclass(frozen=True, slots=True)
class FollowVerdict:
    """The answer: ``legal`` and the first rule broken (``reason``, ``card`` at fault), the play's and
    the lead's shapes, the play winning the trick (an index into the trick with this play last,
    this play counted only when legal) and the trick's points with this play."""

    legal: bool
    reason: ViolationCode | None
    detail: str | None
    card: int | None
    shape: Shape
    lead: Shape | None  # None: this play leads
    winning: int
    points: int
    throw_checked: bool | None = None  # a throw led: whether ``others`` let the engine check it
    remedy: Unit | None = None  # a refused throw: what the thrower leads instead

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reason": None if self.reason is None else {"code": str(self.reason), "detail": self.detail},
            "card": self.card,
            "shape": self.shape.to_dict(),
            "lead": None if self.lead is None else self.lead.to_dict(),
            "winning": self.winning,
            "points": self.points,
            "throw_checked": self.throw_checked,
            "remedy": None if self.remedy is None else [c.code for c in self.remedy.cards],
        }


def _counts(cards: Iterable[Card]) -> dict[Card, int]:
    return dict(Counter(cards))  # counted in C


@dataclass(frozen=True, slots=True)
class _Table:
    """The trick on the table: its lead's shape and the play winning it, and its points."""

    lead: Shape | None
    standing: Standing | None
    points: int


def _on_table(plays: Sequence[tuple[Card, ...]], table: TrumpTable, points: Mapping[Card, int]) -> _Table:
    if not plays:
        return _Table(None, None, 0)
    lead = decompose(plays[0], table)
    if lead.group is None:
        raise BadInput("invalid_lead", "The lead on the table mixes suits (S5).", field="trick.0")
    standing = opening(lead)
    for i, other in enumerate(plays[1:], start=1):
        if len(other) != lead.size:
            detail = "Every play of a trick has the lead's size (S5)."
            raise BadInput("wrong_number_of_cards", detail, field=f"trick.{i}")
        standing = contest(standing, i, other, lead, table)
    return _Table(lead, standing, sum(points[card] for cards in plays for card in cards))


def validate_play(
    cards: Sequence[Card | str],
    *,
    hand: Sequence[Card | str],
    trick: Sequence[Sequence[Card | str]] = (),
    level: int | str = 2,
    trump: object = None,
    others: Sequence[Card | str] | None = None,
    profile: RuleProfile = STANDARD,
) -> FollowVerdict:
    """Is ``cards`` a legal play from ``hand`` (which holds them) after ``trick`` (the plays already on
    the table, the lead first; empty: this play leads)?

    ``level`` is the deal's (``NT``: the no-trump deal), ``trump`` the trump suit (None or ``none``:
    no trump suit). Reasons, in the order checked: ``card_not_in_hand``; leading, ``mixed_lead`` and
    ``throw_not_highest`` (only with ``others``, the cards the throw is checked against); following,
    ``wrong_number_of_cards``, ``not_following_suit``, ``not_following_tractor``,
    ``not_following_pairs``. Malformed questions raise ``BadInput`` at the exact card (``cards.3``,
    ``hand.12``, ``trick.1.0``, ``others.4``): unknown cards, a third copy across the hand, the trick
    and ``others``, more than 3 plays on the table, or one whose size is not the lead's.
    """
    play = parse_card_list(cards, field="cards", high=DEALER_HAND)
    held = parse_card_list(hand, field="hand", high=DEALER_HAND, copies=False)  # checked with the rest below
    if isinstance(trick, str | bytes) or not isinstance(trick, Sequence) or len(trick) > 3:
        raise BadInput("invalid", "trick lists the up to 3 plays already on the table.", field="trick")
    plays = [
        parse_card_list(p, field=f"trick.{i}", high=DEALER_HAND, copies=False) for i, p in enumerate(trick)
    ]
    if others is not None:
        seen = parse_card_list(others, field="others", low=0, high=3 * DEALER_HAND, copies=False)
    else:
        seen = None
    groups, fields = [held, *plays], ["hand", *(f"trick.{i}" for i in range(len(plays)))]
    if seen:
        groups, fields = [*groups, seen], [*fields, "others"]
    check_two_decks(groups, fields)
    table = trump_table(parse_level(level, field="level"), parse_trump_suit(trump))
    points = points_of(profile)
    on_table = _on_table(plays, table, points)
    lead, standing = on_table.lead, on_table.standing
    shape = decompose(play, table)
    winning = standing.index if standing else 0
    throw_checked = forced = None
    counts = _counts(held)
    try:
        _in_hand(counts, play)
        if lead is None:
            check_lead(play, table)
            if shape.is_throw:
                throw_checked = seen is not None
                refused = refused_units(shape, [_counts(seen)], table) if seen is not None else ()
                if refused:
                    forced = remedy(refused, profile)
                    shown = " ".join(c.code for c in forced.cards)
                    raise broken(
                        ViolationCode.THROW_NOT_HIGHEST,
                        f"Another hand beats part of this throw; the thrower leads {shown} instead (S5).",
                    )
        else:
            assert standing is not None
            check_follow(counts, play, lead, table)
            winning = contest(standing, len(plays), play, lead, table).index
        reason = detail = card = None
    except ShuangkouViolation as error:
        reason, detail, card = ViolationCode(error.code), error.detail, error.card
    return FollowVerdict(
        legal=reason is None,
        reason=reason,
        detail=detail,
        card=card,
        shape=shape,
        lead=lead,
        winning=winning,
        points=on_table.points + sum(points[c] for c in play),
        throw_checked=throw_checked,
        remedy=forced,
    )


def _in_hand(counts: Mapping[Card, int], play: Sequence[Card]) -> None:
    wanted: dict[Card, int] = {}
    for i, card in enumerate(play):
        n = wanted[card] = wanted.get(card, 0) + 1
        if counts.get(card, 0) < n:
            raise broken(ViolationCode.CARD_NOT_IN_HAND, f"The hand does not hold {card.code} (S5).", card=i)
