"""An anti-tribute as a scorekeeper records it (docs/rules/guandan.md G7, 抗贡): the big jokers
shown by the payers, parsed and checked with or without the hands as dealt (``tribute_record``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.errors import BadInput
from engine.guandan.cards import BIG_JOKER, Card, parse_card
from engine.guandan.finishing import FinishingOrder
from engine.guandan.question import with_field
from engine.guandan.tribute import TributeCode, TributeVerdict
from engine.guandan.tribute_faults import RecordCode, RecordFault, Shown
from engine.seats import Seat, parse_seat


def parse_shown(items: Sequence[Mapping[str, object]] | None) -> list[tuple[Seat, Card]]:
    if items is None:
        return []
    if isinstance(items, str | bytes | Mapping) or not isinstance(items, Sequence):
        raise BadInput("invalid", "anti_tribute is a list of {seat, card}.", field="anti_tribute")
    shown = []
    for index, item in enumerate(items):
        where = f"anti_tribute[{index}]"
        if not isinstance(item, Mapping) or not {"seat", "card"} <= item.keys():
            raise BadInput("invalid", f"{where} needs seat and card.", field=where)
        seat = with_field(f"{where}.seat", parse_seat, item["seat"])
        shown.append((seat, with_field(f"{where}.card", parse_card, item["card"])))
    return shown


def first_deal(shown: list[Shown]) -> list[RecordFault]:
    if not shown:
        return []
    detail = "The first deal of a game has no tribute, so no anti-tribute (G7)."
    return [RecordFault(TributeCode.UNEXPECTED_TRIBUTE, "anti_tribute", detail)]


def anti_tribute_problems(shown: list[Shown], finish: FinishingOrder) -> list[RecordFault]:
    """G7 抗贡: the two big jokers, shown by the payer (single) or the payers between them (double)."""
    problems = []
    if len(shown) != 2:
        detail = f"An anti-tribute shows both big jokers (G7); {len(shown)} card(s) shown."
        problems.append(RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, "anti_tribute", detail))
    for item in shown:
        where = f"anti_tribute[{item.index}]"
        if item.card.rank != BIG_JOKER:
            detail = f"{item.card} is not a big joker (RJ); only the two big jokers make an anti-tribute."
            problems.append(RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, f"{where}.card", detail))
        if item.seat not in finish.last_seats:
            names = ", ".join(finish.last_seats)
            detail = f"{item.seat} owes no tribute; the jokers are shown by the payer(s): {names} (G7)."
            problems.append(RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, f"{where}.seat", detail))
    return problems


def anti_tribute_agrees(
    shown: list[Shown],
    finish: FinishingOrder | None,
    verdict: TributeVerdict,
    hands: Mapping[Seat, Sequence[Card]],
) -> list[RecordFault]:
    """With hands: the recorded anti-tribute must be the one the hands make (G7)."""
    if finish is None:
        return first_deal(shown)
    if verdict.anti_tribute and not shown:
        detail = "The payers hold both big jokers: there is no tribute, and the jokers must be shown (G7)."
        return [RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, "anti_tribute", detail)]
    if shown and not verdict.anti_tribute:
        detail = "The payers do not hold both big jokers between them: tribute is owed (G7)."
        return [RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, "anti_tribute", detail)]
    if not shown:
        return []
    problems = anti_tribute_problems(shown, finish)
    held = {seat: Counter(card.rank for card in cards)[BIG_JOKER] for seat, cards in hands.items()}
    showing = Counter(item.seat for item in shown if item.card.rank == BIG_JOKER)
    for item in shown:
        if item.seat in showing and showing[item.seat] > held[item.seat]:
            detail = f"{item.seat} holds {held[item.seat]} big joker(s) and cannot show {showing[item.seat]}."
            where = f"anti_tribute[{item.index}].seat"
            problems.append(RecordFault(RecordCode.INVALID_ANTI_TRIBUTE, where, detail))
            del showing[item.seat]  # one problem per seat
    return problems
