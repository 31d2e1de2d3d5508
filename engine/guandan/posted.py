"""A Guandan deal as a scorekeeper posts it (engine/guandan/scoresheet.py), parsed once into a frozen
value: its finishing order completed (G5.5), the tribute's items, the hands, the plays and the
leader. A malformed part is a ``BadInput`` naming it (``finishing_order[1]``,
``tribute.tributes[0].card``, ``hands.W``, ``plays[3]``). The sheet's checks take these values as
they are; nothing is parsed again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.guandan.cards import Card, format_cards, parse_card
from engine.guandan.deal import Action, parse_action
from engine.guandan.finishing import FinishingOrder, normalise_finishing_order
from engine.guandan.question import Transfer, parse_hands, parse_transfers, with_field
from engine.seats import Seat, parse_seat

__all__ = ["KEPT_AS_POSTED", "PostedDeal", "read_deal"]

#: The members of a posted deal the sheet keeps as they were posted (checked by the API's serializer,
#: read by no rule): in the record, in the deal's identity, and posted again when a correction of an
#: earlier deal derives this one again. A new such member is its name here and its field in the deal
#: body's serializer (docs/index.md "How to add … a Guandan deal field"): no migration, the record
#: is stored whole.
KEPT_AS_POSTED: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PostedDeal:
    """A Guandan deal as posted, parsed once. The posted ``level``, ``leader`` and finishing order
    are kept as written too: the refusals quote them."""

    finish: FinishingOrder | None  # the posted finishing order, completed (G5.5)
    tributes: tuple[Transfer, ...] | None  # None: no tribute posted
    returns: tuple[Transfer, ...] = ()
    anti_tribute: tuple[tuple[Seat, Card], ...] | None = None
    hands: Mapping[Seat, tuple[Card, ...]] | None = None
    plays: tuple[Action, ...] | None = None
    leader: Seat | None = None
    order_given: Any = None
    leader_given: Any = None
    level_given: Any = None
    kept: tuple[tuple[str, Any], ...] = ()  # (name, value) of the KEPT_AS_POSTED posted (not null)

    def tribute(self) -> dict[str, Any] | None:
        """The posted tribute's wire form (without its kind, which the table's last deal decides)."""
        if self.tributes is None:
            return None
        tribute: dict[str, Any] = {
            name: [
                {"from": str(item.from_seat), "to": str(item.to_seat), "card": item.card.code}
                for item in items
            ]
            for name, items in (("tributes", self.tributes), ("returns", self.returns))
        }
        if self.anti_tribute is not None:
            tribute["anti_tribute"] = [
                {"seat": str(seat), "card": card.code} for seat, card in self.anti_tribute
            ]
        return tribute

    def hands_form(self) -> dict[str, list[str]] | None:
        return (
            None
            if self.hands is None
            else {str(seat): format_cards(cards) for seat, cards in self.hands.items()}
        )

    def plays_form(self) -> list[dict[str, Any]] | None:
        return None if self.plays is None else [action.to_dict() for action in self.plays]

    def identity(self) -> dict[str, Any]:
        """What identifies the deal: the same play recorded the same way (times and the level check
        are not part of it)."""
        content: dict[str, Any] = {}
        if self.finish is not None:
            content["finishing_order"] = self.finish.identity()
        if self.tributes is not None:
            content["tribute"] = self.tribute()
        if self.hands is not None:
            content["hands"] = self.hands_form()
        if self.plays is not None:
            content["plays"] = self.plays_form()
        if self.leader is not None:
            content["leader"] = str(self.leader)
        return {**content, **dict(self.kept)}


def read_deal(data: Mapping[str, Any]) -> PostedDeal:
    """Parse a posted deal (``BadInput`` naming the part): finishing order, tribute, hands, plays,
    leader, in this order."""
    order = data.get("finishing_order")
    finish = None if order is None else normalise_finishing_order(order)
    tribute = data.get("tribute")
    tributes: tuple[Transfer, ...] | None = None
    returns: tuple[Transfer, ...] = ()
    anti: tuple[tuple[Seat, Card], ...] | None = None
    if tribute is not None:
        tributes, returns = (
            tuple(parse_transfers(tribute.get(name) or [], field=f"tribute.{name}"))
            for name in ("tributes", "returns")
        )
        if tribute.get("anti_tribute") is not None:
            anti = tuple(_shown(index, item) for index, item in enumerate(tribute["anti_tribute"]))
    hands = None if data.get("hands") is None else parse_hands(data["hands"])
    posted_plays = data.get("plays")
    plays = None
    if posted_plays is not None:
        plays = tuple(parse_action(play, field=f"plays[{index}]") for index, play in enumerate(posted_plays))
    leader = data.get("leader")
    return PostedDeal(
        finish=finish,
        tributes=tributes,
        returns=returns,
        anti_tribute=anti,
        hands=hands,
        plays=plays,
        leader=None if leader is None else parse_seat(leader),
        order_given=order,
        leader_given=leader,
        level_given=data.get("level"),
        kept=tuple((name, data[name]) for name in KEPT_AS_POSTED if data.get(name) is not None),
    )


def _shown(index: int, item: Mapping[str, Any]) -> tuple[Seat, Card]:
    where = f"tribute.anti_tribute[{index}]"
    seat = with_field(f"{where}.seat", parse_seat, item.get("seat"))
    return seat, with_field(f"{where}.card", parse_card, item.get("card"))
