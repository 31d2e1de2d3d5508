"""Random event histories for the draw property tests (docs/rules/guandan.md G11), and a brute-force
oracle."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations

from hypothesis import strategies as st

from tournaments.draws import Draw, Entrant


@st.composite
def histories(draw, *, min_size: int = 2, max_size: int = 9, max_points: int = 4) -> list[Entrant]:
    """Pairs in standings order with random points, units, byes and symmetric past meetings."""
    size = draw(st.integers(min_size, max_size))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=size, max_size=size, unique=True))
    all_meetings = list(combinations(ids, 2))
    met = draw(st.lists(st.sampled_from(all_meetings), unique=True, max_size=len(all_meetings)))
    opponents: dict[int, set[int]] = {pair: set() for pair in ids}
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    entrants = [
        Entrant(
            id=pair,
            points=float(draw(st.integers(0, max_points))),
            unit=draw(st.sampled_from([None, "a", "b", "c"])),
            had_bye=draw(st.booleans()),
            opponents=frozenset(opponents[pair]),
            ns_count=draw(st.integers(0, 3)),
            ew_count=draw(st.integers(0, 3)),
        )
        for pair in ids
    ]
    return sorted(entrants, key=lambda entrant: -entrant.points)


@st.composite
def random_fields(draw, *, least: int, most: int, units: tuple[int, int], most_rounds: int) -> list[Entrant]:
    """A field of ``least``–``most`` pairs in standings order after up to ``most_rounds`` random
    rounds: points, old opponents, byes (one pair in ten) and units (``units``: how many, drawn)."""
    size = draw(st.integers(least, most))
    rng = random.Random(draw(st.integers(0, 2**32)))
    unit_count = draw(st.integers(*units))
    rounds = draw(st.integers(0, most_rounds))
    ids = list(range(1, size + 1))
    met: dict[int, set[int]] = {k: set() for k in ids}
    for _ in range(rounds):
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=False):
            met[a].add(b)
            met[b].add(a)
    entrants = [
        Entrant(
            id=k,
            seeding=k,
            points=float(rng.randrange(2 * rounds + 1)),
            opponents=frozenset(met[k]),
            had_bye=rng.random() < 0.1,
            unit=rng.randrange(unit_count) if rng.random() < 0.8 else None,
        )
        for k in range(1, size + 1)
    ]
    return sorted(entrants, key=lambda entrant: -entrant.points)


def swiss_history(
    *, size: int, rounds: int, units: list[int | None], seed: int, shared: int | None = None
) -> list[Entrant]:
    """``size`` pairs after ``rounds`` rounds paired down the standings (avoiding old opponents
    greedily), scored 2 / 1 / 0 at random, the bye as a win; in standings order. With ``shared``
    the two pairs of a match share that many points at random instead (as level points are),
    and a bye scores all of them: many score groups, as in issue 38's 680-pair event."""
    rng = random.Random(seed)
    entrants = {k: Entrant(id=k, seeding=k, unit=units[k % len(units)]) for k in range(1, size + 1)}
    for _ in range(rounds):
        free = sorted(entrants.values(), key=lambda entrant: (-entrant.points, rng.random()))
        while len(free) > 1:
            first = free.pop(0)
            other = free.pop(next((k for k, e in enumerate(free[:20]) if not first.has_met(e)), 0))
            if shared is None:
                won = rng.choice([(2.0, 0.0), (1.0, 1.0), (0.0, 2.0)])
            else:
                part = float(rng.randrange(shared + 1))
                won = (part, shared - part)
            for me, you, points in ((first, other, won[0]), (other, first, won[1])):
                entrants[me.id] = replace(
                    entrants[me.id], points=me.points + points, opponents=me.opponents | {you.id}
                )
        if free:
            bye = 2.0 if shared is None else float(shared)
            entrants[free[0].id] = replace(free[0], points=free[0].points + bye, had_bye=True)
    return sorted(entrants.values(), key=lambda entrant: -entrant.points)


def perfect_matchings(nodes: Sequence[int | None]) -> Iterator[list[tuple[int | None, int | None]]]:
    """Every way to pair ``nodes`` off (``None`` stands for the bye)."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for index, partner in enumerate(rest):
        for matching in perfect_matchings(rest[:index] + rest[index + 1 :]):
            yield [(first, partner), *matching]


def hard_vector(
    entrants: Sequence[Entrant], pairs: Sequence[tuple[int | None, int | None]]
) -> tuple[int, int, int, int, float]:
    """(rematches, second byes, same-unit meetings, bye's place from the bottom, Σ score gap²).

    The order of the Swiss draw's priorities (docs/rules/guandan.md G11): smaller is better, left first.
    """
    rank = {entrant.id: index for index, entrant in enumerate(entrants)}
    by_id = {entrant.id: entrant for entrant in entrants}
    rematches = repeat_byes = same_units = bye_place = 0
    gaps = 0.0
    for a, b in pairs:
        if a is None or b is None:
            pair = by_id[a if a is not None else b]
            repeat_byes += pair.had_bye
            bye_place = len(entrants) - 1 - rank[pair.id]
            continue
        x, y = by_id[a], by_id[b]
        rematches += x.has_met(y)
        same_units += x.same_unit(y)
        gaps += (x.points - y.points) ** 2
    return rematches, repeat_byes, same_units, bye_place, gaps


def best_vector(entrants: Sequence[Entrant]) -> tuple[int, int, int, int, float]:
    nodes: list[int | None] = [entrant.id for entrant in entrants]
    if len(nodes) % 2:
        nodes.append(None)
    return min(hard_vector(entrants, matching) for matching in perfect_matchings(nodes))


def draw_vector(entrants: Sequence[Entrant], draw: Draw) -> tuple[int, int, int, int, float]:
    return hard_vector(entrants, [(pairing.ns, pairing.ew) for pairing in draw.pairings])
