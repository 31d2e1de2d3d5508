"""Knockout brackets (淘汰制, RULES.md G11).

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

from collections import defaultdict
from collections.abc import Collection, Sequence
from itertools import combinations

from tournaments.draws.matching import lot
from tournaments.draws.seating import annotate, relaxed_of, seat_draw, seat_pair
from tournaments.draws.types import Draw, DrawError, Entrant, ErrorCode, Flag, Pairing, check_entrants


def bracket_order(n: int) -> tuple[int, ...]:
    """Seed numbers in bracket order, top to bottom; places 2k and 2k+1 meet in round one.

    >>> bracket_order(8)
    (1, 8, 4, 5, 3, 6, 2, 7)
    """
    if n < 2 or n & (n - 1):
        raise DrawError(ErrorCode.INVALID_SIZE, f"a bracket has a power of two places, not {n}")
    order = (1, 2) if n == 2 else (1, 4, 3, 2)
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
    are drawn by seeded lot, and ``seed`` also settles ties between equally good tier swaps.
    """
    check_entrants(entrants)
    count = len(entrants)
    size = max(2, 1 << (count - 1).bit_length())
    order = bracket_order(size)
    # place[k]: bracket position (0-based, top down) of the entrant in seed order k.
    position_of_seed = {seed_number: index for index, seed_number in enumerate(order)}
    place = [position_of_seed[k + 1] for k in range(count)]
    if separate_units:
        _separate_units(entrants, place, size=size, seed=seed)
    at_position: dict[int, Entrant] = {position: entrants[k] for k, position in enumerate(place)}
    pairings = []
    for table in range(1, size // 2 + 1):
        upper, lower = at_position.get(2 * table - 2), at_position.get(2 * table - 1)
        if upper is None or lower is None:
            pair = upper or lower
            pairings.append(Pairing(table=table, ns=pair.id))
            continue
        ns, ew = seat_pair(upper, lower, seed=seed)
        pairings.append(Pairing(table=table, ns=ns, ew=ew))
    annotated = annotate(pairings, entrants, floats=False)
    relaxed = relaxed_of(annotated, ignore={Flag.REMATCH, Flag.REPEAT_BYE})
    halves = tuple(f"{Flag.SAME_HALF}:{a}-{b}" for a, b in _same_half(entrants, place, size=size))
    return Draw(pairings=annotated, seed=seed, relaxed=tuple(sorted(relaxed + halves)))


def next_knockout_round(
    previous: Sequence[Pairing], winners: Collection[int], *, seed: int | None = None
) -> tuple[Pairing, ...]:
    """The next round: the winner of table 1 meets the winner of table 2, and so on (seed 000).

    ``winners`` are the ids of the pairs whose confirmed results won; a bye's pair advances by
    itself. Seats: the winner of the upper table sits N–S, or, with ``seed``, they are drawn.
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
    return pairings if seed is None else seat_draw(pairings, seed=seed)


def _separate_units(entrants: Sequence[Entrant], place: list[int], *, size: int, seed: int) -> None:
    """Trade places within tiers, best trade first, while it makes same-unit meetings later."""
    rounds = size.bit_length() - 1
    by_unit: dict[int | str, list[int]] = defaultdict(list)
    for k, entrant in enumerate(entrants):
        if entrant.unit is not None:
            by_unit[entrant.unit].append(k)
    mates = {k: [m for m in members if m != k] for members in by_unit.values() for k in members}
    # An earlier meeting outweighs any number of later ones; meeting in the final is fine.
    base = len(entrants) ** 2 + 1
    weights = [base ** (rounds - r) if r < rounds else 0 for r in range(rounds + 1)]

    def cost(k: int) -> int:
        return sum(weights[(place[k] ^ place[m]).bit_length()] for m in mates.get(k, ()))

    # Byes belong to the top seeds, so a pair facing a bye only trades with another that does.
    order = bracket_order(size)
    tiers: dict[tuple[int, bool], list[int]] = defaultdict(list)
    for k in range(len(entrants)):
        tiers[seeding_tier(k + 1), order[place[k] ^ 1] > len(entrants)].append(k)
    tier_of = {k: key for key, members in tiers.items() for k in members}
    while True:
        best: tuple[int, int, int, int] | None = None
        for a in sorted(k for k in mates if cost(k) > 0):
            for b in tiers[tier_of[a]]:
                if b == a or entrants[b].unit == entrants[a].unit:
                    continue
                before = cost(a) + cost(b)
                place[a], place[b] = place[b], place[a]
                delta = cost(a) + cost(b) - before
                place[a], place[b] = place[b], place[a]
                key = (delta, lot(seed, min(a, b), max(a, b)), a, b)
                if delta < 0 and (best is None or key < best):
                    best = key
        if best is None:
            return
        a, b = best[2], best[3]
        place[a], place[b] = place[b], place[a]


def _same_half(entrants: Sequence[Entrant], place: list[int], *, size: int) -> list[tuple[int, int]]:
    halves: dict[tuple[int | str, bool], list[int]] = defaultdict(list)
    for k, entrant in enumerate(entrants):
        if entrant.unit is not None:
            halves[entrant.unit, place[k] < size // 2].append(entrant.id)
    return [(min(a, b), max(a, b)) for ids in halves.values() for a, b in combinations(ids, 2)]
