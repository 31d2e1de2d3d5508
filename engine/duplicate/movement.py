"""Which deal of the round a table plays k-th (docs/duplicate.md "Movements"). Pure.

- ``every_table``: every table plays the round's deals in the set's order (each table has its
  own boxes of every deal, or the deals are dealt again from the slips).
- ``rotating``: the boxes move: table ``t`` starts at the round's ``t``-th deal (wrapping round)
  and plays the others in order, so that one box of each deal per few tables is enough.
"""

from __future__ import annotations

from engine.errors import BadInput

MOVEMENTS = ("every_table", "rotating")


def board_of(*, movement: str, table: int, k: int, first: int, count: int) -> int:
    """The set's number of the ``k``-th deal (1-based) table ``table`` plays in a round that plays
    ``count`` deals from number ``first``; ``BadInput`` ``unknown_deal`` past the round's deals."""
    if not 1 <= k <= count:
        raise BadInput(
            "unknown_deal", f"This round plays {count} deals; there is no deal {k}.", field="number"
        )
    if movement == "rotating":
        return first + (k - 1 + table - 1) % count
    return first + k - 1


def number_at(*, movement: str, table: int, board: int, first: int, count: int) -> int:
    """The inverse of ``board_of``: which deal of its round (1-based) table ``table`` plays the set's
    deal ``board`` as."""
    offset = board - first
    if not 0 <= offset < count:
        raise BadInput("unknown_deal", f"The round plays no deal {board}.", field="board")
    if movement == "rotating":
        return (offset - (table - 1)) % count + 1
    return offset + 1
