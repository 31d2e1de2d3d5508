"""Round-robin groups (循环, docs/rules/guandan.md G11): Berger schedules and snake seeding.

``berger_schedule`` writes the FIDE Berger tables, a circle method: the last pair stays put
while the others turn around it, ``n/2`` places a round, so every pair meets every other exactly
once. Round one is 1–N, 2–(N−1), … With an odd count a bye slot takes the fixed place.

Seats: the fixed pair changes side every round and, in the other matches, the pair ``k`` places
after the round's anchor sits North–South against the pair ``k`` places before it. Every pair gets
as many N–S as E–W rounds, give or take one, never three rounds running on one side, and with a
bye slot the sides strictly alternate.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.draws.types import DrawError, ErrorCode


def berger_schedule(ids: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Rounds of (North–South, East–West) matches; ``(pair, None)`` is a bye (G11 循环).

    >>> berger_schedule([1, 2, 3, 4])
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    if not ids:
        raise DrawError(ErrorCode.NO_ENTRANTS, "no pairs in the group")
    if len(ids) < 2:
        raise DrawError(ErrorCode.TOO_FEW_ENTRANTS, "a round robin needs at least two pairs")
    if len(set(ids)) != len(ids):
        raise DrawError(ErrorCode.DUPLICATE_ENTRANT, "a pair is listed twice")
    slots: list[int | None] = list(ids) + ([None] if len(ids) % 2 else [])
    fixed = slots[-1]
    turning = len(slots) - 1
    rounds = []
    for number in range(turning):
        anchor = number * len(slots) // 2 % turning
        matches = [(slots[anchor], fixed) if number % 2 == 0 else (fixed, slots[anchor])]
        for k in range(1, len(slots) // 2):
            matches.append((slots[(anchor + k) % turning], slots[(anchor - k) % turning]))
        rounds.append(_with_bye_last(matches))
    return rounds


def snake_groups(ids_in_seed_order: Sequence[int], group_count: int) -> list[list[int]]:
    """Split seeded pairs into groups by snake seeding: 1→A, 2→B, …, then back from the last group.

    >>> snake_groups([1, 2, 3, 4, 5, 6, 7], 3)
    [[1, 6, 7], [2, 5], [3, 4]]
    """
    if group_count < 1 or group_count > len(ids_in_seed_order):
        raise DrawError(
            ErrorCode.INVALID_SETTING, f"cannot make {group_count} groups of {len(ids_in_seed_order)} pairs"
        )
    groups: list[list[int]] = [[] for _ in range(group_count)]
    for index, pair in enumerate(ids_in_seed_order):
        lap, step = divmod(index, group_count)
        groups[step if lap % 2 == 0 else group_count - 1 - step].append(pair)
    return groups


def _with_bye_last(matches: list[tuple[int | None, int | None]]) -> list[tuple[int, int | None]]:
    # A bye is written (pair, None), after the played matches, so tables count played matches.
    played: list[tuple[int, int | None]] = [(a, b) for a, b in matches if a is not None and b is not None]
    # A match holds at most one bye, so each bye match gives its one pair.
    byes: list[tuple[int, int | None]] = [
        (pair, None) for a, b in matches if a is None or b is None for pair in (a, b) if pair is not None
    ]
    return played + byes
