"""The factory-boy factories of the tests: an event and its units, players, pairs, stages, rounds and
matches, each made with what a test is not about (tests/tournaments/conftest.py builds whole events
from them; their old home re-exports them for the tests that import them from there).
"""

from __future__ import annotations

import factory
from factory.django import DjangoModelFactory

from tournaments.changes import changed
from tournaments.models import (
    Club,
    Event,
    EventStatus,
    Match,
    Member,
    Pair,
    Player,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    Unit,
)


class EventRowFactory(DjangoModelFactory):
    """A row of an event made for a test is written as a service writes it: it says what it changed
    (``tournaments.changes.changed``: the event's stamps and ``results_version`` move, a match's
    tables stamp), so what a test reads afterwards is never a kept answer from before."""

    class Meta:
        abstract = True

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        made = super()._create(model_class, *args, **kwargs)
        if isinstance(made, Match):
            changed(made.round.event_id, rows=False, tables=True)
        elif isinstance(made, (Event, Unit, Player, Pair, Round)):
            changed(made.pk if isinstance(made, Event) else made.event_id)
        return made


class ClubFactory(DjangoModelFactory):
    class Meta:
        model = Club

    slug = factory.Sequence(lambda n: f"club-{n}")
    name = factory.Sequence(lambda n: f"Club {n}")


class MemberFactory(DjangoModelFactory):
    class Meta:
        model = Member

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Member {n}")
    member_number = factory.Sequence(lambda n: f"M{n:05d}")


class EventFactory(EventRowFactory):
    class Meta:
        model = Event

    slug = factory.Sequence(lambda n: f"event-{n}")
    name = factory.Sequence(lambda n: f"Event {n}")
    status = EventStatus.DRAFT

    class Params:
        published = factory.Trait(status=EventStatus.PUBLISHED)


class UnitFactory(EventRowFactory):
    class Meta:
        model = Unit

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Unit {n}")


class PlayerFactory(EventRowFactory):
    class Meta:
        model = Player

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    email = factory.LazyAttribute(lambda o: f"{o.name.lower().replace(' ', '.')}@example.org")
    phone = "+86 138 0000 0000"


def next_number(model, event, field="number") -> int:
    """The number after the event's highest (pairs, rounds) or its next stage order."""
    numbers = model.objects.filter(event=event).values_list(field, flat=True)
    return max(numbers, default=0) + 1


class PairFactory(EventRowFactory):
    class Meta:
        model = Pair

    event = factory.SubFactory(EventFactory)
    number = factory.LazyAttribute(lambda o: next_number(Pair, o.event))
    unit = None
    player_1 = factory.SubFactory(
        PlayerFactory, event=factory.SelfAttribute("..event"), unit=factory.SelfAttribute("..unit")
    )
    player_2 = factory.SubFactory(
        PlayerFactory, event=factory.SelfAttribute("..event"), unit=factory.SelfAttribute("..unit")
    )


class StageFactory(DjangoModelFactory):
    class Meta:
        model = Stage

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Stage {n}")
    kind = StageKind.SWISS
    order = factory.LazyAttribute(lambda o: next_number(Stage, o.event, "order"))


class RoundFactory(EventRowFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    stage = factory.SubFactory(StageFactory, event=factory.SelfAttribute("..event"))
    number = factory.LazyAttribute(lambda o: next_number(Round, o.event))
    status = RoundStatus.DRAFT


class MatchFactory(EventRowFactory):
    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table = factory.LazyAttribute(lambda o: o.round.matches.count() + 1)
    ns_pair = factory.SubFactory(PairFactory, event=factory.SelfAttribute("..round.event"))
    ew_pair = factory.SubFactory(PairFactory, event=factory.SelfAttribute("..round.event"))
