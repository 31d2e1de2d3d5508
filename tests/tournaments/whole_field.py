"""An outside checker of a Swiss round: the best of every possible draw over the whole field
(docs/rules/guandan.md G11, docs/events.md "Which meetings are considered"), and fields shaped
like issue 38's 680-pair event, drawn round by round through the draw itself.

The checker shares nothing with the draw but ``Entrant``: one maximum-weight matching
(Edmonds' blossom algorithm, networkx by default) over **every** allowed meeting of the field
(no rematch, no meeting inside a unit with ``same_unit: hard``, no second bye), weighted by the
draw's tiers below the hard ones: first the bye's place from the bottom, then the sum of
squared score gaps. networkx takes minutes on 680 pairs (170,000 meetings) on a loaded machine;
``backend="rustworkx"`` runs the same algorithm compiled, in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import networkx as nx
import rustworkx as rx

from tournaments.draws import Draw, Entrant, first_round_draw, swiss_draw

from .histories import hard_vector

Tiers = tuple[int, int, int, int, float]


def best_of_every_draw(field: Sequence[Entrant], *, backend: str = "networkx") -> Tiers:
    """(rematches, second byes, same-unit meetings, bye's place from the bottom, Σ gap²) of the
    best draw with no rematch, no second bye and no meeting inside a unit."""
    size = len(field)
    halves = [round(entrant.points * 2) for entrant in field]  # points in halves: exact integers
    widest = (max(halves) - min(halves)) ** 2
    bye_unit = widest * (size // 2 + 1) + 1  # one place of the bye outweighs every gap
    top = bye_unit * (size + 1)
    edges = [
        (i, j, top - (halves[i] - halves[j]) ** 2)
        for i, a in enumerate(field)
        for j in range(i + 1, size)
        if not a.has_met(field[j]) and not a.same_unit(field[j])
    ]
    if size % 2:
        edges += [(i, size, top - bye_unit * (size - 1 - i)) for i, e in enumerate(field) if not e.had_bye]
    nodes = size + size % 2
    matched: set[tuple[int, int]]
    if backend == "rustworkx":
        graph = rx.PyGraph()
        graph.add_nodes_from(range(nodes))
        graph.add_edges_from(edges)
        matched = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    else:
        nx_graph: nx.Graph[int] = nx.Graph()
        nx_graph.add_nodes_from(range(nodes))
        nx_graph.add_weighted_edges_from(edges)
        matched = nx.max_weight_matching(nx_graph, maxcardinality=True)
    assert 2 * len(matched) == nodes, "the field has no draw without a hard violation"
    gaps = sum((halves[i] - halves[j]) ** 2 for i, j in matched if max(i, j) < size) / 4
    bye = next((size - 1 - min(i, j) for i, j in matched if max(i, j) == size), 0)
    return 0, 0, 0, bye, gaps


def drawn_tiers(field: Sequence[Entrant], draw: Draw) -> Tiers:
    """The same tiers of a drawn round (``histories.hard_vector``)."""
    return hard_vector(field, [(pairing.ns, pairing.ew) for pairing in draw.pairings])


def issue_38_event(*, pairs: int, unit: int, rounds: int, seed: int, shared: int = 10) -> list[Entrant]:
    """Issue 38's event after ``rounds`` rounds: ``unit`` pairs in one unit, the others in units
    of twelve (numbers shuffled), a random first round and Swiss rounds drawn by the draw itself
    (``same_unit: hard``), each match sharing ``shared`` points at random (as level points
    are) and a bye scoring all of them: about ``rounds * shared`` score groups. Standings order."""
    rng = random.Random(seed)
    units: list[int] = [0] * unit + [1 + k // 12 for k in range(pairs - unit)]
    rng.shuffle(units)
    field = [Entrant(id=n, number=n, seeding=n, unit=units[n - 1]) for n in range(1, pairs + 1)]
    for number in range(1, rounds + 1):
        if number == 1:
            draw = first_round_draw(field, seed=seed, method="random")
        else:
            draw = swiss_draw(field, seed=seed + number)
        by_id = {entrant.id: entrant for entrant in field}
        for pairing in draw.pairings:
            ns = by_id[pairing.ns]
            if pairing.ew is None:
                by_id[ns.id] = replace(ns, points=ns.points + shared, had_bye=True)
                continue
            ew = by_id[pairing.ew]
            part = float(rng.randrange(shared + 1))
            by_id[ns.id] = replace(ns, points=ns.points + part, opponents=ns.opponents | {ew.id})
            by_id[ew.id] = replace(ew, points=ew.points + shared - part, opponents=ew.opponents | {ns.id})
        # Standings: points, then seed (docs/events.md "Swiss, later rounds").
        field = sorted(by_id.values(), key=lambda entrant: (-entrant.points, entrant.seeding))
    return field
