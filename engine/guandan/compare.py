"""Which play beats which, and which reading of a play applies (docs/rules/guandan.md G4)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.guandan.cards import LEVEL_ORDER
from engine.guandan.readings import SEQUENCE_TYPES, ComboType, Reading

# G4 bomb ladder: 4-card bomb < 5-card bomb < straight flush < 6 < 7 < 8 < 9 < 10 < joker bomb.
# Non-bombs are tier 0. A higher tier beats any lower one; equal tiers compare by rank.
_BOMB_TIER = {4: 1, 5: 2, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8}
STRAIGHT_FLUSH_TIER = 3
JOKER_BOMB_TIER = 9
_TIERS = {ComboType.STRAIGHT_FLUSH: STRAIGHT_FLUSH_TIER, ComboType.JOKER_BOMB: JOKER_BOMB_TIER}
_BOMB = ComboType.BOMB

# G4 names no order between two non-bomb types, and only a six-card play with wilds can be
# both (3344 + two wilds: tube or plate). We read it as the plate, the type of more cards of
# a kind; a player who means the tube declares it.
_NON_BOMB_PREFERENCE = {ComboType.PLATE: 1}


def tier(reading: Reading) -> int:
    """The reading's step on the G4 bomb ladder; 0 for every non-bomb."""
    if reading.type is _BOMB:
        return _BOMB_TIER[reading.size]
    return _TIERS.get(reading.type, 0)


def order(reading: Reading, level: int) -> int:
    """The value G4 compares within one type: G2 order, or natural rank for sequences."""
    rank = reading.rank
    if rank == level and reading.type not in SEQUENCE_TYPES:
        return LEVEL_ORDER
    return rank


def beats(play: Reading, previous: Reading, level: int) -> bool:
    """G4: does ``play`` beat ``previous``? Equal never beats."""
    # tier() and order() inlined: this runs for every play that follows another.
    combo = play.type
    play_tier = _BOMB_TIER[play.size] if combo is _BOMB else _TIERS.get(combo, 0)
    previous_tier = _BOMB_TIER[previous.size] if previous.type is _BOMB else _TIERS.get(previous.type, 0)
    if play_tier or previous_tier:
        if play_tier != previous_tier:
            return play_tier > previous_tier
        # One step of the ladder holds one type: bombs of one size compare by G2 order, straight
        # flushes by natural top card; the joker bomb is unique, so it never meets an equal.
    elif combo is not previous.type or play.size != previous.size:
        return False
    high, low = play.rank, previous.rank
    if combo not in SEQUENCE_TYPES:
        high = LEVEL_ORDER if high == level else high
        low = LEVEL_ORDER if low == level else low
    return high > low


def choose_reading(
    options: Iterable[Reading],
    *,
    previous: Reading | None,
    level: int,
    wild_default: str = "lowest",
) -> Reading | None:
    """G4 "Reading a play": the reading that applies when the player declared none.

    When following, only readings that beat ``previous`` count. Among them the strongest type
    wins (the joker bomb, then bombs and straight flushes by the ladder, then the non-bomb
    type), and within it the lowest rank (``wild_default="highest"``: the highest).
    None when no reading counts.
    """
    best: Reading | None = None
    best_key: tuple[int, int, int] | None = None
    sign = 1 if wild_default == "highest" else -1
    for reading in options:
        if previous is not None and not beats(reading, previous, level):
            continue
        key = (tier(reading), _NON_BOMB_PREFERENCE.get(reading.type, 0), sign * order(reading, level))
        if best_key is None or key > best_key:
            best, best_key = reading, key
    return best


def match_declared(
    options: Iterable[Reading],
    declared_type: str | None,
    declared_rank: int | None,
    *,
    level: int,
    previous: Reading | None = None,
    wild_default: str = "lowest",
) -> Reading | None:
    """G4: the reading the player declared, among ``options``.

    A declaration gives the type, or the type and the rank. With the type only, the reading is
    chosen among that type's readings as :func:`choose_reading` would (so it must beat
    ``previous`` when given). None when the declaration matches no reading that counts.
    """
    matching = [
        r
        for r in options
        if (declared_type is None or r.type == declared_type)
        and (declared_rank is None or r.rank == declared_rank)
    ]
    return choose_reading(matching, previous=previous, level=level, wild_default=wild_default)
