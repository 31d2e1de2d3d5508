"""The costs of a Swiss round's meetings and byes, by place in the ranking (docs/rules/guandan.md
G11): the tiers ``swiss.py`` lists, packed into integers (``matching.CostScale``), and the
candidate meetings (``partners.py``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.lots import pair_lots
from tournaments.draws.matching import GAP_RESOLUTION, JITTER, CostScale
from tournaments.draws.partners import Candidates
from tournaments.draws.types import Entrant, SameUnit, check_entrants


def free_partners(k: int) -> int:
    """The nearest free partners each way a place is offered beside its ``k`` places either side.

    Two thirds of ``k`` (16 of 24): where the 24 places already hold that many free partners
    (three units of a third each), nothing is added, and the round is as fast as before issue
    38; a unit of half the field still reaches 16 partners of other units each way, which keeps
    issue 38's 400-pair round at the optimum of every draw, where half of ``k`` does not
    (``tests/tournaments/test_draws_optimum.py``). All ``k`` gave a deep round of three units a
    half more meetings to match (196,000 against 133,000 at 5,000 pairs) and 1.6 times the time.
    """
    return max(1, 2 * k // 3)


def rank_entrants(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Entrants by points, best first; the given order (the standings, G10) breaks ties."""
    check_entrants(entrants)
    return sorted(entrants, key=lambda entrant: -entrant.points)


class SwissCosts:
    """The cost of every meeting and of every bye in a Swiss round, by place in the ranking."""

    def __init__(
        self,
        entrants: Sequence[Entrant],
        *,
        seed: int,
        same_unit: SameUnit,
        avoid_rematches: bool,
        soft_unit_points: float,
    ) -> None:
        self.ranked = rank_entrants(entrants)
        self.seed, self.same_unit, self.avoid_rematches = seed, same_unit, avoid_rematches
        points = [entrant.points for entrant in self.ranked]
        self.spread = max(points[0] - points[-1], soft_unit_points, 1.0)
        self.unit_penalty = self.gap(soft_unit_points) if same_unit == SameUnit.SOFT else 0
        self.scale = CostScale.build(entrants=len(self.ranked), max_soft=GAP_RESOLUTION + self.unit_penalty)
        self._candidates: dict[int, Candidates] = {}
        # By place, for the hot paths (every candidate meeting asks ``free`` and ``edge``): the
        # points, the lot keys, the unit (None when units are off or the pair has none) and the
        # places met, either way round as ``Entrant.has_met`` reads them.
        self._points = points
        self._keys = [entrant.lot_key for entrant in self.ranked]
        self._units = [None if same_unit == SameUnit.OFF else entrant.unit for entrant in self.ranked]
        place = {entrant.id: x for x, entrant in enumerate(self.ranked)}
        self._met: list[set[int]] = [set() for _ in self.ranked]
        if avoid_rematches:
            for x, entrant in enumerate(self.ranked):
                for opponent in entrant.opponents:
                    y = place.get(opponent)
                    if y is not None:
                        self._met[x].add(y)
                        self._met[y].add(x)
        self._lots = pair_lots(seed)

    def gap(self, x: float) -> int:
        # Relative to the spread of points so the weights stay bounded whatever the scoring scale.
        return round((x / self.spread) ** 2 * GAP_RESOLUTION)

    @property
    def points(self) -> list[float]:
        """The points by place, best first."""
        return self._points

    def allowed(self, i: int, j: int) -> bool:
        """Whether places ``i`` and ``j`` may meet without breaking a hard constraint."""
        unit = self._units[i]
        hard = self.same_unit == SameUnit.HARD and unit is not None and unit == self._units[j]
        return not hard and j not in self._met[i]

    def units(self, i: int, j: int) -> int:
        """An allowed meeting's cost above the seeded tie-break, in units of ``scale.soft``: its
        squared score gap, and a ``soft`` meeting inside a unit's penalty (``edge // soft``)."""
        unit = self._units[i]
        penalty = self.unit_penalty if unit is not None and unit == self._units[j] else 0
        return self.gap(self._points[i] - self._points[j]) + penalty

    def free(self, i: int, j: int) -> bool:
        """Whether places ``i`` and ``j`` may meet at no more than their score gap."""
        unit = self._units[i]
        return j not in self._met[i] and (unit is None or unit != self._units[j])

    def candidates(self, k: int) -> Candidates:
        """The candidate meetings of the ranking for ``k`` (``partners.py``)."""
        if k not in self._candidates:
            self._candidates[k] = Candidates(
                range(len(self.ranked)), k=k, free=self.free, free_k=free_partners(k)
            )
        return self._candidates[k]

    def near(self, k: int) -> Iterator[tuple[int, int]]:
        """The candidate meetings for ``k``, as ``matching.min_cost_matching`` asks for them."""
        return self.candidates(k).edges()

    def edge(self, i: int, j: int) -> int:
        scale, keys = self.scale, self._keys
        a, b = keys[i], keys[j]
        gap = (self._points[i] - self._points[j]) / self.spread
        cost = scale.soft * round(gap**2 * GAP_RESOLUTION) + self._lots(min(a, b), max(a, b)) % JITTER
        if j in self._met[i]:
            cost += scale.rematch
        unit = self._units[i]
        if unit is not None and unit == self._units[j]:
            cost += scale.same_unit if self.same_unit == SameUnit.HARD else scale.soft * self.unit_penalty
        return cost

    def bye(self, i: int) -> int:
        size = len(self.ranked)
        return self.scale.bye_step * (size - 1 - i) + (self.scale.repeat_bye if self.ranked[i].had_bye else 0)

    def total(self, played: Sequence[tuple[int, int]], bye: int | None) -> int:
        """The cost of a whole draw given as places in the ranking."""
        return sum(self.edge(i, j) for i, j in played) + (self.bye(bye) if bye is not None else 0)

    def ideal_bye(self) -> int | None:
        """The bye the rule asks for: the lowest-ranked pair without one (the lowest if all had one)."""
        size = len(self.ranked)
        if size % 2 == 0:
            return None
        return next((i for i in reversed(range(size)) if not self.ranked[i].had_bye), size - 1)
