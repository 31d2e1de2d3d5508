"""A large Swiss round paired block by block of the ranking (docs/rules/guandan.md G11).

One blossom matching over a whole field grows worse than quadratically: 1,000 pairs take a
quarter of a second, 5,000 pairs ten, 10,000 pairs far more. So a large field is cut, down the
ranking, into blocks of about ``block`` pairs, each matched on its own over the same candidate
graph and costs as the whole field; the time then grows linearly with the field.

The union of the blocks is only kept with a certificate that no draw of the whole field does
better in any tier above the seeded tie-break (``swiss.py`` checks it): no rematch, no second
bye, no same-unit meeting, the bye on the lowest pair without one, and a score-gap cost equal
to the least any pairing can reach (the ranking paired off in order, two by two). Otherwise the
caller draws the whole field in one matching, as small fields always are. Blocks start at even
places of the ranking without the bye, so the blocks' own least gap costs add up to the field's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

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
    near: Callable[[int], Callable[[int], Iterable[tuple[int, int]]]],
    window: int,
    hard: int,
) -> list[tuple[int, int]]:
    """Pair ``places`` (an even count, in ranking order) block by block; pairs are (better, worse).

    ``edge_cost`` takes two places of the whole field; ``near(size)`` is the candidate graph of
    a block of ``size`` places, in the block's own numbering.
    """
    played: list[tuple[int, int]] = []
    for run in blocks_of(places, block):
        pairs, _ = min_cost_matching(
            size=len(run),
            edge_cost=lambda i, j, run=run: edge_cost(run[i], run[j]),
            near=near(len(run)),
            window=window,
            hard=hard,
        )
        played.extend((run[i], run[j]) for i, j in pairs)
    return played
