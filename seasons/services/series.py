"""Writes of series (docs/series.md): keyword-only, one transaction each, refusing with domain errors.

A club's organisers manage its series; the events keep their own staff. Registering the qualifiers
of a final writes into the final's registration through the registration service
(``tournaments.services.registration.pair_create``), every qualifier or none.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from core.errors import Conflict, DomainError, Forbidden
from seasons.models import Qualification, Series, SeriesEvent, SeriesLink
from seasons.selectors.series import event_in_club, qualifiers
from tournaments.clubs import organises_club
from tournaments.models import Club, Event, EventStatus, Pair, Player, Unit
from tournaments.services.registration import lock_pair_numbers, pair_create

SERIES_FIELDS = frozenset(
    {"name", "status", "points", "placing_points", "best_of", "tiebreaks", "shared_places", "lots_seed"}
)


@transaction.atomic
def series_create(*, user, club: str, slug: str, **fields: Any) -> Series:
    """A new series of ``club`` (its slug), by one of the club's organisers."""
    found = Club.objects.filter(slug=club).first()
    if found is None:
        raise DomainError(f"There is no club {club!r}.", "unknown_club", field="club")
    if not organises_club(user, found):
        raise Forbidden("Only the club's organisers create its series.")
    if Series.objects.filter(slug=slug).exists():
        raise Conflict(f"The series slug {slug!r} is taken.", "duplicate_slug", field="slug")
    return Series.objects.create(
        club=found, slug=slug, created_by=user, **{k: v for k, v in fields.items() if k in SERIES_FIELDS}
    )


@transaction.atomic
def series_update(*, series: Series, **fields: Any) -> Series:
    for name, value in fields.items():
        if name in SERIES_FIELDS:
            setattr(series, name, value)
    series.save()
    return series


@transaction.atomic
def series_delete(*, series: Series) -> None:
    """A series and its links and records (its events and their registrations stay)."""
    series.delete()


@transaction.atomic
def series_event_add(
    *, series: Series, event: str, position: int | None = None, stage: str = "", counts: bool = True
) -> SeriesEvent:
    """Add the club's event ``event`` (its slug) to the series, at ``position`` or after the last."""
    found = event_in_club(event, series.club_id)
    if found is None:
        raise DomainError(f"The club has no event {event!r}.", "event_not_in_club", field="event")
    # The series row serialises the writers of its order.
    Series.objects.select_for_update().filter(pk=series.pk).values_list("pk", flat=True).get()
    if SeriesEvent.objects.filter(series=series, event=found).exists():
        raise Conflict(f"{event!r} is in the series already.", "already_in_series", field="event")
    if position is None:
        top = SeriesEvent.objects.filter(series=series).aggregate(top=Max("position"))["top"] or 0
        position = top + 1
    elif SeriesEvent.objects.filter(series=series, position=position).exists():
        raise Conflict(f"Position {position} is taken.", "position_taken", field="position")
    return SeriesEvent.objects.create(
        series=series, event=found, position=position, stage=stage, counts=counts
    )


@transaction.atomic
def series_event_update(*, entry: SeriesEvent, **fields: Any) -> SeriesEvent:
    for name in ("position", "stage", "counts"):
        if name in fields:
            setattr(entry, name, fields[name])
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError as exc:
        raise Conflict(f"Position {entry.position} is taken.", "position_taken", field="position") from exc
    return entry


@transaction.atomic
def series_event_remove(*, entry: SeriesEvent) -> None:
    """Take an event out of the series; refused while a link names it."""
    event_id = entry.event_id
    if SeriesLink.objects.filter(series_id=entry.series_id).filter(feeder_id=event_id).exists() or (
        SeriesLink.objects.filter(series_id=entry.series_id, final_id=event_id).exists()
    ):
        raise Conflict("A link of the series names this event: delete the link first.", "event_linked")
    entry.delete()


def _series_event(series: Series, slug: str, field: str) -> Event:
    entry = SeriesEvent.objects.filter(series=series, event__slug=slug).select_related("event").first()
    if entry is None:
        raise DomainError(f"{slug!r} is no event of this series.", "not_in_series", field=field)
    return entry.event


def _check_acyclic(series: Series, feeder: Event, final: Event) -> None:
    """A final never feeds, through any chain of links, one of its own feeders (a tree of stages)."""
    edges: dict[int, set[int]] = {}
    for source, target in SeriesLink.objects.filter(series=series).values_list("feeder_id", "final_id"):
        edges.setdefault(source, set()).add(target)
    reach, stack = set(), [final.pk]
    while stack:
        node = stack.pop()
        if node == feeder.pk:
            raise DomainError("This link would make a circle of finals.", "link_cycle", field="final")
        if node not in reach:
            reach.add(node)
            stack.extend(edges.get(node, ()))


@transaction.atomic
def link_create(
    *, series: Series, feeder: str, final: str, top: int, by: str = "pairs", declined: list[int] | None = None
) -> SeriesLink:
    """Who goes on from ``feeder`` to ``final`` (both events of the series, by slug)."""
    source = _series_event(series, feeder, "feeder")
    target = _series_event(series, final, "final")
    if source.pk == target.pk:
        raise DomainError("An event does not feed itself.", "link_cycle", field="final")
    Series.objects.select_for_update().filter(pk=series.pk).values_list("pk", flat=True).get()
    if SeriesLink.objects.filter(series=series, feeder=source, final=target).exists():
        raise Conflict("This link exists already.", "duplicate_link", field="final")
    _check_acyclic(series, source, target)
    return SeriesLink.objects.create(
        series=series, feeder=source, final=target, top=top, by=by, declined=list(declined or [])
    )


@transaction.atomic
def link_update(*, link: SeriesLink, **fields: Any) -> SeriesLink:
    for name in ("top", "by", "declined"):
        if name in fields:
            setattr(link, name, fields[name])
    link.save()
    return link


@transaction.atomic
def link_delete(*, link: SeriesLink) -> None:
    link.delete()


def _player_data(player: Player, unit: Unit | None) -> dict[str, Any]:
    """A feeder's player as the final registers them: the same person (member), name and contact."""
    return {
        "name": player.name,
        "email": player.email,
        "phone": player.phone,
        "seed": player.seed,
        "member": player.member,
        "unit": unit,
    }


@transaction.atomic
def register_qualifiers(*, series: Series, links: list[SeriesLink]) -> tuple[list[Qualification], bool]:
    """Register the qualifiers of the final of ``links`` into it, all or none; ``(rows, created)``.

    Refused while a feeder's last round is not closed (``feeder_not_closed``), when the final is
    over or called off (``final_closed``), or when nobody qualifies. Called again, it answers the
    qualifiers registered the first time when they are still the qualifiers (``created`` False),
    and refuses (``qualifiers_registered``) when the feeders' standings have changed since.
    """
    final = links[0].final
    lock_pair_numbers(final)  # serialises two registrations into the final, and its pair numbers
    if final.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
        raise Conflict(f"The final {final.slug!r} is {final.status}.", "final_closed")
    computed = qualifiers(series, links)
    open_feeders = [feeder["event"] for feeder in computed["feeders"] if not feeder["closed"]]
    if open_feeders:
        raise Conflict(
            "A feeder's last round is not closed: its standings may still change.",
            "feeder_not_closed",
            extra={"feeders": open_feeders},
        )
    wanted = [(row["pair"]["pair"], row["seed"]) for row in computed["qualifiers"]]
    existing = list(Qualification.objects.filter(series=series, final=final).order_by("seed"))
    if existing:
        if [(row.source_id, row.seed) for row in existing] == wanted:
            return existing, False
        raise Conflict(
            "The qualifiers were registered already, and the feeders' standings have changed since.",
            "qualifiers_registered",
        )
    if not wanted:
        raise Conflict("Nobody qualifies for this final.", "no_qualifiers")
    sources = Pair.objects.select_related(
        "unit", "player_1__member", "player_2__member", "player_3__member"
    ).in_bulk([pair for pair, _ in wanted])
    members = {
        player.member_id
        for pair in sources.values()
        for player in pair.players
        if player.member_id is not None
    }
    if Player.objects.filter(event=final, member_id__in=members).exists():
        raise Conflict("A qualifier's player is registered in the final already.", "already_in_final")
    units = {unit.name: unit for unit in Unit.objects.filter(event=final)}
    rows = []
    for pair_id, seed in wanted:
        source = sources[pair_id]
        unit = None
        if source.unit is not None:
            unit = units.get(source.unit.name)
            if unit is None:
                unit = units[source.unit.name] = Unit.objects.create(
                    event=final, name=source.unit.name, short_name=source.unit.short_name
                )
        players = [_player_data(player, unit) for player in source.players]
        pair = pair_create(
            event=final,
            player_1=players[0],
            player_2=players[1] if len(players) > 1 else None,
            player_3=players[2] if len(players) > 2 else None,
            unit=unit,
            name=source.name,
            seed=seed,
            grade=source.grade,
        )
        # One by one, not in bulk: each row is in the audit log as the pairs and players are.
        rows.append(
            Qualification.objects.create(series=series, final=final, source=source, pair=pair, seed=seed)
        )
    return rows, True
