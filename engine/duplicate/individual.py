"""The draw of an individual event (转蛋 / 个人赛: rotating partners; docs/duplicate.md "Individual
events"). Pure.

Every round seats the players four to a table: two partnerships facing each other. The draw tries
to give nobody a partner they had before, then nobody an opponent they met before, while that can
be avoided, and is reproducible from a seed (``engine.lots``).

How it decides, each round:

1. Who sits out when the players are not a multiple of four: those who sat out least, then by lot.
2. It builds ``ATTEMPTS`` seatings, each from a shuffle of the players by lot (seed, round,
   attempt), improved by swapping two players while a swap lowers the seating's cost; the cost
   counts, for every pair of partners, ``PARTNER_WEIGHT`` × the times they partnered before, and for
   every two opponents the times they met before (as partners or opponents, weighted 1).
3. The seating of the lowest cost is drawn (the first attempt among equals).

Players are given by any sortable id (their place in the registration order is the service's
choice) and identify nothing else; a table's first partnership sits NS.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeVar

from engine.errors import BadInput
from engine.lots import lot

P = TypeVar("P", bound=Hashable)
ATTEMPTS = 24
PARTNER_WEIGHT = 1000


@dataclass(frozen=True, slots=True)
class IndividualTable:
    ns: tuple[Hashable, Hashable]
    ew: tuple[Hashable, Hashable]


@dataclass(frozen=True, slots=True)
class IndividualRound:
    tables: tuple[IndividualTable, ...]
    sitting_out: tuple[Hashable, ...]


@dataclass
class History:
    """Who partnered and who met whom in the rounds drawn so far, and who sat out how often."""

    partners: dict[frozenset[Hashable], int]
    met: dict[frozenset[Hashable], int]
    byes: dict[Hashable, int]

    @classmethod
    def empty(cls) -> History:
        return cls(partners={}, met={}, byes={})

    def add(self, drawn: IndividualRound) -> None:
        for table in drawn.tables:
            for a, b in (table.ns, table.ew):
                key = frozenset((a, b))
                self.partners[key] = self.partners.get(key, 0) + 1
            for a in table.ns:
                for b in table.ew:
                    key = frozenset((a, b))
                    self.met[key] = self.met.get(key, 0) + 1
        for player in drawn.sitting_out:
            self.byes[player] = self.byes.get(player, 0) + 1


def _cost(order: Sequence[Hashable], history: History) -> int:
    cost = 0
    for t in range(0, len(order), 4):
        a, b, c, d = order[t : t + 4]
        cost += PARTNER_WEIGHT * (
            history.partners.get(frozenset((a, b)), 0) + history.partners.get(frozenset((c, d)), 0)
        )
        for x in (a, b):
            for y in (c, d):
                cost += history.met.get(frozenset((x, y)), 0) + history.partners.get(frozenset((x, y)), 0)
    return cost


def _table_cost(seats: Sequence[Hashable], history: History) -> int:
    return _cost(seats, history)


def _improve(order: list[Hashable], history: History) -> int:
    """Swap two players of different tables (or across a table) while that lowers the cost."""
    n = len(order)
    tables = [_table_cost(order[t : t + 4], history) for t in range(0, n, 4)]
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(n), 2):
            ti, tj = i // 4, j // 4
            if ti == tj and (i % 4) // 2 == (j % 4) // 2:
                continue  # partners swapping seats changes nothing
            order[i], order[j] = order[j], order[i]
            new_i = _table_cost(order[4 * ti : 4 * ti + 4], history)
            new_j = _table_cost(order[4 * tj : 4 * tj + 4], history) if tj != ti else new_i
            before = tables[ti] + (tables[tj] if tj != ti else 0)
            after = new_i + (new_j if tj != ti else 0)
            if after < before:
                tables[ti], tables[tj] = new_i, new_j
                improved = True
            else:
                order[i], order[j] = order[j], order[i]
    return sum(tables)


def _shuffle(items: list[Hashable], *parts: int) -> list[Hashable]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = lot(*parts, i) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def draw_round(
    players: Sequence[Hashable], history: History, *, seed: int, round_number: int
) -> IndividualRound:
    """One round's seating (see the module's docstring)."""
    if len(players) < 4:
        raise BadInput("too_few_players", "An individual round needs at least four players.", field="players")
    if len(set(players)) != len(players):
        raise BadInput("duplicate_player", "A player is listed twice.", field="players")
    ordered = sorted(players, key=lambda p: (str(type(p)), p))
    index = {player: i for i, player in enumerate(ordered)}
    out_count = len(ordered) % 4
    sitting_out: list[Hashable] = []
    if out_count:
        by_byes = sorted(
            ordered, key=lambda p: (history.byes.get(p, 0), lot(seed, round_number, 0xB7E, index[p]))
        )
        sitting_out = by_byes[:out_count]
    playing = [p for p in ordered if p not in set(sitting_out)]
    best: tuple[int, list[Hashable]] | None = None
    for attempt in range(ATTEMPTS):
        order = _shuffle(playing, seed, round_number, attempt)
        cost = _improve(order, history)
        if best is None or cost < best[0]:
            best = (cost, order)
        if cost == 0:
            break
    assert best is not None
    order = best[1]
    tables = tuple(
        IndividualTable(ns=(order[t], order[t + 1]), ew=(order[t + 2], order[t + 3]))
        for t in range(0, len(order), 4)
    )
    return IndividualRound(tables=tables, sitting_out=tuple(sorted(sitting_out, key=lambda p: index[p])))


def draw_rounds(players: Sequence[Hashable], rounds: int, *, seed: int) -> list[IndividualRound]:
    """``rounds`` rounds drawn one after another, each against the ones before."""
    history = History.empty()
    drawn = []
    for number in range(1, rounds + 1):
        one = draw_round(players, history, seed=seed, round_number=number)
        history.add(one)
        drawn.append(one)
    return drawn
