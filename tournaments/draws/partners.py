"""Which meetings a Swiss round considers at all (docs/rules/guandan.md G11).

A complete graph on 1,000 pairs has 500,000 candidate meetings, far too many for a draw that
must take seconds, so each place of the ranking is offered only the places within ``k`` of it
*and* its ``free_k`` nearest free partners above and below it (``free``: a pair of another unit that
it has not met). The second part matters when one unit holds a large share of the field (issue
38: a unit of 338 pairs in 680): there the places within ``k`` of a pair are mostly its own
unit's, so a window of places alone left it too few partners in its own score group, and the
matching over that window, blocks and runs alike, took floats of several points that a draw
over every possible meeting avoids.

Each place ``x`` meets the places down to ``below[x]`` and up to ``above[x]``, so that the
certificate of ``runs.py`` finds a place's candidates across a cut without building the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence


class Candidates:
    """The candidate meetings of ``nodes`` (ranking places, best first), by position."""

    def __init__(
        self, nodes: Sequence[int], *, k: int, free: Callable[[int, int], bool], free_k: int | None = None
    ) -> None:
        size = len(nodes)
        free_k = k if free_k is None else free_k
        self.size = size
        self.below: list[int] = []  # the last position each one reaches down to
        self.above: list[int] = []  # the first position each one reaches up to
        for x in range(size):
            found, y = 0, x
            while y + 1 < size and (y - x < k or found < free_k):
                y += 1
                found += free(nodes[x], nodes[y])
            self.below.append(y)
        for x in range(size):
            found, y = 0, x
            while y > 0 and (x - y < k or found < free_k):
                y -= 1
                found += free(nodes[y], nodes[x])
            self.above.append(y)
        # The furthest positions whose own reach takes ``x`` in, the other way.
        self.last_up = list(range(size))  # the last y > x with above[y] <= x
        self.first_down = list(range(size))  # the first y < x with below[y] >= x
        for y in range(size):
            for x in range(self.above[y], y):
                self.last_up[x] = max(self.last_up[x], y)
            for x in range(y + 1, self.below[y] + 1):
                self.first_down[x] = min(self.first_down[x], y)

    def meets(self, x: int, y: int) -> bool:
        low, high = min(x, y), max(x, y)
        return high <= self.below[low] or low >= self.above[high]

    def down(self, x: int, lo: int, hi: int) -> Iterator[int]:
        """The candidates of ``x`` below it in positions ``[lo, hi)``."""
        reach = self.below[x]
        yield from range(max(lo, x + 1), min(hi, reach + 1))
        for y in range(max(lo, reach + 1), min(hi, self.last_up[x] + 1)):
            if self.above[y] <= x:
                yield y

    def up(self, x: int, lo: int, hi: int) -> Iterator[int]:
        """The candidates of ``x`` above it in positions ``[lo, hi)``."""
        reach = self.above[x]
        yield from range(max(lo, reach), min(hi, x))
        for y in range(max(lo, self.first_down[x]), min(hi, reach)):
            if self.below[y] >= x:
                yield y

    def edges(self, lo: int = 0, hi: int | None = None) -> Iterator[tuple[int, int]]:
        """Every candidate meeting ``(x, y)``, ``x < y``, inside positions ``[lo, hi)``."""
        hi = self.size if hi is None else hi
        for x in range(lo, hi):
            for y in self.down(x, lo, hi):
                yield x, y

    def jumps_over(self, lo: int, hi: int) -> bool:
        """Whether a candidate meeting joins a place above ``[lo, hi)`` to one below it."""
        return any(self.below[x] >= hi for x in range(lo)) or any(
            self.above[y] < lo for y in range(hi, self.size)
        )
