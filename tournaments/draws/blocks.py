"""A large Swiss round paired block by block of the ranking (docs/rules/guandan.md G11).

One blossom matching over a whole field grows worse than quadratically: a round of 1,000 pairs
took a quarter of a second, 5,000 pairs 8–9 s, 10,000 pairs 34–39 s (bench/draws.py). So a
large field is cut, down the ranking, into blocks of about ``block`` pairs, each matched on its
own over the same candidate graph and costs as the whole field; the time then grows linearly.

The union of the blocks is only kept with a certificate that no draw of the whole field does
better in any tier above the seeded tie-break (``swiss.py`` checks it): no rematch, no second
bye, no same-unit meeting, the bye on the lowest pair without one, and a score-gap cost equal
to the least any pairing can reach (the ranking paired off in order, two by two). Blocks start
at even places of the ranking without the bye, so the blocks' own least gap costs add up to the
field's and each block can be certified alone; one that fails is drawn again with its
neighbours (when the caller allows it: the Swiss draw does not, see below), and if that fails
too the caller draws the whole field in one matching, as small fields always are. A first round
by blocks (``first_round_by_blocks``) carries a stronger proof: it is the very same draw.

Where a Swiss block fails its certificate because no draw reaches the bound (rematches or
floats the whole field cannot avoid either, as in deep rounds with a few large units), merging
more blocks does not help; the Swiss draw turns to ``runs.py`` instead, whose bound per run
counts each pair's cheapest meeting outside its run. A first round where meetings inside units
are so dense that no block edge falls far from them (one unit holding a fifth of the field) is
still drawn in one matching, at the old price (``bench/draws.py`` times such rounds as
``fallback_*``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise

from tournaments.draws.matching import min_cost_matching

# Pairs per block: a block of this size takes about a tenth of a second, and fields up to this
# size are drawn in one matching, exactly as before blocks existed.
DEFAULT_BLOCK = 600


def blocks_of(places: Sequence[int], block: int) -> list[Sequence[int]]:
    """``places`` (an even count) cut into runs of ``block`` (rounded up to even), the last one
    taking a remainder shorter than half a block."""
    step = block + block % 2
    cuts = list(range(0, len(places), step))
    if len(cuts) > 1 and len(places) - cuts[-1] < step // 2:
        cuts.pop()
    ends = [*cuts[1:], len(places)]
    return [places[start:end] for start, end in zip(cuts, ends, strict=True)]


def pair_by_blocks(
    places: Sequence[int],
    *,
    block: int,
    edge_cost: Callable[[int, int], int],
    near: Callable[[Sequence[int]], Callable[[int], Iterable[tuple[int, int]]]],
    window: int,
    hard: int,
    good: Callable[[Sequence[int], list[tuple[int, int]]], bool],
    merges: int = 2,
) -> list[tuple[int, int]] | None:
    """Pair ``places`` (an even count, in ranking order) block by block; pairs are (better, worse).

    ``edge_cost`` takes two places of the whole field; ``near(run)`` is the candidate graph of
    the block ``run`` (its places), in the block's own numbering. Each block's pairs must be
    ``good`` (the caller's certificate, block by block); a block that is not is drawn again
    together with its neighbours, up to ``merges`` times, and None means it never was.
    """
    runs = blocks_of(places, block)
    if len(runs) == 1:
        return None  # one block is the whole field: the caller's matching does the same work
    found = []
    for run in runs:
        found.append(_pair_run(run, edge_cost=edge_cost, near=near, window=window, hard=hard))
        if not merges and not good(run, found[-1]):
            return None  # nothing may be joined: the first failure settles it
    for attempt in range(merges + 1):
        bad = [k for k, (run, pairs) in enumerate(zip(runs, found, strict=True)) if not good(run, pairs)]
        if not bad:
            return [pair for pairs in found for pair in pairs]
        if len(runs) == 1 or attempt == merges:
            return None
        # Each bad block joins its neighbours; joined runs still start at even places.
        spans: list[list[int]] = []
        for k in bad:
            low, high = max(0, k - 1), min(len(runs) - 1, k + 1)
            if spans and low <= spans[-1][1] + 1:
                spans[-1][1] = high
            else:
                spans.append([low, high])
        for low, high in reversed(spans):
            run = [place for part in runs[low : high + 1] for place in part]
            runs[low : high + 1] = [run]
            found[low : high + 1] = [_pair_run(run, edge_cost=edge_cost, near=near, window=window, hard=hard)]
    return None


def _pair_run(
    run: Sequence[int],
    *,
    edge_cost: Callable[[int, int], int],
    near: Callable[[Sequence[int]], Callable[[int], Iterable[tuple[int, int]]]],
    window: int,
    hard: int,
) -> list[tuple[int, int]]:
    # No widening: a block whose optimum breaks a hard constraint fails its certificate anyway,
    # and widening a block where a unit holds more than half its places went on to the complete
    # graph (47 s of a 1,000-pair round with a unit of half the field, bench/draws.py).
    pairs, _ = min_cost_matching(
        size=len(run),
        edge_cost=_renumbered(edge_cost, run),
        near=near(run),
        window=window,
        hard=hard,
        unavoidable=lambda played, bye: True,
    )
    return [(run[i], run[j]) for i, j in pairs]


def first_round_by_blocks(
    *,
    size: int,
    offset: int,
    block: int,
    window: int,
    edge_cost: Callable[[int, int], int],
    soft: int,
    hard: int,
) -> list[tuple[int, int]] | None:
    """A first round (ideal partner ``i + offset``) paired block by block, or None without proof.

    The ideal pairs are ``(k, k + offset)`` (seeded) or ``(2k, 2k + 1)`` (random); the last
    place of an odd field has the bye. A block is a run of ideal pairs, cut where no meeting
    inside a unit is near. The union ``U`` of the blocks' optima is kept when it meets no hard
    constraint, stays inside ``window`` and passes ``_far_from_cuts``; it is then exactly the
    whole-field optimum ``M``. Proof: ``M`` and ``U`` differ by alternating cycles. One inside a
    block would improve that block, so each crosses a block edge, and ``M`` being optimal, the
    cycle costs ``U`` at least as much as ``M`` (soft units; the jitter stays below one). So it
    passes through meetings of ``U`` that cost something (a repair, or a meeting kept inside a
    unit), otherwise the cycle costs ``U`` nothing and ``M`` at least one. Along the line (random)
    or circle (seeded) of ideal pairs, the cycle must cross every edge between such meetings and
    the block edge, each at least once at a cost, and a meeting ``d`` places from the ideal
    crosses at most ``|d| <= d²`` pair edges. So it costs both matchings together at least the
    distance it covers, which ``_far_from_cuts`` makes more than twice what ``U`` spends there.
    """
    seeded = offset > 1
    count = size // 2
    ideal = [(k, k + offset) if seeded else (2 * k, 2 * k + 1) for k in range(count)]
    half = max(1, block // 2)
    if seeded:
        # The pairs form a circle: turn it so that its first cut, too, falls far from trouble.
        costly = [k for k, (i, j) in enumerate(ideal) if edge_cost(i, j) >= soft]
        turn = _quiet_cut(costly, half // 4, half // 4) % count
        ideal = ideal[turn:] + ideal[:turn]
    flagged = [k for k, (i, j) in enumerate(ideal) if edge_cost(i, j) >= soft]
    cuts = [0, *(_quiet_cut(flagged, at, half // 4) for at in range(half, count - half // 2, half)), count]
    place = {v: k for k, pair in enumerate(ideal) for v in pair}
    played: list[tuple[int, int]] = []
    spending: list[tuple[int, int, int]] = []
    for start, end in pairwise(cuts):
        # In the field's order, so that a block's (x, y), x < y, are the field's (i, j), i < j.
        nodes = sorted(v for k in range(start, end) for v in ideal[k])
        local = {v: x for x, v in enumerate(nodes)}

        def near(
            k: int, nodes: list[int] = nodes, local: dict[int, int] = local
        ) -> Iterable[tuple[int, int]]:
            for x, i in enumerate(nodes):
                for j in range(i + offset - k, i + offset + k + 1):
                    y = local.get(j)
                    if y is not None and j > i:
                        yield x, y

        pairs, _ = min_cost_matching(
            size=len(nodes),
            edge_cost=_renumbered(edge_cost, nodes),
            near=near,
            window=window,
            hard=hard,
        )
        for x, y in pairs:
            i, j = nodes[x], nodes[y]
            cost = edge_cost(i, j)
            if cost >= hard or abs(j - i - offset) > window:
                return None
            played.append((i, j))
            if cost >= soft or place[i] != place[j]:
                low, high = sorted((place[i], place[j]))
                spending.append((low, high, cost // soft))
    inner = cuts if seeded else cuts[1:-1]
    spent = sum(cost for _, _, cost in spending)
    if seeded and 2 * spent >= count:  # a cycle round the whole circle must cost more than that
        return None
    return sorted(played) if _far_from_cuts(spending, inner) else None


def _far_from_cuts(spending: list[tuple[int, int, int]], cuts: list[int]) -> bool:
    """Whether every cluster of costly meetings lies more than twice its cost from every cut.

    ``spending`` holds (first pair, last pair, soft cost) of each costly meeting. Meetings are
    clustered until the gap between two neighbouring clusters is more than twice their joint
    cost, so that a cycle reaching several clusters covers gaps worth more than twice their cost.
    """
    clusters: list[list[int]] = []
    for low, high, cost in sorted(spending):
        clusters.append([low, high, cost])
        while len(clusters) > 1 and clusters[-1][0] - clusters[-2][1] <= 2 * (
            clusters[-2][2] + clusters[-1][2]
        ):
            _, high2, cost2 = clusters.pop()
            clusters[-1] = [clusters[-1][0], max(clusters[-1][1], high2), clusters[-1][2] + cost2]
    for low, high, cost in clusters:
        k = bisect_left(cuts, low + 1)
        # Cut c lies between pairs c - 1 and c: c - high edges to cross above, low - c + 1 below.
        above = cuts[k] - high if k < len(cuts) else None
        below = low - cuts[k - 1] + 1 if k > 0 else None
        if (above is not None and above <= 2 * cost) or (below is not None and below <= 2 * cost):
            return False
    return True


def _quiet_cut(flagged: list[int], at: int, slack: int) -> int:
    """The cut within ``slack`` of ``at`` furthest from every flagged pair (``flagged`` sorted)."""

    def room(cut: int) -> int:
        k = bisect_left(flagged, cut)
        after = flagged[k] - cut + 1 if k < len(flagged) else cut + slack * 4
        before = cut - flagged[k - 1] if k > 0 else cut + slack * 4
        return min(after, before)

    return max(range(at - slack, at + slack + 1), key=lambda cut: (room(cut), -abs(cut - at)))


def _renumbered(edge_cost: Callable[[int, int], int], nodes: Sequence[int]) -> Callable[[int, int], int]:
    """``edge_cost`` of the field asked in a block's own numbering (``nodes`` in field order)."""

    def cost(x: int, y: int) -> int:
        return edge_cost(nodes[x], nodes[y])

    return cost
