"""A proof that a Swiss round is the best of every possible draw (docs/rules/guandan.md G11).

The draw is matched over candidate meetings only (``partners.py``), block by block or run by
run (``blocks.py``, ``runs.py``) or in one matching; each of those is the best over the
candidates, and the candidates leave out most meetings of a large field. Issue 38 asks that a
round be kept only when it costs what one matching over **every** meeting would, in every
tier. This module checks that for a drawn round ``U``, in time close to linear in the field.

**Tiers.** ``U`` breaks no hard constraint and gives the bye to the lowest pair without one (the
caller checks both). Every other draw either breaks a hard constraint or gives the bye
elsewhere, and then costs more in a higher tier, or it meets only *allowed* pairs (no rematch,
``hard`` units apart) and gives the same bye. Among the latter, ``U`` is the best in every tier
when no allowed draw costs fewer *units* (a meeting's cost above the seeded tie-break, its
score gap squared plus a ``soft`` unit meeting's penalty: ``cost // soft``).

**Alternating cycles.** Any allowed draw ``M`` with the same bye differs from ``U`` by disjoint
cycles that alternate meetings of ``M`` and of ``U``; ``M`` costs fewer units than ``U`` only if
one of them does. Write ``u'`` for ``u``'s opponent in ``U``. A cycle ``u1 - w1 = w1' = u2 - w2
...`` (``-`` an allowed meeting not in ``U``, ``=`` one of ``U``, ``u(k+1) = wk'``) is a closed
walk of arcs ``u -> w'`` in the directed graph ``D`` whose arc weighs ``T(u, w) - T(w, w')``;
the cycle's change in cost is the walk's weight. So if ``D`` has **potentials** ``p`` with
``p(w') <= p(u) + T(u, w) - T(w, w')`` for every allowed meeting ``u - w`` (and the same the
other way round), every closed walk weighs at least zero and no allowed draw beats ``U``.

**Odd cuts.** Potentials alone rarely exist: a score group with an odd number of pairs above its
lower edge sends a float down, and ``D`` then holds a closed walk that meets around the float at
no cost and counts the float twice. Every draw crosses such a cut at least once (an odd number
of places above it), so a cut the round crosses exactly once gets a weight ``z``, a share of
that meeting's units (``_odd_cuts``), and a meeting's *reduced* units are its units less the
``z`` of the cuts it crosses. Every draw's reduced total is at most its total less all the
``z``, and the round's is exactly that, so a round with no cheaper draw in reduced units has no
cheaper draw in units: the argument above runs on the reduced units. (These are the odd-set
duals of Edmonds' matching polytope, restricted to the ranking's cuts.)

**Finding and checking the potentials.** ``p`` is the shortest distance from a virtual source
in ``D`` restricted to the candidate meetings (Bellman–Ford). A negative cycle there means no
proof (``U`` may still be the best): the caller draws the round over every allowed meeting. The
check over every allowed meeting does not list the ``n²/2`` meetings: a meeting's reduced units
are at least the squared gap of its two score groups less their difference in ``z`` (cuts fall
only between score groups), so for each place ``u`` and each score group only the places ``w``
whose ``key(w) = T(w, w') + p(w')`` exceeds that bound plus ``p(u)`` are looked at one by one,
best key first. Potentials that fail on a meeting may be found again with its arcs added (up to
``rounds`` times); a meeting that still fails is returned, and the caller adds it to the
candidates and draws again. Issue 38's 680-pair round is proved in about 0.3 s.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.draws.matching import shortest_potentials


@dataclass(kw_only=True)
class Certificate:
    """The outcome of ``certify``: proved, or the meetings that broke the potentials."""

    proved: bool
    missing: list[tuple[int, int]] = field(default_factory=list)
    negative_cycle: bool = False


def certify(
    *,
    played: Sequence[tuple[int, int]],
    points: Sequence[float],
    candidates: Iterable[tuple[int, int]],
    units: Callable[[int, int], int],
    allowed: Callable[[int, int], bool],
    gap: Callable[[float], int],
    limit: int = 512,
    rounds: int = 8,
) -> Certificate:
    """Whether no allowed draw of the places in ``played`` costs fewer units than ``played``.

    ``played`` are the round's meetings as places (lower first), the bye left out; ``points``
    the places' points, best first; ``candidates`` the meetings the round was matched over;
    ``units(i, j)`` a meeting's cost in units, at least ``gap(points[i] - points[j])`` for an
    allowed meeting; ``allowed(i, j)`` whether it keeps every hard constraint. At most ``limit``
    failing meetings are returned.
    """
    mate: dict[int, int] = {}
    for i, j in played:
        mate[i], mate[j] = j, i
    nodes = sorted(mate)
    index = {v: x for x, v in enumerate(nodes)}
    shift = _odd_cuts(nodes, mate, points, units)

    def reduced(i: int, j: int) -> int:
        return units(i, j) - abs(shift[i] - shift[j])

    own = {v: reduced(min(v, w), max(v, w)) for v, w in mate.items()}
    arcs: list[tuple[int, int, int]] = []

    def add(i: int, j: int) -> None:
        cost = reduced(i, j)
        arcs.append((index[i], index[mate[j]], cost - own[j]))
        arcs.append((index[j], index[mate[i]], cost - own[i]))

    for i, j in candidates:
        if i in mate and j in mate and mate[i] != j and allowed(i, j):
            add(i, j)
    # Score groups, each with its places.
    groups: dict[float, list[int]] = {}
    for v in nodes:
        groups.setdefault(points[v], []).append(v)
    added: set[tuple[int, int]] = set()
    for _ in range(rounds):
        found = shortest_potentials(len(nodes), arcs)
        if found is None:
            return Certificate(proved=False, negative_cycle=True, missing=sorted(added))
        potential = {v: found[index[v]] for v in nodes}
        missing = _failing(groups, mate, own, potential, points, reduced, allowed, gap, shift, limit)
        if not missing:
            return Certificate(proved=True)
        # Potentials that also hold for these meetings may exist: look again with them in.
        for i, j in missing:
            added.add((i, j))
            add(i, j)
    return Certificate(proved=False, missing=sorted(added))


def _failing(
    groups: dict[float, list[int]],
    mate: dict[int, int],
    own: dict[int, int],
    potential: dict[int, int],
    points: Sequence[float],
    units: Callable[[int, int], int],
    allowed: Callable[[int, int], bool],
    gap: Callable[[float], int],
    shift: dict[int, int],
    limit: int,
) -> list[tuple[int, int]]:
    """The allowed meetings whose arcs the potentials break (at most ``limit``); ``units`` are
    the reduced ones, at least the groups' gap less their difference in ``shift``."""
    key = {w: own[w] + potential[mate[w]] for w in mate}
    ordered = {value: sorted(places, key=lambda w: -key[w]) for value, places in groups.items()}
    keys = {value: [-key[w] for w in places] for value, places in ordered.items()}
    missing: list[tuple[int, int]] = []
    for u in mate:
        for value, places in ordered.items():
            # Only the places w with key(w) > gap + p(u) can fail, the best keys first.
            threshold = gap(points[u] - value) - abs(shift[u] - shift[places[0]]) + potential[u]
            for w in places[: bisect_right(keys[value], -threshold - 1)]:
                if w == u or w == mate[u] or not allowed(min(u, w), max(u, w)):
                    continue
                if units(min(u, w), max(u, w)) + potential[u] < key[w]:
                    missing.append((min(u, w), max(u, w)))
                    if len(missing) >= limit:
                        return missing
    return missing


def _odd_cuts(
    nodes: list[int], mate: dict[int, int], points: Sequence[float], units: Callable[[int, int], int]
) -> dict[int, int]:
    """Each place's ``shift``: the weights ``z`` of the cuts above it, summed.

    A cut between two score groups with an odd number of places above it is crossed by every
    draw at least once; where the round crosses it exactly once, it gets ``z``, a share of that
    meeting's units. A meeting's units less the ``z`` of the cuts it crosses are its *reduced*
    units; every draw's reduced total is at most its total less all the ``z``, the round's is
    exactly that, so a round the best in reduced units is the best in units. Without the cuts
    an odd score group's float has no potentials (its members meet around it at no cost in a
    closed walk that uses the float twice).
    """
    size = len(nodes)
    position = {v: x for x, v in enumerate(nodes)}
    crossing = [0] * (size + 1)
    for v in nodes:
        if v < mate[v]:
            crossing[position[v] + 1] += 1
            crossing[position[mate[v]] + 1] -= 1
    eligible, count = [], 0
    for k in range(1, size):
        count += crossing[k]
        if k % 2 and count == 1 and points[nodes[k - 1]] != points[nodes[k]]:
            eligible.append(k)
    weight = [0] * (size + 1)
    for v in nodes:
        if v < mate[v]:
            low, high = position[v], position[mate[v]]
            cuts = eligible[bisect_right(eligible, low) : bisect_right(eligible, high)]
            for k in cuts:
                weight[k] = units(v, mate[v]) // len(cuts)
    shift, total = {}, 0
    for x, v in enumerate(nodes):
        total += weight[x]
        shift[v] = total
    return shift
