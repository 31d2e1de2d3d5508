"""A drawn round's pairings in figures (docs/desk.md "Rounds"; G11): each table's pairs with the
points they carried into the round and their score group, and how far a float went.

The points are those of the rounds before (``histories``: the event's match points over confirmed
results, G9), which is what the draw paired on — a draw waits for the earlier rounds to be settled
(``services.unsettled``), so they are the same unless a result was corrected since. A score group is
the pairs with equal points, numbered from the top (1: the most points); a float is a table whose
pairs come from different groups: ``float_points`` is their points apart, ``float_groups`` how many
groups apart they are.
"""

from __future__ import annotations

from typing import Any

from tournaments.models import Round
from tournaments.selectors.pages import histories
from tournaments.selectors.tables import seat_rows


def draw_figures(round_: Round) -> dict[str, Any]:
    """The score groups of the pairs the round placed, and each table in figures, by table."""
    matches = list(
        round_.matches.order_by("table").values_list(
            "pk", "table", "ns_pair_id", "ns_pair__number", "ew_pair_id", "ew_pair__number", "flags"
        )
    )
    seats = seat_rows([pk for pk, _, ns, *_ in matches if ns is None])
    seated = {pair for table in seats.values() for _, pair in table}
    numbers = dict(round_.event.pairs.filter(pk__in=seated).values_list("pk", "number"))
    past = histories(round_.event, before=round_.number)

    def points(pair: int) -> float:
        record = past.get(pair)
        return record.points if record else 0.0

    placed: list[list[tuple[int, int]]] = []  # each table's (pair id, number)
    for pk, _, ns, ns_number, ew, ew_number, _ in matches:
        if ns is None:
            placed.append([(pair, numbers[pair]) for _, pair in seats.get(pk, [])])
        else:
            placed.append([(ns, ns_number), *([(ew, ew_number)] if ew is not None else [])])
    everyone = [pair for table in placed for pair, _ in table]
    levels = sorted({points(pair) for pair in everyone}, reverse=True)
    group = {value: index for index, value in enumerate(levels, start=1)}
    sizes = {value: sum(1 for pair in everyone if points(pair) == value) for value in levels}
    tables = []
    for (_, table, *_, flags), pairs in zip(matches, placed, strict=True):
        rows = [
            {"number": number, "points": points(pair), "group": group[points(pair)]} for pair, number in pairs
        ]
        spread = [row["points"] for row in rows]
        groups = [row["group"] for row in rows]
        tables.append(
            {
                "table": table,
                "pairs": rows,
                "flags": list(flags or []),
                "float_points": max(spread) - min(spread) if rows else 0.0,
                "float_groups": max(groups) - min(groups) if rows else 0,
            }
        )
    return {
        "round": round_.number,
        "groups": [{"group": group[v], "points": v, "pairs": sizes[v]} for v in levels],
        "tables": tables,
    }
