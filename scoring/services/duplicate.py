"""The writes of duplicate events (docs/duplicate.md): making and importing deal sets, giving a round
its deals, and binding a posted deal to the set's deal its table plays.

Each write is one transaction; the engine does every rule (engine/duplicate: the generator, the
importer, the movement, the sheet's checks). A deal set belongs to an event whose game's tables
play deal sets (``MatchSheet.deals_from_set``): nothing here names a game.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from core.errors import Conflict, DomainError, NotFound, Refused
from engine import get_game
from engine.duplicate.dealing import ALGORITHM, DealSpec, generate
from engine.duplicate.importing import ImportRefused, parse
from engine.duplicate.movement import board_of
from engine.duplicate.sheet import Dealt
from engine.errors import BadInput, EngineError
from engine.sheets import MatchSheet
from scoring.actors import Actor
from scoring.models import Deal, DealSet, DealSetDeal, DealSetSource, RoundDeals
from scoring.problems import engine_refusal
from tournaments.models import Event, Match, Round


def require_duplicate(event: Event) -> None:
    sheet = get_game(event.game).match_sheet
    if sheet is None or not sheet.deals_from_set:
        raise Conflict(
            "This event's tables do not play deal sets: make it a duplicate event.", "not_duplicate"
        )


def _store(event: Event, name: str, deals: list[DealSpec], actor: Actor, **made: Any) -> DealSet:
    deal_set = DealSet.objects.create(event=event, name=name, created_by=actor.account, **made)
    DealSetDeal.objects.bulk_create(
        DealSetDeal(
            deal_set=deal_set,
            number=deal.number,
            level=deal.level,
            leader=str(deal.leader),
            hands=deal.to_dict()["hands"],
        )
        for deal in deals
    )
    return deal_set


@transaction.atomic
def deal_set_make(*, event: Event, name: str, count: int, seed: int, level: int = 2, actor: Actor) -> DealSet:
    """A deal set of ``count`` deals made from ``seed`` by the current generator, each played at
    ``level`` (the seed and the generator's version are recorded)."""
    require_duplicate(event)
    try:
        deals = generate(seed, count, level=level, algorithm=ALGORITHM)
    except BadInput as error:
        raise DomainError(error.detail, error.code, field=error.field) from None
    return _store(event, name, deals, actor, source=DealSetSource.GENERATED, seed=seed, algorithm=ALGORITHM)


@transaction.atomic
def deal_set_import(*, event: Event, name: str, content: str, format: str, actor: Actor) -> DealSet:
    """A deal set read from a file (JSON or plain text, engine/duplicate/importing.py); a bad file is
    refused whole, every problem listed row by row (``errors``)."""
    require_duplicate(event)
    try:
        deals = parse(content, format=format)
    except ImportRefused as refused:
        raise DomainError(
            refused.detail,
            "invalid_deal_set",
            field="content",
            errors=[
                {
                    "field": f"row {e['row']}: {e['field']}".rstrip(": "),
                    "code": e["code"],
                    "message": e["message"],
                    "row": e["row"],
                }
                for e in refused.errors
            ],
        ) from None
    except BadInput as error:
        raise DomainError(error.detail, error.code, field=error.field) from None
    return _store(event, name, deals, actor, source=DealSetSource.IMPORTED)


@transaction.atomic
def round_deals_set(
    *, round: Round, deal_set: int, first: int = 1, count: int | None = None, actor: Actor
) -> RoundDeals:
    """Round ``round`` plays ``count`` deals (the event's ``deals_per_round`` when omitted) of the
    event's deal set ``deal_set`` from number ``first``. Refused once a table of the round has posted
    a deal, for a set of another event, and for deals the set does not have."""
    event = round.event
    require_duplicate(event)
    chosen = DealSet.objects.filter(event=event, pk=deal_set).first()
    if chosen is None:
        raise NotFound("The event has no such deal set.", "deal_set_not_found", field="deal_set")
    expected = event.rule_profile().deals_per_round
    count = expected if count is None else count
    if count != expected:
        raise Refused(
            f"A table of this event plays {expected} deals a round (deals_per_round).",
            "wrong_deal_count",
            field="count",
            extra={"expected": expected},
        )
    last = DealSetDeal.objects.filter(deal_set=chosen).aggregate(last=Max("number"))["last"] or 0
    wanted = set(range(first, first + count))
    have = set(
        DealSetDeal.objects.filter(deal_set=chosen, number__in=wanted).values_list("number", flat=True)
    )
    if have != wanted:
        missing = min(wanted - have)
        raise Refused(
            f"The deal set has no deal {missing} (it runs to {last}).", "unknown_deal", field="first"
        )
    if Deal.objects.filter(match__round=round).exists():
        raise Conflict("A table of this round has posted deals: its deal set is fixed.", "deals_posted")
    played, _ = RoundDeals.objects.update_or_create(
        round=round, defaults={"deal_set": chosen, "first": first, "count": count}
    )
    return played


def bind_dealt(match: Match, sheet: MatchSheet, profile: Any, number: int, posted: Any) -> Any:
    """A deal posted at a table whose round plays a deal set, bound to the set's deal the table plays
    as its ``number``-th (the movement: engine/duplicate/movement.py): the sheet then checks its hands,
    level and leader and replays its plays from the set's hands (G5). A number past the round's deals
    is refused (``unknown_deal``, 422); a round without a set plays its deals unchecked."""
    if not sheet.deals_from_set:
        return posted
    played = RoundDeals.objects.filter(round_id=match.round_id).first()
    if played is None:
        return posted
    try:
        board = board_of(
            movement=profile.movement, table=match.table, k=number, first=played.first, count=played.count
        )
    except BadInput as error:
        raise Refused(error.detail, error.code, field="number") from None
    spec = DealSetDeal.objects.get(deal_set_id=played.deal_set_id, number=board)
    dealt = Dealt.of(number=spec.number, hands=spec.hands, level=spec.level, leader=spec.leader)
    try:
        return sheet.with_dealt(posted, dealt)
    except EngineError as error:
        raise engine_refusal(error) from None
