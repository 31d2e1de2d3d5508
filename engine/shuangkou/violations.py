"""The rule violations a Shuangkou referee question can find (docs/rules/shuangkou.md S3-S5).

Each is a :class:`RuleViolation` (a 200 verdict, not a 400) with a stable code. Unlike the climbing
games a Shuangkou deal has three recorded parts — the declarations, the buried cards and the
tricks — so a :class:`Violation` names its part, its index there and, inside a trick, the play
and the card at fault; ``path`` is the same place as a wire field path
(``tricks.2.plays.1.cards.0``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import RuleViolation


class ViolationCode(StrEnum):
    # S3: the declaration of trump, in the order they are checked.
    DECLARATION_NOT_ALLOWED = "declaration_not_allowed"  # the final no-trump deal has none
    INVALID_DECLARATION = "invalid_declaration"
    DECLARATION_AFTER_BOTTOM = "declaration_after_bottom"
    OVERCALL_TOO_WEAK = "overcall_too_weak"
    WRONG_DEALER = "wrong_dealer"
    # S3: burying, and any card shown, buried or played that its seat does not hold.
    CARD_NOT_IN_HAND = "card_not_in_hand"
    # S5: a play inside a trick, in the order they are checked.
    DEAL_OVER = "deal_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_NUMBER_OF_CARDS = "wrong_number_of_cards"
    MIXED_LEAD = "mixed_lead"
    NOT_A_THROW = "not_a_throw"
    THROW_WRONGLY_REFUSED = "throw_wrongly_refused"
    WRONG_THROW_REMEDY = "wrong_throw_remedy"
    THROW_NOT_HIGHEST = "throw_not_highest"
    NOT_FOLLOWING_SUIT = "not_following_suit"
    NOT_FOLLOWING_TRACTOR = "not_following_tractor"
    NOT_FOLLOWING_PAIRS = "not_following_pairs"


class ShuangkouViolation(RuleViolation):
    """A broken rule; ``card`` is the index of the card at fault in the cards judged, if one is."""

    def __init__(self, detail: str = "", *, card: int | None = None) -> None:
        super().__init__(None, detail)
        self.card = card


# One class per code, as the other games have, so that callers may catch a single rule.
VIOLATIONS: dict[str, type[ShuangkouViolation]] = {
    code: type(
        "".join(word.title() for word in code.value.split("_")),
        (ShuangkouViolation,),
        {"code": code, "__module__": __name__},
    )
    for code in ViolationCode
}


def broken(code: ViolationCode, detail: str, *, card: int | None = None) -> ShuangkouViolation:
    """The violation of ``code``, ready to raise."""
    return VIOLATIONS[code](detail, card=card)


class Part(StrEnum):
    """The recorded parts of a deal, in the order a replay checks them."""

    DECLARATIONS = "declarations"
    BURIED = "buried"
    TRICKS = "tricks"


@dataclass(frozen=True, slots=True)
class Violation:
    """The first rule broken in a replay: ``index`` into ``part``; in a trick also ``play`` and ``card``."""

    part: Part
    index: int
    code: str
    detail: str
    play: int | None = None
    card: int | None = None

    @property
    def path(self) -> str:
        """Where the fault is, as a wire field path: ``tricks.2.plays.1.cards.0``, ``buried.3``."""
        if self.part is Part.TRICKS:
            parts = [f"tricks.{self.index}"]
            if self.play is not None:
                parts.append(f"plays.{self.play}")
                if self.card is not None:
                    parts.append(f"cards.{self.card}")
            return ".".join(parts)
        if self.part is Part.BURIED:  # the index is the buried card's
            return f"buried.{self.index}"
        where = f"declarations.{self.index}"
        return where if self.card is None else f"{where}.cards.{self.card}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "part": self.part.value,
            "index": self.index,
            "play": self.play,
            "card": self.card,
            "path": self.path,
            "code": str(self.code),
            "detail": self.detail,
        }
