"""Tables of four for individual card games (docs/events.md, Tables of four; docs/rules/doudizhu.md D1, D8).

Four-player Dou Dizhu (斗地主) seats four players at a table, each scoring for themselves (D8), so
a round is not a set of pairings but a split of the field into tables of four. The service's
decisions for that draw:

- **Who is drawn.** ``Entrant.opponents`` are the ids of everyone already met at a table in this
  event, ``points`` the points so far, ``had_bye`` whether the entrant already sat a round out.
  Fewer than four entrants is ``too_few_entrants``; an id listed twice is ``duplicate_entrant``.
- **Ranking.** Points, highest first; ties by ``seeding`` (1 = strongest, unseeded last), then by
  a seeded lot (抽签), so a stored seed replays the same ranking.
- **Byes (轮空).** ``n % 4`` entrants sit out: the lowest-ranked who have not had a bye. Only when
  fewer than that many are left without one does a bye go, again from the bottom, to someone who
  had one, and that repeat bye is listed in ``relaxed``. Unlike the Swiss draw, a bye is never
  moved up to avoid a rematch: a table of four has so many ways to split that it rarely helps.
- **First round** (``first_round`` given). ``random``: the players in seeded-lot order, four at a
  time, table 1 first. ``seeded``: a snake over the tables in seeding order (seeds 1, 2, … T go to
  tables 1 … T, then T+1 … 2T back from table T to 1, and so on), so the strong players are spread
  one per table. A first round does not look at histories, but reports what it produced.
- **Later rounds** (``first_round`` is ``None``): score groups. The ranking is cut into
  consecutive groups of four, then players are swapped between tables, one pair of players at a
  time, while a swap lowers, in this order, (1) the number of repeated meetings (two players at
  one table who met before: each such pair counts once) and (2) the spread of points within the
  tables (the sum over tables of the squared differences of its players' points). Swaps are tried
  between neighbouring tables first; while a table still holds a rematch, between it and every
  other table; if rematches remain, a short tabu search (seeded, within a fixed count of swaps
  looked at, so not machine-dependent) looks for a draw with fewer. Within that count a rematch
  is reported only when no single swap removes it; 200 players draw in well under half a second.
  The search is local, so on a very dense history it may miss a draw with fewer rematches.
  Table 1 is the table of the best-ranked player, table 2 of the best-ranked player left, etc.
- **Seats** N, E, S, W at each table: a seeded lot, standing for the card draw at the table (G11).
- **Units.** Keeping players of one unit (单位) apart is not part of this draw.
- **Flags** on a table: ``rematch`` when two of its players met before, ``float`` (later rounds
  only) when its four players do not all have the same points. ``relaxed`` lists one
  ``rematch:<a>-<b>`` per repeated meeting and one ``repeat_bye:<id>`` per repeated bye, sorted.

Pure Python, no Django; points are compared exactly (every float is a multiple of one power of
two), so the same entrants and seed give the same draw on any machine.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from engine.lots import lot
from tournaments.draws.types import DrawError, DrawNote, Entrant, ErrorCode, FirstRound, Flag

TABLE_SIZE = 4
_RANK_SALT = 0x7AB1
_SEAT_SALT = 0x5EA4
# Swaps the search may look at beyond neighbouring tables, and how many steps a moved player stays put.
_BUDGET = 100_000
_TABU = 2


@dataclass(frozen=True)
class Table:
    """One table of a round: ``seats`` are the entrant ids at N, E, S, W."""

    table: int
    seats: tuple[int, int, int, int]
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class TablesDraw:
    """A round of tables of four, the byes (in ranking order), what was relaxed and the seed."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    relaxed: tuple[DrawNote, ...]
    seed: int


def tables_draw(
    entrants: Sequence[Entrant], *, seed: int, first_round: FirstRound | None = None
) -> TablesDraw:
    """Draw a round of tables of four (see the module docstring for the rules)."""
    _check(entrants)
    if first_round is not None:
        try:
            first_round = FirstRound(first_round)
        except ValueError:
            raise DrawError(
                ErrorCode.INVALID_SETTING,
                f"first_round must be one of {', '.join(FirstRound)}, not {first_round!r}",
            ) from None
    ranked = rank_players(entrants, seed=seed)
    playing, byes = _split_byes(ranked)
    if first_round == FirstRound.RANDOM:
        order = sorted(playing, key=lambda entrant: lot(seed, entrant.lot_key))
        groups = [order[start : start + TABLE_SIZE] for start in range(0, len(order), TABLE_SIZE)]
    elif first_round == FirstRound.SEEDED:
        # A stable sort: equal seeds stay in ranking order, whose last tie-break is the lot.
        order = sorted(playing, key=_seeding_key)
        groups = snake(order, len(order) // TABLE_SIZE)
    else:
        groups = _score_groups(playing, seed=seed)
    tables = tuple(
        _table(number, group, seed=seed, floats=first_round is None)
        for number, group in enumerate(groups, start=1)
    )
    notes = [
        DrawNote.of(Flag.REMATCH, a.id, b.id)
        for group in groups
        for a, b in combinations(group, 2)
        if a.has_met(b)
    ]
    notes += [DrawNote.of(Flag.REPEAT_BYE, entrant.id) for entrant in byes if entrant.had_bye]
    return TablesDraw(tables=tables, byes=tuple(e.id for e in byes), relaxed=tuple(sorted(notes)), seed=seed)


def rank_players(entrants: Sequence[Entrant], *, seed: int) -> list[Entrant]:
    """Entrants best first: points, then seeding (unseeded last), then a seeded lot."""
    return sorted(entrants, key=lambda e: (-e.points, *_seeding_key(e)[:2], lot(seed, _RANK_SALT, e.lot_key)))


def snake(order: Sequence[Entrant], tables: int) -> list[list[Entrant]]:
    """Deal ``order`` over ``tables`` tables: 1 … T, then T … 1, and so on (蛇形排列)."""
    groups: list[list[Entrant]] = [[] for _ in range(tables)]
    for place, entrant in enumerate(order):
        lap, column = divmod(place, tables)
        groups[column if lap % 2 == 0 else tables - 1 - column].append(entrant)
    return groups


def _check(entrants: Sequence[Entrant]) -> None:
    seen: set[int] = set()
    keys: set[int] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise DrawError(ErrorCode.DUPLICATE_ENTRANT, f"player {entrant.id} is listed twice")
        if entrant.lot_key in keys:  # two players would draw the same lots
            raise DrawError(ErrorCode.DUPLICATE_ENTRANT, f"player number {entrant.lot_key} is listed twice")
        seen.add(entrant.id)
        keys.add(entrant.lot_key)
    if len(entrants) < TABLE_SIZE:
        raise DrawError(ErrorCode.TOO_FEW_ENTRANTS, "a table of four needs at least four players")


def _seeding_key(entrant: Entrant) -> tuple[bool, int]:
    return entrant.seeding is None, entrant.seeding or 0


def _split_byes(ranked: list[Entrant]) -> tuple[list[Entrant], list[Entrant]]:
    """(players, byes): the lowest-ranked without a bye sit out; a repeat bye only when they run out."""
    count = len(ranked) % TABLE_SIZE
    fresh = [index for index in reversed(range(len(ranked))) if not ranked[index].had_bye]
    again = [index for index in reversed(range(len(ranked))) if ranked[index].had_bye]
    out = set((fresh + again)[:count])
    playing = [entrant for index, entrant in enumerate(ranked) if index not in out]
    byes = [entrant for index, entrant in enumerate(ranked) if index in out]
    return playing, byes


def _score_groups(ranked: list[Entrant], *, seed: int) -> list[list[Entrant]]:
    """Consecutive groups of four in ranking order, improved by swaps (rematches, then spread)."""
    search = _Search(ranked, seed=seed)
    search.descend()
    if search.rematches:
        search.escape()
    # Table 1 holds the best-ranked player; inside a table, ranking order.
    return [[ranked[i] for i in sorted(group)] for group in sorted(search.groups, key=min)]


class _Search:
    """Swaps of two players between tables; players are places in the ranking (0 = best).

    The cost of a draw is (repeated meetings, Σ over tables of the squared point differences of
    its pairs of players), compared rematches first. ``budget`` counts the swaps looked at beyond
    the neighbouring-table descent, not time, so the draw does not depend on the machine.
    """

    def __init__(self, ranked: list[Entrant], *, seed: int):
        size = len(ranked)
        self.seed = seed
        self.budget = _BUDGET
        # Exact integer points: every float is an integer over a power of two, so one common
        # denominator makes all of them integers and the search never loops on rounding.
        ratios = [entrant.points.as_integer_ratio() for entrant in ranked]
        scale = max(denominator for _, denominator in ratios)
        self.points = [numerator * (scale // denominator) for numerator, denominator in ratios]
        self.met: list[set[int]] = [set() for _ in range(size)]
        for i, j in combinations(range(size), 2):
            if ranked[i].has_met(ranked[j]):
                self.met[i].add(j)
                self.met[j].add(i)
        self.groups = [list(range(start, start + TABLE_SIZE)) for start in range(0, size, TABLE_SIZE)]
        self.rematches = sum(self.table_rematches(t) for t in range(len(self.groups)))

    def table_rematches(self, t: int) -> int:
        return sum(j in self.met[i] for i, j in combinations(self.groups[t], 2))

    def delta(self, t: int, a: int, u: int, b: int) -> tuple[int, int]:
        """(Δ rematches, Δ spread) if the player at seat ``a`` of table ``t`` and ``b`` of ``u`` trade."""
        i, j = self.groups[t][a], self.groups[u][b]
        pi, pj, met_i, met_j, points = self.points[i], self.points[j], self.met[i], self.met[j], self.points
        rematches = spread = 0
        for k in self.groups[t]:
            if k != i:
                rematches += (k in met_j) - (k in met_i)
                spread += (pj - points[k]) ** 2 - (pi - points[k]) ** 2
        for k in self.groups[u]:
            if k != j:
                rematches += (k in met_i) - (k in met_j)
                spread += (pi - points[k]) ** 2 - (pj - points[k]) ** 2
        return rematches, spread

    def swap(self, t: int, a: int, u: int, b: int, rematches: int) -> None:
        self.groups[t][a], self.groups[u][b] = self.groups[u][b], self.groups[t][a]
        self.rematches += rematches

    def improve(self, t: int, u: int) -> bool:
        """Make the best swap between tables ``t`` and ``u`` if it lowers the cost."""
        best = min((self.delta(t, a, u, b), a, b) for a in range(TABLE_SIZE) for b in range(TABLE_SIZE))
        if best[0] >= (0, 0):
            return False
        self.swap(t, best[1], u, best[2], best[0][0])
        return True

    def descend(self) -> None:
        """Swap while a swap helps: neighbouring tables first, then a table holding a rematch with any."""
        count = len(self.groups)
        changed = True
        while changed:
            changed = False
            moved = True
            while moved:  # neighbouring tables: the swaps that cost the least spread
                moved = False
                for t in range(count - 1):
                    moved |= self.improve(t, t + 1)
            for t in range(count):
                for u in range(count):
                    if self.budget <= 0 or not self.rematches:
                        return
                    if u != t and self.table_rematches(t):
                        self.budget -= TABLE_SIZE * TABLE_SIZE
                        changed |= self.improve(min(t, u), max(t, u))

    def conflicts(self) -> Iterator[tuple[int, int, int, int]]:
        """(t, a, u, b): a player at table ``t`` who met someone there, and any seat elsewhere."""
        for t, group in enumerate(self.groups):
            for a, i in enumerate(group):
                if self.met[i].intersection(group):
                    for u in range(len(self.groups)):
                        if u != t:
                            yield from ((t, a, u, b) for b in range(TABLE_SIZE))

    def escape(self) -> None:
        """Tabu search out of a local minimum that still holds rematches, within the budget.

        Each step makes the swap of a player in a repeated meeting that leaves the fewest
        rematches, even when that is no fewer; a seeded lot breaks ties, so that the search
        wanders instead of cycling. A player moved in the last ``_TABU`` steps stays put unless
        the swap beats the best draw seen. The best draw seen is kept and descended from.
        """
        best = (self.rematches, [group[:] for group in self.groups])
        moved_at: dict[int, int] = {}
        step = 0
        while self.budget > 0 and best[0]:
            step += 1
            choice = None
            for t, a, u, b in self.conflicts():
                self.budget -= 1
                i, j = self.groups[t][a], self.groups[u][b]
                rematches = self.delta(t, a, u, b)[0]
                recent = min(step - moved_at.get(i, -_TABU), step - moved_at.get(j, -_TABU)) < _TABU
                if recent and self.rematches + rematches >= best[0]:
                    continue
                key = (rematches, lot(self.seed, step, i, j))
                if choice is None or key < choice[0]:
                    choice = (key, t, a, u, b)
            if choice is None:
                break
            (rematches, _), t, a, u, b = choice
            moved_at[self.groups[t][a]] = moved_at[self.groups[u][b]] = step
            self.swap(t, a, u, b, rematches)
            if self.rematches < best[0]:
                best = (self.rematches, [group[:] for group in self.groups])
        self.groups = best[1]
        self.rematches = best[0]
        self.descend()


def _table(number: int, group: Sequence[Entrant], *, seed: int, floats: bool) -> Table:
    seated = sorted(group, key=lambda entrant: lot(seed, _SEAT_SALT, entrant.lot_key))
    north, east, south, west = (entrant.id for entrant in seated)
    flags = []
    if any(a.has_met(b) for a, b in combinations(group, 2)):
        flags.append(str(Flag.REMATCH))
    if floats and len({entrant.points for entrant in group}) > 1:
        flags.append(str(Flag.FLOAT))
    return Table(table=number, seats=(north, east, south, west), flags=tuple(sorted(flags)))
