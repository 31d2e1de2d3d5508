"""Substitutes (替补; docs/events.md "Substitutes"): a person plays in a registered player's
place from a round on (掼蛋比赛活动方案: "若比赛当天时间有冲突，可让其他同学代替参加"). The pair
keeps its number and its points; the substitution says who, for whom, from which round (and
until which, when the player comes back). ``players_in_round`` answers who really played.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from core.errors import Conflict, DomainError
from tournaments.changes import changed
from tournaments.models import Pair, Player, Substitution


@transaction.atomic
def substitution_create(
    *,
    pair: Pair,
    replaced: int,
    substitute: int | None = None,
    name: str = "",
    from_round: int,
    until_round: int | None = None,
    note: str = "",
    by=None,
) -> Substitution:
    """Record that ``substitute`` (a player of the event in no pair, by id) or a new player called
    ``name`` plays for the pair's player ``replaced`` from round ``from_round`` on."""
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if replaced not in {player.pk for player in pair.players}:
        raise DomainError(
            f"Player {replaced} is not a player of pair {pair.number}.", "not_in_pair", field="replaced"
        )
    if until_round is not None and until_round < from_round:
        raise DomainError("until_round comes before from_round.", "invalid_rounds", field="until_round")
    if (substitute is None) == (not name):
        raise DomainError(
            "Name the substitute: a player's id, or a new player's name.",
            "substitute_required",
            field="substitute",
        )
    if substitute is None:
        player = Player.objects.create(event=pair.event, name=name, unit=pair.unit)
        changed(pair.event_id)  # a new player of the event (in no pair: no standings change)
    else:
        found = Player.objects.filter(event=pair.event_id, pk=substitute).first()
        if found is None:
            raise DomainError(
                f"No player of this event has id {substitute}.", "unknown_player", field="substitute"
            )
        player = found
        in_pair = Pair.objects.filter(
            Q(player_1=player) | Q(player_2=player) | Q(player_3=player), event=pair.event_id
        ).first()
        if in_pair is not None:
            raise DomainError(
                f"{player.name} plays in pair {in_pair.number}.", "substitute_in_a_pair", field="substitute"
            )
    overlapping = Substitution.objects.filter(pair=pair, replaced_id=replaced).filter(
        Q(until_round__isnull=True) | Q(until_round__gte=from_round)
    )
    if until_round is not None:
        overlapping = overlapping.filter(from_round__lte=until_round)
    if overlapping.exists():
        raise Conflict(
            "That player already has a substitute in those rounds: end it first (until_round).",
            "substitution_overlaps",
        )
    return Substitution.objects.create(
        pair=pair,
        replaced_id=replaced,
        substitute=player,
        from_round=from_round,
        until_round=until_round,
        note=note,
        created_by=by,
    )


@transaction.atomic
def substitution_end(*, substitution: Substitution, until_round: int) -> Substitution:
    """The registered player is back after round ``until_round``."""
    substitution = Substitution.objects.select_for_update().get(pk=substitution.pk)
    if until_round < substitution.from_round:
        raise DomainError("until_round comes before from_round.", "invalid_rounds", field="until_round")
    substitution.until_round = until_round
    substitution.save(update_fields=["until_round"])
    return substitution
