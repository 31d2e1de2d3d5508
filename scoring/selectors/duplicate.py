"""The reads of duplicate events (docs/duplicate.md): deal sets (private to the event's staff until
played), a deal's traveller, a session's percentages and the duplicate standings.

A deal of a set is **played** once a closed round has played it: from then on anyone who may read
the event's results reads its hands (the hand record); until then only the event's staff do. The
comparison across the field is the engine's (engine/duplicate/scoring.py); these functions only read
the stored deals, each in a fixed number of queries.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, IntegerField, Max, Q, QuerySet
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.functions import Cast

from core.errors import NotFound
from engine.duplicate.dealing import sorted_hand
from engine.duplicate.movement import number_at
from engine.duplicate.scoring import DIFFERENCE_SCALE, TableResult, session_totals, traveller
from engine.scoring.methods import build_method
from engine.scoring.ranking import pair_rounds, rank
from engine.seats import Side
from scoring.models import Deal, DealSet, DealSetDeal, DealStatus, RoundDeals
from scoring.selectors.standing_records import ranking_context, scored_records
from tournaments.models import Event, Match, Pair, Round, RoundStatus


def deal_sets(event: Event) -> QuerySet[DealSet]:
    return DealSet.objects.filter(event=event).order_by("pk")


def deal_set_of(event: Event, pk: int) -> DealSet:
    found = DealSet.objects.filter(event=event, pk=pk).first()
    if found is None:
        raise NotFound("The event has no such deal set.", "deal_set_not_found")
    return found


def played_numbers(deal_set: DealSet) -> set[int]:
    """The numbers of the set's deals a closed round has played: public from then on."""
    numbers: set[int] = set()
    for first, count in RoundDeals.objects.filter(
        deal_set=deal_set, round__status=RoundStatus.CLOSED
    ).values_list("first", "count"):
        numbers.update(range(first, first + count))
    return numbers


def set_deals(deal_set: DealSet, *, staff: bool) -> list[DealSetDeal]:
    """The set's deals the caller may read: every one for the event's staff, else the played ones."""
    deals = list(DealSetDeal.objects.filter(deal_set=deal_set).order_by("number"))
    if staff:
        return deals
    played = played_numbers(deal_set)
    return [deal for deal in deals if deal.number in played]


def set_deal(deal_set: DealSet, number: int, *, staff: bool) -> DealSetDeal:
    deal = DealSetDeal.objects.filter(deal_set=deal_set, number=number).first()
    if deal is None or not (staff or number in played_numbers(deal_set)):
        raise NotFound(f"The deal set has no deal {number} to show.", "deal_not_found")
    return deal


def sorted_hands(deal: DealSetDeal) -> dict[str, list[str]]:
    """Each seat's 27 cards sorted as players sort them (the deal slips and the hand record)."""
    return {seat: sorted_hand(cards, deal.level) for seat, cards in deal.hands.items()}


@dataclass(frozen=True)
class RoundBoards:
    round: Round
    deal_set: DealSet
    first: int
    count: int

    @property
    def numbers(self) -> range:
        return range(self.first, self.first + self.count)


def round_boards(round: Round) -> RoundBoards | None:
    played = RoundDeals.objects.select_related("deal_set").filter(round=round).first()
    if played is None:
        return None
    return RoundBoards(round=round, deal_set=played.deal_set, first=played.first, count=played.count)


def _comparison(event: Event) -> tuple[str, Any]:
    profile = event.rule_profile()
    return profile.comparison, DIFFERENCE_SCALE


def record_points(points: Any) -> dict[Side, int]:
    """A duplicate deal's record's ``points`` (engine/duplicate/sheet.py), read out of the stored
    record by the database (the record itself is never decoded whole here)."""
    if isinstance(points, str):  # a backend that answers a JSON member as text
        points = json.loads(points)
    return {Side.NS: points["NS"], Side.EW: points["EW"]}


def _pairs(event: Event, ids: Iterable[object]) -> dict[object, dict[str, Any]]:
    return {
        pk: {"id": pk, "number": number, "name": name}
        for pk, number, name in Pair.objects.filter(event=event, pk__in=set(ids)).values_list(
            "pk", "number", "name"
        )
    }


def _board_deals(round: Round, boards: RoundBoards, board: int) -> QuerySet[Deal]:
    """The current deals of the round that are the set's deal ``board``: found by the deal number
    each table plays it as (the movement), on the deals' (match, status, number) index, rather
    than by reading every record of the round."""
    current = Deal.objects.filter(match__round=round, status=DealStatus.CURRENT)
    movement = round.event.rule_profile().movement
    if movement != "rotating":
        number = number_at(movement=movement, table=1, board=board, first=boards.first, count=boards.count)
        return current.filter(number=number)
    tables = Match.objects.filter(round=round).values_list("table", flat=True)
    by_number: dict[int, list[int]] = defaultdict(list)
    for table in tables:
        by_number[
            number_at(movement=movement, table=table, board=board, first=boards.first, count=boards.count)
        ].append(table)
    where = Q()
    for number, at in by_number.items():
        where |= Q(number=number, match__table__in=at)
    return current.filter(where)


def deal_traveller(round: Round, board: int) -> dict[str, Any]:
    """Every table's result on deal ``board`` of the round's set: its pairs, points, score, and the
    comparison (matchpoints and percentages, or the difference scale), best NS first."""
    boards = round_boards(round)
    if boards is None or board not in boards.numbers:
        raise NotFound(f"Round {round.number} plays no deal {board}.", "deal_not_found")
    # Only what the traveller shows, as plain columns: each side's points cast to integers by the
    # database and the finishing order as its JSON text, so that no row goes through the JSON
    # field's decoder; the pairs of the round's tables in a second query without the deals' joins.
    rows = list(
        _board_deals(round, boards, board)
        .annotate(
            ns_points=Cast(KeyTextTransform("NS", KeyTransform("points", "record")), IntegerField()),
            ew_points=Cast(KeyTextTransform("EW", KeyTransform("points", "record")), IntegerField()),
            order_text=KeyTextTransform("finishing_order", "record"),
        )
        .order_by()  # no ordering: Deal's default joins the round and the event only to sort
        .values_list("match_id", "ns_points", "ew_points", "order_text")
    )
    seated: dict[int, tuple[int, int | None, int | None]] = {}
    pairs: dict[object, dict[str, Any]] = {}
    for pk, table, ns, ew, ns_number, ns_name, ew_number, ew_name in (
        Match.objects.filter(round=round).order_by()
    ).values_list(
        "pk",
        "table",
        "ns_pair_id",
        "ew_pair_id",
        "ns_pair__number",
        "ns_pair__name",
        "ew_pair__number",
        "ew_pair__name",
    ):
        seated[pk] = (table, ns, ew)
        if ns is not None:
            pairs[ns] = {"id": ns, "number": ns_number, "name": ns_name}
        if ew is not None:
            pairs[ew] = {"id": ew, "number": ew_number, "name": ew_name}
    orders: dict[object, Any] = {}
    results = []
    for match, ns_points, ew_points, order in sorted(rows, key=lambda row: seated[row[0]][0]):
        table, north_south, east_west = seated[match]
        orders[table] = json.loads(order) if isinstance(order, str) else order
        results.append(
            TableResult(
                table=table, ns=north_south, ew=east_west, points={Side.NS: ns_points, Side.EW: ew_points}
            )
        )
    comparison, scale = _comparison(round.event)
    lines = traveller(results, comparison=comparison, table=scale)
    return {
        "round": round.number,
        "board": board,
        "comparison": comparison,
        "tables": [
            {
                "table": line.table,
                "ns": pairs.get(line.ns),
                "ew": pairs.get(line.ew),
                "finishing_order": orders[line.table],
                "ns_points": line.ns_points,
                "ew_points": line.ew_points,
                "ns_score": line.ns_score,
                "ns_value": line.ns_value,
                "ew_value": line.ew_value,
                "ns_percent": line.ns_percent,
                "ew_percent": line.ew_percent,
            }
            for line in sorted(lines, key=lambda line: (-line.ns_score, str(line.table).zfill(5)))
        ],
    }


def _session_deals(event: Event, rounds: Iterable[int] | None = None) -> list[list[TableResult]]:
    """Every duplicate deal played in the event (or its ``rounds``), grouped by (round, board)."""
    deals = Deal.objects.filter(
        match__round__event=event, status=DealStatus.CURRENT, match__round__deals_played__isnull=False
    )
    if rounds is not None:
        deals = deals.filter(match__round__number__in=list(rounds))
    grouped: dict[tuple[int, int], list[TableResult]] = defaultdict(list)
    for round_id, table, ns, ew, board, points in deals.values_list(
        "match__round_id",
        "match__table",
        "match__ns_pair_id",
        "match__ew_pair_id",
        "record__board",
        "record__points",
    ).iterator(chunk_size=2000):
        grouped[(round_id, board)].append(
            TableResult(table=table, ns=ns, ew=ew, points=record_points(points))
        )
    return list(grouped.values())


def duplicate_standings(event: Event, *, rounds: Iterable[int] | None = None) -> dict[str, Any]:
    """The pairs ranked by their percentage over every deal they played (matchpoints), or by their
    total on the difference scale; then by the total matchpoints; then by the event's tiebreak chain
    (G10, read from the tables' match results as every standings read them); what is still tied
    shares a place, or is separated by the event's lots (``shared_places``, ``lots_seed``)."""
    comparison, scale = _comparison(event)
    totals = session_totals(_session_deals(event, rounds), comparison=comparison, table=scale)
    pairs = _pairs(event, [pair for pair in totals if pair is not None])
    counted = {pair: total for pair, total in totals.items() if isinstance(pair, int) and pair in pairs}
    records, penalties = scored_records(event)
    entries = pair_rounds(
        records,
        match_method=build_method(event.match_points),
        level_method=build_method(event.level_points),
    )
    context = ranking_context(
        event,
        {pk: entries.get(pk, []) for pk in counted},
        penalties,
        {pk: pairs[pk]["number"] for pk in counted},
    )
    lead: list[tuple[str, dict[int, float]]] = []
    if comparison == "matchpoints":
        lead.append(("percent", {pk: total.percent or 0.0 for pk, total in counted.items()}))
    lead.append(("total", {pk: total.total for pk, total in counted.items()}))
    ranked = rank(context, chain=event.tiebreaks, shared_places=event.shared_places, lead=lead)
    rows = []
    for row in ranked:
        total = counted[row.pair]
        rows.append(
            {
                "place": row.rank,
                "shared": row.shared,
                "pair": pairs[row.pair],
                "deals": total.deals,
                "total": total.total,
                "tops": total.tops,
                "percent": total.percent,
                "tiebreaks": row.values,
                "decided_by": row.decided_by,
            }
        )
    return {
        "event": event.slug,
        "comparison": comparison,
        "tiebreaks": list(event.tiebreaks),
        "shared_places": event.shared_places,
        "lots_seed": event.lots_seed,
        "rows": rows,
    }


def event_named(slug: str) -> Event | None:
    """The event of ``slug``, whatever its status (the staff's print pages check who asks)."""
    return Event.objects.filter(slug=slug).first()


def round_set_deals(boards: RoundBoards) -> list[DealSetDeal]:
    """The set's deals the round plays, in order."""
    return list(
        DealSetDeal.objects.filter(deal_set=boards.deal_set, number__in=list(boards.numbers)).order_by(
            "number"
        )
    )


def deals_stamp(*, round: Round | None = None, event: Event | None = None) -> tuple[int, int | None]:
    """How many deals (versions) the round's (or the event's) tables have posted and the last one's
    id: what a page of travellers or percentages adds to its ETag (a post moves it)."""
    deals = (
        Deal.objects.filter(match__round=round)
        if round is not None
        else Deal.objects.filter(match__round__event=event)
    )
    stamp = deals.aggregate(n=Count("pk"), last=Max("pk"))
    return stamp["n"], stamp["last"]
