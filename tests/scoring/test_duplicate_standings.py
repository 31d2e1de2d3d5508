"""The duplicate standings read the event's tiebreak chain (G10, docs/duplicate.md "Standings"):
pairs equal on percentage and matchpoints are split by the chain, read from the tables' match
results as every standings read it, and share a place or draw lots as the event says."""

from __future__ import annotations

import pytest

from tests.scoring.conftest import API
from tests.scoring.test_duplicate_event import EVENT, Duplicate, check

pytestmark = pytest.mark.django_db

# Two tables, two deals: each NS pair tops one deal and bottoms the other (every pair 50 %, 2
# matchpoints), but wins its table's match 3 to 1 by deal points (a 1-2 finish against a 1-4).
ORDERS = {1: (["N", "S"], ["E", "S", "N", "W"]), 2: (["E", "S", "N", "W"], ["N", "S"])}


def _played(chain: list[str], *, shared: bool = True) -> list[dict]:
    event = Duplicate(pairs=4, rounds=1, per_round=2)
    check(event.organizer.patch(f"{EVENT}/", {"tiebreaks": chain, "shared_places": shared}, format="json"))
    matches = event.draw(1)
    for match in matches:
        url = f"{API}/matches/{match['id']}"
        for k, order in enumerate(ORDERS[match["table"]], start=1):
            check(
                event.keeper.post(f"{url}/deals/", {"number": k, "finishing_order": order}, format="json"),
                201,
            )
        check(event.keeper.post(f"{url}/result", {}, format="json"), 201)
        check(event.referee.post(f"{url}/result/confirm", {}, format="json"))
    standings = check(event.organizer.get(f"{EVENT}/duplicate/standings/"))
    assert standings["tiebreaks"] == chain
    winners = {match["ns_pair"]["number"] for match in matches}
    return [dict(row, won=row["pair"]["number"] in winners) for row in standings["rows"]]


def test_g10_pairs_level_on_percentage_are_split_by_the_events_chain():
    rows = _played(["wins"])
    assert {row["percent"] for row in rows} == {50.0} and {row["total"] for row in rows} == {2.0}
    assert [row["place"] for row in rows] == [1, 1, 3, 3]
    assert [row["won"] for row in rows] == [True, True, False, False]
    assert [row["tiebreaks"]["wins"] for row in rows] == [1, 1, 0, 0]
    assert [row["decided_by"] for row in rows] == [None, "wins", None, None]
    assert [row["shared"] for row in rows] == [True] * 4


def test_g10_what_the_chain_leaves_tied_draws_lots_when_places_are_not_shared():
    rows = _played(["wins"], shared=False)
    assert [row["place"] for row in rows] == [1, 2, 3, 4]
    assert [row["decided_by"] for row in rows] == ["lots", "wins", "lots", None]
    assert all("lots" in row["tiebreaks"] for row in rows)
