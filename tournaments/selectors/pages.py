"""Reads of the public pages (scoring.pages) and the draws: published rounds, unit names, tables
and their tokens, draw histories and who qualifies for a stage.

Match points come from the scoring app (G9: the event's own method over confirmed results, byes
scored as the event says); qualification ranks by the event's standings (G10). Both are read through
``tournaments.standings``, which the scoring app fills at start-up (it stands above this layer)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Max

from tournaments.models import (
    Event,
    Match,
    Pair,
    PairStatus,
    Round,
    RoundStatus,
    Stage,
    TableToken,
    Unit,
)
from tournaments.selectors.tables import seat_rows
from tournaments.selectors.visibility import PUBLISHED
from tournaments.standings import standings


# ---- the public pages (scoring.pages): published rounds, unit names, tables and their tokens ----
def published_rounds(event: Event) -> list[Round]:
    """The event's published and closed rounds with their stages, by number."""
    return list(
        Round.objects.filter(event=event, status__in=PUBLISHED).select_related("stage").order_by("number")
    )


def published_round(event: Event, number: int) -> Round | None:
    """The event's round ``number`` with its stage when it is published or closed, else None."""
    rounds = Round.objects.filter(event=event, number=number, status__in=PUBLISHED)
    return rounds.select_related("stage").first()


def current_round(event: Event) -> Round | None:
    """The round in play: the last published one, else the last closed one."""
    rounds = Round.objects.filter(event=event, status__in=PUBLISHED).select_related("stage")
    return (
        rounds.filter(status=RoundStatus.PUBLISHED).order_by("-number").first()
        or rounds.order_by("-number").first()
    )


def closed_round_numbers(event: Event) -> set[int]:
    """The numbers of the event's closed rounds: those whose results are all in (one query)."""
    return set(Round.objects.filter(event=event, status=RoundStatus.CLOSED).values_list("number", flat=True))


def unit_names(event: Event) -> dict[int, str]:
    """The event's units' names by id."""
    return dict(Unit.objects.filter(event=event).values_list("id", "name"))


def unit_short_names(event: Event) -> dict[str, str]:
    """The short names of the event's units that have one, by unit name (unique in an event)."""
    return dict(Unit.objects.filter(event=event).exclude(short_name="").values_list("name", "short_name"))


def event_tables(event: Event) -> list[int]:
    """Every table number of the event's rounds, in order."""
    return sorted(set(Match.objects.filter(round__event=event).values_list("table", flat=True)))


def live_table_tokens(event: Event) -> dict[int, TableToken]:
    """The event's unrevoked table tokens by table (one live token a table: a database constraint)."""
    tokens = TableToken.objects.filter(event=event, revoked_at__isnull=True).select_related("event")
    return {token.table: token for token in tokens}


@dataclass
class History:
    points: float = 0.0
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False
    ns_count: int = 0
    ew_count: int = 0


def histories(event: Event, *, before: int) -> dict[int, History]:
    """Every pair's record in the rounds numbered below ``before`` (two queries for the points, one here,
    and one for the seats when the event has tables of four: there every player met the other three)."""
    result: dict[int, History] = defaultdict(History)
    matches = Match.objects.filter(round__event=event, round__number__lt=before).values_list(
        "pk", "ns_pair_id", "ew_pair_id"
    )
    tables: list[int] = []
    for pk, ns, ew in matches:
        if ns is None:
            tables.append(pk)
            continue
        if ew is None:
            # A bye is no seat: seat balance counts the rounds a pair sat North–South or
            # East–West at a table (docs/events.md "Readings of the draw").
            result[ns].had_bye = True
            continue
        result[ns].ns_count += 1
        result[ew].ew_count += 1
        result[ns].opponents.add(ew)
        result[ew].opponents.add(ns)
    for seats in seat_rows(tables).values():
        players = [pair for _, pair in seats]
        for pair in players:
            result[pair].opponents.update(other for other in players if other != pair)
    for pair, points in standings().points(event, before=before).items():
        result[pair].points = points
    return result


def active_pairs(event: Event) -> list[Pair]:
    return list(Pair.objects.filter(event=event, status=PairStatus.ACTIVE).order_by("number"))


def pairs_with_players(event: Event) -> list[Pair]:
    """The event's active pairs by number, their players and unit loaded (the pair cards)."""
    pairs = Pair.objects.filter(event=event, status=PairStatus.ACTIVE).order_by("number")
    return list(pairs.select_related("player_1", "player_2", "player_3", "unit"))


def pair_players(pair_ids: list[int]) -> dict[int, tuple[str | None, list[str]]]:
    """Each pair's own name (None when it has none: it reads as its players) and its players' names
    in seat order, by pair id (one query; the certificates)."""
    rows = Pair.objects.filter(pk__in=pair_ids).values_list(
        "id", "name", "player_1__name", "player_2__name", "player_3__name"
    )
    return {pk: (name or None, [p for p in players if p is not None]) for pk, name, *players in rows}


def previous_round(round_: Round) -> Round | None:
    return (
        Round.objects.filter(event=round_.event_id, stage=round_.stage_id, number__lt=round_.number)
        .order_by("-number")
        .first()
    )


def stage_pairs(stage: Stage) -> tuple[list[Pair], bool]:
    """The pairs that play in ``stage``, best first, and whether they qualified (G11).

    "Top N of one stage go to the next": when the stage before sets ``advance_count``, only
    its best N active pairs play on, in the order of the event's standings (G10: match points, then
    the tiebreak chain) as of the round before this stage; pairs the standings leave tied go by
    seed, then pair number. Otherwise every active pair plays, in pair-number order.
    """
    pairs = active_pairs(stage.event)
    before = Stage.objects.filter(event=stage.event_id, order__lt=stage.order).order_by("-order").first()
    if before is None or not before.advance_count:
        return pairs, False
    first = Round.objects.filter(stage=stage).order_by("number").values_list("number", flat=True).first()
    if first is None:
        first = (Round.objects.filter(event=stage.event_id).aggregate(top=Max("number"))["top"] or 0) + 1
    rows = standings().table(stage.event, upto=first - 1)["rows"]
    place = {row["pair"]["id"]: row["rank"] for row in rows}
    ranked = sorted(
        pairs, key=lambda p: (place.get(p.pk, len(rows) + 1), p.seed is None, p.seed or 0, p.number)
    )
    return ranked[: before.advance_count], True
