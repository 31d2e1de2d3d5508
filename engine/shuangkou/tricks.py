"""One trick of Shuangkou: the lead, the throw check, following suit and which play wins
(docs/rules/shuangkou.md S4, S5).

These are the rules as functions of cards: the replay (deal.py) and the ``plays/validate``
question (play.py) both call them, so a play is judged the same way in either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.shuangkou.cards import TRUMP, TrumpTable
from engine.shuangkou.profiles import RuleProfile
from engine.shuangkou.shapes import Shape, Unit, decompose, held_pairs, pack, pair_powers, window_top
from engine.shuangkou.violations import ViolationCode, broken


@dataclass(frozen=True, slots=True)
class Standing:
    """The play winning a trick so far: its index in the trick, whether it is a ruff, and its rank."""

    index: int
    ruff: bool  # all trumps on a side-suit lead
    rank: int


def group_name(group: str | None) -> str:
    return "trumps" if group == TRUMP else f"suit {group}"


# ---- the lead ---------------------------------------------------------------------------------
def check_lead(cards: Sequence[Card], table: TrumpTable) -> Shape:
    """S5: a lead is cards of one group (one side suit, or all trumps); its shape."""
    shape = decompose(cards, table)
    if shape.group is None:
        group_of = table.group
        first = group_of[cards[0]]
        card = next(i for i, c in enumerate(cards) if group_of[c] != first)
        raise broken(ViolationCode.MIXED_LEAD, "A lead is of one suit, or all trumps (S5).", card=card)
    return shape


def refused_units(shape: Shape, others: Iterable[Mapping[Card, int]], table: TrumpTable) -> tuple[Unit, ...]:
    """S5: the units of a throw that a hand of ``others`` beats in the throw's own group.

    A single is beaten by a higher card, a pair by a higher pair, a tractor of n pairs by n
    adjacent pairs with a higher top; equal never beats. A ruff does not refuse a throw: the
    throw must be highest in its suit, not safe from trumps.
    """
    group, group_of, power_of = shape.group, table.group, table.power
    hands = []
    for hand in others:
        held = {card: n for card, n in hand.items() if n and group_of[card] == group}
        if held:
            hands.append((max(power_of[card] for card in held), held_pairs(held, table)))
    refused = []
    for unit in shape.units:
        for best, pairs in hands:
            if unit.pairs == 0:
                beaten = best > unit.top
            elif unit.pairs == 1:
                beaten = bool(pairs) and max(pairs) > unit.top
            else:
                top = window_top(pairs, unit.pairs)
                beaten = top is not None and top > unit.top
            if beaten:
                refused.append(unit)
                break
    return tuple(refused)


def remedy(refused: Sequence[Unit], profile: RuleProfile) -> Unit:
    """S5 ``throw_remedy``: the refused unit the thrower must lead instead.

    ``smallest_refused``: the one of the fewest cards, the lowest of those; ``lowest_refused``:
    the one whose top card is lowest, the fewest cards of those.
    """
    if profile.throw_remedy == "lowest_refused":
        return min(refused, key=lambda unit: (unit.top, len(unit.cards)))
    return min(refused, key=lambda unit: (len(unit.cards), unit.top))


# ---- following ----------------------------------------------------------------------------------
def check_follow(
    hand: Mapping[Card, int],
    cards: Sequence[Card],
    lead: Shape,
    table: TrumpTable,
    held: int | None = None,
) -> None:
    """S5: raise the first obligation ``cards`` break; ``hand`` is the follower's, ``cards`` still in it.

    1. As many cards as the lead (``wrong_number_of_cards``).
    2. Cards of the led group, all of them up to the lead's size (``not_following_suit``).
    3. Holding more of the group than the lead: as many of the lead's tractor pairs matched by
       tractors of the lead's lengths as the hand can match (``not_following_tractor``),
    4. and as many pairs as the lead has, or as the hand holds if fewer (``not_following_pairs``).

    ``held``: how many cards of the led group the hand holds, when the caller keeps count.
    """
    size = lead.size
    if len(cards) != size:
        detail = f"The lead has {size} card{'s' if size > 1 else ''}; every follower plays as many (S5)."
        raise broken(ViolationCode.WRONG_NUMBER_OF_CARDS, detail)
    group, group_of = lead.group, table.group
    if held is None:
        held = 0
        for card, n in hand.items():
            if group_of[card] == group:
                held += n
    followed, off = 0, None
    for i, card in enumerate(cards):
        if group_of[card] == group:
            followed += 1
        elif off is None:
            off = i
    if followed < min(held, size):
        detail = f"The lead is in {group_name(group)}; a follower holding them plays them first (S5)."
        raise broken(ViolationCode.NOT_FOLLOWING_SUIT, detail, card=off)
    if held <= size or not lead.pairs:
        return  # all the group's cards are played, or only singles were led: any of them will do
    in_hand = held_pairs(hand, table, group)
    played = pair_powers(cards, table)
    if lead.tractors:
        can, _ = pack(lead.tractors, in_hand)
        if can and pack(lead.tractors, played)[0] < can:
            detail = "The lead has a tractor; a follower holding one of its length in the suit plays it (S5)."
            raise broken(ViolationCode.NOT_FOLLOWING_TRACTOR, detail)
    if sum(played.values()) < min(lead.pairs, sum(in_hand.values())):
        detail = (
            "The lead has pairs; a follower plays as many pairs of the suit as it holds, up to the lead's"
        )
        detail += " (S5)."
        raise broken(ViolationCode.NOT_FOLLOWING_PAIRS, detail)


# ---- who wins -------------------------------------------------------------------------------------
def matching_rank(cards: Sequence[Card], lead: Shape, table: TrumpTable) -> int | None:
    """S5: the rank of a play that can be cut into the lead's units; None when it cannot.

    The rank is that of the unit compared: the highest tractor of the lead's longest length,
    else the highest pair, else the highest card.
    """
    if not lead.pairs:
        power_of = table.power
        return power_of[cards[0]] if len(cards) == 1 else max(power_of[card] for card in cards)
    pairs = pair_powers(cards, table)
    if sum(pairs.values()) < lead.pairs:
        return None
    if lead.tractors:
        if pack(lead.tractors, pairs)[0] < sum(lead.tractors):
            return None
        return window_top(pairs, lead.tractors[0])
    return max(pairs)


def opening(lead: Shape) -> Standing:
    return Standing(0, False, lead.top)


def contest(
    standing: Standing, index: int, cards: Sequence[Card], lead: Shape, table: TrumpTable
) -> Standing:
    """S5: the play winning the trick after ``cards`` (played at ``index``); the later of equals loses.

    A play can win only with the lead's shape, all in the led group or all trumps (a ruff). In
    its own group a throw is highest by the throw check, so only a ruff beats it.
    """
    group_of = table.group
    group = group_of[cards[0]]
    for card in cards:
        if group_of[card] != group:
            return standing  # a mixed play never wins
    if group == lead.group:
        if lead.is_throw or standing.ruff:
            return standing
        ruff = False
    elif group == TRUMP:
        ruff = True
    else:
        return standing
    rank = matching_rank(cards, lead, table)
    if rank is None:
        return standing
    if (ruff and not standing.ruff) or rank > standing.rank:
        return Standing(index, ruff, rank)
    return standing
