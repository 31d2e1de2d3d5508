"""Minimum-cost perfect matching over a sparse candidate graph (docs/rules/guandan.md G11).

The Swiss and first-round draws are weighted matchings: every possible meeting gets an integer
cost and the draw is the perfect matching of least total cost, found by Edmonds' blossom
algorithm in a maintained library (rustworkx when installed, networkx otherwise; both are exact,
so they return the same draw whenever the optimum is unique, which the random jitter makes
almost certain).

Speed: a complete graph on 1,000 pairs has 500,000 edges, far too many for a draw that must take
seconds. Entrants are therefore given in an order where good partners are close (the ranking),
and only meetings near in it are candidates (for the Swiss draw, ``partners.py``: within
``window`` places, and each pair's ``2 * window // 3`` nearest free partners either way). The result is
the true optimum over that candidate graph. It is widened only when it had to break a hard
constraint or give the bye elsewhere than the rule does: the offenders
get edges to everybody and the window doubles, until the violation disappears, a known lower
bound shows it cannot (a unit holding more than half the pairs), or the graph is complete. So a
hard constraint is only ever reported broken when no perfect matching at all avoids it. The
price is paid only then: a complete graph on 1,000 pairs takes several seconds. Even the window
graph grows worse than quadratically with the field, so fields of more than a few hundred pairs
are first matched block by block (``blocks.py``).

Costs are lexicographic tiers packed into one integer (``CostScale``): each tier's unit is larger
than everything the tiers below can add up to over a whole matching.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations
from types import ModuleType

from engine.lots import lot
from tournaments.draws.types import DrawError, ErrorCode

_rx: ModuleType | None
try:  # rustworkx runs the same blossom algorithm about 50 times faster than networkx.
    import rustworkx as _rx
except ImportError:  # pragma: no cover - depends on the environment
    _rx = None

BACKEND = "rustworkx" if _rx is not None else "networkx"

# Range of the random tie-break on each edge. Wide enough that two different draws with equal
# cost are very unlikely (isolation lemma: below edges / JITTER), so the draw does not depend on
# the library's own tie-breaking.
JITTER = 1 << 24
# Resolution of a squared score gap, relative to the spread of points in the round.
GAP_RESOLUTION = 1 << 24
# Beyond this, weights no longer fit the 128-bit integers rustworkx works with.
_MAX_WEIGHT = 1 << 120


def jitter(seed: int, a: int, b: int) -> int:
    """The random tie-break of the meeting of ``a`` and ``b``: the same whichever order they come in."""
    return lot(seed, min(a, b), max(a, b)) % JITTER


@dataclass(frozen=True, kw_only=True)
class CostScale:
    """Integer weights of the cost tiers, from least to most important.

    ``soft`` (one unit of score gap or soft penalty) < ``bye_step`` (one place further from the
    bottom for the bye) < ``same_unit`` (hard setting) < ``repeat_bye`` < ``rematch``.
    """

    soft: int
    bye_step: int
    same_unit: int
    repeat_bye: int
    rematch: int

    @classmethod
    def build(cls, *, entrants: int, max_soft: int) -> CostScale:
        """Scale for ``entrants`` nodes whose soft cost per edge is at most ``max_soft`` units."""
        edges = entrants // 2 + 1
        soft = JITTER * edges
        bye_step = soft * max_soft * edges + soft
        same_unit = bye_step * (entrants + 1)
        # Only one edge of a matching can be a bye, so one repeat_bye unit is enough headroom.
        repeat_bye = same_unit * (edges + 1)
        rematch = repeat_bye * 2
        if rematch * edges >= _MAX_WEIGHT:
            raise DrawError(ErrorCode.IMPOSSIBLE_DRAW, "too many entrants for the cost scale")
        return cls(soft=soft, bye_step=bye_step, same_unit=same_unit, repeat_bye=repeat_bye, rematch=rematch)


def min_cost_matching(
    *,
    size: int,
    edge_cost: Callable[[int, int], int],
    near: Callable[[int], Iterable[tuple[int, int]]],
    window: int,
    hard: int,
    bye_cost: Callable[[int], int] | None = None,
    unavoidable: Callable[[list[tuple[int, int]], int | None], bool] | None = None,
    bye_wanted: int | None = None,
    backend: str | None = None,
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair nodes ``0 .. size-1`` at least total cost; return the pairs (low, high) and the bye.

    ``near(k)`` yields the candidate pairs (i, j), i < j, for window ``k``; it must contain a
    perfect matching (with the bye when ``bye_cost`` is given). An edge costing ``hard`` or more
    breaks a hard constraint and makes the search widen. With ``bye_cost`` (odd ``size``) a
    dummy node stands for the bye and is joined to every node. ``unavoidable(pairs, bye)`` may
    prove that a result's hard violations are the fewest possible (a lower bound is reached),
    which saves widening to the complete graph. A bye given elsewhere than ``bye_wanted`` (the
    place the rule gives it) widens too, at both places: the window alone may have moved it.
    """
    costs: dict[tuple[int, int], int] = {}
    widened: set[int] = set()
    byes = [bye_cost(i) for i in range(size)] if bye_cost is not None else []
    k = max(1, window)
    while True:
        complete = k >= size - 1
        if complete:
            candidates: Iterable[tuple[int, int]] = combinations(range(size), 2)
        else:
            rows = {(min(v, u), max(v, u)) for v in widened for u in range(size) if u != v}
            candidates = set(near(k)) | rows
        edges = []
        for pair in candidates:
            cost = costs.get(pair)
            if cost is None:
                cost = costs[pair] = edge_cost(*pair)
            edges.append((pair[0], pair[1], cost))
        edges.extend((i, size, cost) for i, cost in enumerate(byes))
        matched = _perfect_matching(size + (1 if byes else 0), edges, backend or BACKEND)
        if matched is None:
            if complete:
                raise DrawError(ErrorCode.IMPOSSIBLE_DRAW, "no perfect matching")
            k *= 2
            continue
        pairs = sorted((min(a, b), max(a, b)) for a, b in matched)
        bye = next((a for a, b in pairs if b == size), None) if byes else None
        played = [(a, b) for a, b in pairs if b != size]
        offenders = {v for a, b in played if costs[(a, b)] >= hard for v in (a, b)}
        if bye is not None and byes[bye] >= hard:
            offenders.add(bye)
        if bye is not None and bye_wanted is not None and bye != bye_wanted:
            offenders |= {bye, bye_wanted}
        if not offenders or complete or (unavoidable is not None and unavoidable(played, bye)):
            return played, bye
        # Offenders get edges to everybody while that stays cheap; the window doubles anyway.
        if len(widened | offenders) * size <= 4 * len(edges):
            widened |= offenders
        k *= 2


def match_edges(nodes: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """The perfect matching of least cost over ``edges`` (a, b, cost), pairs (low, high), or None."""
    matched = _perfect_matching(nodes, edges, BACKEND)
    return None if matched is None else sorted((min(a, b), max(a, b)) for a, b in matched)


def _perfect_matching(
    nodes: int, edges: list[tuple[int, int, int]], backend: str
) -> set[tuple[int, int]] | None:
    # Both libraries maximise weight; maximum cardinality first makes the matching perfect when
    # one exists, and weight = top - cost turns "most weight" into "least cost".
    top = max((cost for _, _, cost in edges), default=0) + 1
    weighted = [(a, b, top - cost) for a, b, cost in edges]
    matched: set[tuple[int, int]]
    if backend == "rustworkx":
        assert _rx is not None, "the rustworkx backend needs rustworkx installed"
        rx_graph = _rx.PyGraph()
        rx_graph.add_nodes_from(range(nodes))
        rx_graph.add_edges_from(weighted)
        matched = _rx.max_weight_matching(rx_graph, max_cardinality=True, weight_fn=int)
    else:
        import networkx as nx

        nx_graph: nx.Graph[int] = nx.Graph()
        nx_graph.add_nodes_from(range(nodes))
        nx_graph.add_weighted_edges_from(weighted)
        matched = nx.max_weight_matching(nx_graph, maxcardinality=True)
    return matched if 2 * len(matched) == nodes else None


def shortest_potentials(nodes: int, arcs: list[tuple[int, int, int]]) -> list[int] | None:
    """Each node's shortest distance over ``arcs`` (a, b, weight) from a source with a free arc
    to every node (Bellman–Ford), or None when a cycle weighs less than zero."""
    source = nodes
    every = [*arcs, *((source, v, 0) for v in range(nodes))]
    if BACKEND == "rustworkx":
        assert _rx is not None
        graph = _rx.PyDiGraph()
        graph.add_nodes_from(range(nodes + 1))
        graph.add_edges_from(every)
        try:
            found = dict(_rx.digraph_bellman_ford_shortest_path_lengths(graph, source, float))
        except _rx.NegativeCycle:
            return None
    else:
        import networkx as nx

        nx_graph: nx.DiGraph[int] = nx.DiGraph()
        nx_graph.add_nodes_from(range(nodes + 1))
        # Parallel arcs keep their least weight.
        least: dict[tuple[int, int], int] = {}
        for a, b, weight in every:
            least[(a, b)] = min(weight, least.get((a, b), weight))
        nx_graph.add_weighted_edges_from((a, b, w) for (a, b), w in least.items())
        try:
            found = nx.single_source_bellman_ford_path_length(nx_graph, source)
        except nx.NetworkXUnbounded:
            return None
    # Every node is reached by its free arc; distances are sums of integers.
    return [round(found.get(v, 0)) for v in range(nodes)]
