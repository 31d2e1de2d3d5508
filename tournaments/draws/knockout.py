"""Knockout brackets (淘汰制, docs/rules/guandan.md G11).

Seeding follows the national text's table for 16: 1v16, 8v9, 4v13, 5v12, 3v14, 6v11, 2v15,
7v10, read from the top of the bracket down. The same scheme for any power of two: the semi-final
bracket is 1v4 above 3v2 (seeds 1 and 2 at the two ends), and each doubling puts seed ``s``'s
first opponent ``2m + 1 - s`` right below it, so the favourites of each half always meet as late
as possible. A field that is not a power of two is padded with byes, which fall to the top seeds.

Pairs of one unit go to different halves where possible (G11): seeds may trade places only
inside their seeding tier (1 | 2 | 3–4 | 5–8 | 9–16 | …), which is what a draw by lot within tiers
could have produced anyway. What cannot be separated is listed in ``Draw.relaxed`` as
``same_half``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

from engine.lots import lot
from tournaments.draws.seating import annotate, relaxed_of, seat_draw, seat_pair
from tournaments.draws.types import (
    Draw,
    DrawError,
    DrawNote,
    Entrant,
    ErrorCode,
    Flag,
    Pairing,
    check_entrants,
)

# Trades tried after the greedy placement: enough for any real event, bounded for a huge bracket.
_IMPROVE_BUDGET = 20_000


def bracket_order(n: int) -> tuple[int, ...]:
    """Seed numbers in bracket order, top to bottom; places 2k and 2k+1 meet in round one.

    >>> bracket_order(8)
    (1, 8, 4, 5, 3, 6, 2, 7)
    """
    if n < 2 or n & (n - 1):
        raise DrawError(ErrorCode.INVALID_SIZE, f"a bracket has a power of two places, not {n}")
    order: tuple[int, ...] = (1, 2) if n == 2 else (1, 4, 3, 2)
    while len(order) < n:
        size = 2 * len(order)
        order = tuple(place for seed in order for place in (seed, size + 1 - seed))
    return order


def seeding_tier(seed: int) -> int:
    """Tier of a seed number: 1 → 0, 2 → 1, 3–4 → 2, 5–8 → 3, 9–16 → 4, …"""
    return (seed - 1).bit_length()


def knockout_draw(entrants: Sequence[Entrant], *, seed: int, separate_units: bool = True) -> Draw:
    """The first round of a knockout (G11) for ``entrants`` in seed order, strongest first.

    Tables are the matches in bracket order; byes (``ew is None``) go to the top seeds. Seats
    are drawn by seeded lot, and ``seed`` also settles ties between equally good places.
    """
    check_entrants(entrants)
    size = max(2, 1 << (len(entrants) - 1).bit_length())
    place = _places(entrants, size=size, seed=seed, separate_units=separate_units)
    at_position: dict[int, Entrant] = {position: entrants[k] for k, position in enumerate(place)}
    pairings = []
    for table in range(1, size // 2 + 1):
        upper, lower = at_position.get(2 * table - 2), at_position.get(2 * table - 1)
        if upper is None or lower is None:
            pair = upper or lower
            assert pair is not None  # more entrants than half the places: no match is empty
            pairings.append(Pairing(table=table, ns=pair.id))
            continue
        ns, ew = seat_pair(upper, lower, seed=seed)
        pairings.append(Pairing(table=table, ns=ns, ew=ew))
    annotated = annotate(pairings, entrants, floats=False)
    relaxed = relaxed_of(annotated, ignore={Flag.REMATCH, Flag.REPEAT_BYE})
    halves = tuple(DrawNote.of(Flag.SAME_HALF, a, b) for a, b in _same_half(entrants, place, size=size))
    return Draw(pairings=annotated, seed=seed, relaxed=tuple(sorted(relaxed + halves)))


def next_knockout_round(
    previous: Sequence[Pairing],
    winners: Collection[int],
    *,
    seed: int | None = None,
    keys: Mapping[int, int] | None = None,
) -> tuple[Pairing, ...]:
    """The next round: the winner of table 1 meets the winner of table 2, and so on (掼蛋比赛活动方案).

    ``winners`` are the ids of the pairs whose confirmed results won; a bye's pair advances by
    itself. Seats: the winner of the upper table sits N–S, or, with ``seed``, they are drawn
    (by lots keyed on ``keys``, the pairs' numbers by id: ``seat_draw``).
    """
    ordered = sorted(previous, key=lambda pairing: pairing.table)
    if len(ordered) < 2 or len(ordered) % 2:
        raise DrawError(ErrorCode.INVALID_BRACKET, f"{len(ordered)} matches do not make a next round")
    placed = {pair for pairing in ordered for pair in pairing.entrants}
    strangers = sorted(set(winners) - placed)
    if strangers:
        raise DrawError(ErrorCode.UNKNOWN_WINNER, f"pair {strangers[0]} did not play this round")
    advancing = []
    for pairing in ordered:
        won = [pair for pair in pairing.entrants if pair in winners]
        if pairing.ew is None:
            won = [pairing.ns]
        if not won:
            raise DrawError(ErrorCode.MISSING_WINNER, f"table {pairing.table} has no confirmed winner")
        if len(won) > 1:
            raise DrawError(ErrorCode.TWO_WINNERS, f"table {pairing.table} has two winners")
        advancing.append(won[0])
    pairings = tuple(
        Pairing(table=index + 1, ns=advancing[2 * index], ew=advancing[2 * index + 1])
        for index in range(len(advancing) // 2)
    )
    return pairings if seed is None else seat_draw(pairings, seed=seed, keys=keys)


class _Spread:
    """How many pairs of each unit sit in each block of the bracket, to price a place quickly.

    Two places meet in round r when they share a block of 2^r places but not of 2^(r-1). A
    meeting in round r costs ``base ** (rounds - r)``: an earlier meeting outweighs any number of
    later ones, and meeting in the final costs nothing (the pairs are in different halves).
    """

    def __init__(self, *, rounds: int, base: int):
        self.rounds = rounds
        self.weights = [base ** (rounds - r) for r in range(rounds + 1)]
        self.count: Counter[tuple[int | str, int, int]] = Counter()

    def add(self, unit: int | str | None, position: int, step: int = 1) -> None:
        if unit is not None:
            for level in range(self.rounds + 1):
                self.count[unit, level, position >> level] += step

    def cost(self, unit: int | str | None, position: int) -> int:
        """Cost of the unit's meetings from ``position``, not counting a pair placed there itself."""
        if unit is None:
            return 0
        total, below = 0, self.count[unit, 0, position]
        for level in range(1, self.rounds):
            here = self.count[unit, level, position >> level]
            total += self.weights[level] * (here - below)
            below = here
        return total


def _places(entrants: Sequence[Entrant], *, size: int, seed: int, separate_units: bool) -> list[int]:
    """Bracket position (0-based, top down) of each entrant, in seed order.

    Without units every seed takes its own place. Otherwise, tier by tier, each pair takes the
    place of its tier where it meets its unit latest, preferring its own place, then one left
    free by a pair that moved; then single trades within tiers improve what is left, up to a
    fixed amount of work so that a huge bracket stays fast.
    """
    order = bracket_order(size)
    count = len(entrants)
    own = {seed_number: index for index, seed_number in enumerate(order)}
    own_place = [own[k + 1] for k in range(count)]
    if not separate_units or all(entrant.unit is None for entrant in entrants):
        return own_place
    # Byes belong to the top seeds, so a pair facing a bye only trades with another that does.
    tiers: dict[tuple[int, bool], list[int]] = defaultdict(list)
    for k in range(count):
        tiers[seeding_tier(k + 1), order[own_place[k] ^ 1] > count].append(k)
    tier_of = {k: key for key, members in tiers.items() for k in members}
    owner = {position: k for k, position in enumerate(own_place)}
    spread = _Spread(rounds=size.bit_length() - 1, base=count * count + 1)
    place: list[int] = [-1] * count
    for members in tiers.values():
        free = {own_place[k] for k in members}
        for k in members:
            unit = entrants[k].unit
            chosen = min(
                free,
                key=lambda p: (spread.cost(unit, p), p != own_place[k], place[owner[p]] < 0, lot(seed, k, p)),
            )
            free.remove(chosen)
            place[k] = chosen
            spread.add(unit, chosen)
    _improve(entrants, place, tiers=tiers, tier_of=tier_of, spread=spread)
    return place


def _improve(
    entrants: Sequence[Entrant],
    place: list[int],
    *,
    tiers: dict[tuple[int, bool], list[int]],
    tier_of: dict[int, tuple[int, bool]],
    spread: _Spread,
) -> None:
    """Trade places within tiers while a trade makes some unit meet later (first trade found)."""
    budget = _IMPROVE_BUDGET
    improved = True
    while improved:
        improved = False
        for a, entrant in enumerate(entrants):
            if spread.cost(entrant.unit, place[a]) == 0:
                continue
            for b in tiers[tier_of[a]]:
                other = entrants[b].unit
                if b == a or other == entrant.unit:
                    continue
                budget -= 1
                if budget < 0:
                    return
                before = spread.cost(entrant.unit, place[a]) + spread.cost(other, place[b])
                spread.add(entrant.unit, place[a], -1)
                spread.add(other, place[b], -1)
                traded = spread.cost(entrant.unit, place[b]) + spread.cost(other, place[a]) < before
                if traded:
                    place[a], place[b] = place[b], place[a]
                spread.add(entrant.unit, place[a])
                spread.add(other, place[b])
                if traded:
                    improved = True
                    break


def _same_half(entrants: Sequence[Entrant], place: list[int], *, size: int) -> list[tuple[int, int]]:
    halves: dict[tuple[int | str, bool], list[int]] = defaultdict(list)
    for k, entrant in enumerate(entrants):
        if entrant.unit is not None:
            halves[entrant.unit, place[k] < size // 2].append(entrant.id)
    return [(min(a, b), max(a, b)) for ids in halves.values() for a, b in combinations(ids, 2)]
