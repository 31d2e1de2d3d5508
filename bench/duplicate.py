"""Duplicate scoring (docs/duplicate.md): ``python -m bench.duplicate`` (``make bench`` runs it).

For pairs-duplicate sessions of 125, 250 and 500 tables × 24 deals (the growth), in ms (medians):

- ``engine``: the field comparison alone (engine/duplicate/scoring.py ``session_totals``: every
  deal's matchpoints, every pair's percentage) over results already in memory;
- ``standings``: ``scoring.selectors.duplicate.duplicate_standings``, the same from the database
  (every stored deal read, compared, ranked);
- ``traveller``: one deal's traveller through the API (``GET …/rounds/1/deals/1/traveller``,
  Django's test client, anonymous) and its selector alone; ``round_deals_api`` is the yardstick of
  the same run: a tiny answer (``GET …/rounds/1/deals/``) through the same middleware, view base
  and permission, so the traveller's own cost is the difference.

The goals (issue 37): a 500-table × 24-deal session scored in ≤ 2 s, a traveller read in ≤ 50 ms.
It runs in a throwaway test database as bench.scoring does (PostgreSQL with ``DATABASE_URL``, else
SQLite in memory).
"""

from __future__ import annotations

from bench.timing import median_ms

SIZES = (125, 250, 500)  # tables
DEALS = 24
ORDERS = (["N", "S"], ["N", "E", "S"], ["W", "N", "E"], ["E", "W"], ["S", "W", "E"], ["E", "S", "N", "W"])


def _order(table: int, board: int) -> list[str]:
    return ORDERS[(table * 7 + board * 3 + table * board) % len(ORDERS)]


def _session(tables: int):
    from engine.duplicate.dealing import generate
    from engine.duplicate.scoring import deal_points
    from engine.seats import Side
    from scoring.models import Deal, DealSet, DealSetDeal, DealSetSource, RoundDeals
    from tournaments.models import Event, EventStatus, Match, Pair, Player, Round, RoundStatus, Stage

    slug = f"bench-dup-{tables}"
    event = Event.objects.create(
        slug=slug,
        name=slug,
        status=EventStatus.PUBLISHED,
        game="guandan_duplicate",
        ruleset="guandan-duplicate",
        rule_overrides={"deals_per_round": DEALS},
    )
    players = Player.objects.bulk_create(Player(event=event, name=f"P{n}") for n in range(4 * tables))
    pairs = Pair.objects.bulk_create(
        Pair(event=event, number=n + 1, player_1=players[2 * n], player_2=players[2 * n + 1])
        for n in range(2 * tables)
    )
    stage = Stage.objects.create(event=event, name="Session")
    round_ = Round.objects.create(event=event, stage=stage, number=1, status=RoundStatus.CLOSED)
    matches = Match.objects.bulk_create(
        Match(round=round_, table=t + 1, ns_pair=pairs[2 * t], ew_pair=pairs[2 * t + 1], status="confirmed")
        for t in range(tables)
    )
    deal_set = DealSet.objects.create(
        event=event, name="S", source=DealSetSource.GENERATED, seed=1, algorithm=1
    )
    DealSetDeal.objects.bulk_create(
        DealSetDeal(
            deal_set=deal_set,
            number=d.number,
            level=d.level,
            leader=str(d.leader),
            hands=d.to_dict()["hands"],
        )
        for d in generate(1, DEALS)
    )
    RoundDeals.objects.create(round=round_, deal_set=deal_set, first=1, count=DEALS)
    rows = []
    for match in matches:
        for board in range(1, DEALS + 1):
            order = _order(match.table, board)
            points = deal_points(order)
            record = {
                "board": board,
                "level": "2",
                "leader": "N",
                "finishing_order": order,
                "points": {"NS": points[Side.NS], "EW": points[Side.EW]},
                "hands": None,
                "plays": None,
            }
            rows.append(Deal(match=match, number=board, record=record, content_hash=f"{match.pk}-{board}"))
    Deal.objects.bulk_create(rows, batch_size=2000)
    return event, round_


def _results(tables: int):
    from engine.duplicate.scoring import TableResult, deal_points

    return [
        [
            TableResult(table=t, ns=2 * t, ew=2 * t + 1, points=deal_points(_order(t, board)))
            for t in range(1, tables + 1)
        ]
        for board in range(1, DEALS + 1)
    ]


def _figures(tables: int) -> dict[str, float]:
    from django.db import connection as db
    from django.test import Client

    from engine.duplicate.scoring import session_totals
    from scoring.selectors.duplicate import deal_traveller, duplicate_standings

    results = _results(tables)
    figures = {"engine_ms": median_ms(lambda: session_totals(results), 5)}
    event, round_ = _session(tables)
    if db.vendor == "postgresql":
        with db.cursor() as cursor:
            cursor.execute("ANALYZE")
    assert len(duplicate_standings(event)["rows"]) == 2 * tables
    figures["standings_ms"] = median_ms(lambda: duplicate_standings(event), 5)
    figures["traveller_selector_ms"] = median_ms(lambda: deal_traveller(round_, 1), 9)
    client = Client()
    url = f"/api/v1/events/{event.slug}/rounds/1/deals/1/traveller"
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    assert len(response.json()["tables"]) == tables
    figures["traveller_api_ms"] = median_ms(lambda: client.get(url), 9)
    # The yardstick of the same run: a tiny answer through the same view base, permission and
    # middleware (the round's deals), so that the traveller's own cost reads apart.
    small = f"/api/v1/events/{event.slug}/rounds/1/deals/"
    figures["round_deals_api_ms"] = median_ms(lambda: client.get(small), 9)
    return {f"duplicate.{tables}x{DEALS}_{name}": round(value, 2) for name, value in figures.items()}


def main() -> dict[str, float]:
    from bench.scoring import _setup

    connection, old_name = _setup()
    figures: dict[str, float | str] = {}
    try:
        for tables in SIZES:
            figures.update(_figures(tables))
        figures["duplicate.database"] = connection.vendor
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures  # type: ignore[return-value]


if __name__ == "__main__":
    main()
