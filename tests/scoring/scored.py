"""Events with a fixed schedule for the standings and export tests (G9-G11).

The schedule (who meets whom at which table) is set up with factories, as the ``play`` fixture
does; every result is entered through the API (a referee's level sheet, confirmed at once, or
posted deals), and the standings are read through the API.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rest_framework.test import APIClient

from tests.scoring.conftest import API, post_deals, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    UnitFactory,
    role_client,
)
from tournaments.models import Event, Match, Pair, Role, RoundStatus, StageKind

# The 8-deal game (八牌制, G8 deal_count): any plausible final levels make a finished game.
EIGHT_DEALS = {"match_format": "deal_count", "deal_limit": 8}


@dataclass
class Scored:
    event: Event
    pairs: dict[int, Pair]  # by pair number
    matches: dict[tuple[int, int], Match]  # by (round, table)
    referee: APIClient

    def match(self, round_: int, table: int) -> Match:
        return self.matches[(round_, table)]


def scored_event(
    schedule: Sequence[Sequence[tuple[int, int | None]]],
    *,
    pairs: int = 4,
    units: Mapping[int, str] | None = None,
    names: Mapping[int, str] | None = None,
    slug: str | None = None,
    **settings,
) -> Scored:
    """A published event (the 8-deal game unless ``settings`` say otherwise) with pairs numbered
    1 … ``pairs`` (``units``, ``names``: pair number → unit name, pair name) and one published
    round per entry of ``schedule``: its (NS pair, EW pair or None for a bye), table 1 first."""
    fields = {**EIGHT_DEALS, **settings}
    if slug is not None:
        fields["slug"] = slug
    event = EventFactory(published=True, **fields)
    unit_of = {name: UnitFactory(event=event, name=name) for name in sorted(set((units or {}).values()))}
    by_number = {
        number: PairFactory(
            event=event,
            number=number,
            name=(names or {}).get(number, ""),
            unit=unit_of.get((units or {}).get(number)),
        )
        for number in range(1, pairs + 1)
    }
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    matches = {}
    for number, tables in enumerate(schedule, start=1):
        round_ = RoundFactory(event=event, stage=stage, number=number, status=RoundStatus.PUBLISHED)
        for table, (ns, ew) in enumerate(tables, start=1):
            matches[(number, table)] = MatchFactory(
                round=round_, table=table, ns_pair=by_number[ns], ew_pair=by_number.get(ew)
            )
    return Scored(event, by_number, matches, role_client(event, Role.REFEREE))


def sheet(client, match: Match, ns: str, ew: str, *, deals: int = 8, **extra) -> dict:
    """A referee's level sheet (记级), official at once: the final levels and the deals played."""
    body = {"levels": {"NS": ns, "EW": ew}, "deals_played": deals, "confirm": True, **extra}
    response = client.post(result_url(match), body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "confirmed"
    return response.json()


def enter(scored: Scored, results: Mapping[tuple[int, int], tuple[str, str]]) -> None:
    """Level sheets for ``{(round, table): (NS level, EW level)}``, in the order given."""
    for (round_, table), (ns, ew) in results.items():
        sheet(scored.referee, scored.match(round_, table), ns, ew)


def dealt(client, match: Match, orders, **extra) -> dict:
    """Post the deals' finishing orders, then the result they give, confirmed by the referee."""
    post_deals(client, match, orders)
    response = client.post(result_url(match), {"confirm": True, **extra}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def forfeit(client, match: Match, side: str, kind: str = "forfeit") -> dict:
    response = client.post(result_url(match), {"forfeit": {"side": side, "kind": kind}}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def read(client, event: Event, path: str = "standings/", **query) -> dict:
    response = client.get(f"{API}/events/{event.slug}/{path}", query)
    assert response.status_code == 200, response.json()
    return response.json()


def standings(event: Event, **query) -> dict:
    """The pair standings as anyone reads them."""
    return read(APIClient(), event, **query)


def rows(body: dict) -> list[tuple]:
    """Each row as (rank, pair number, match points, tiebreak values, decided_by)."""
    return [
        (row["rank"], row["pair"]["number"], row["match_points"], row["tiebreaks"], row["decided_by"])
        for row in body["rows"]
    ]
