"""Demo data for ``manage.py seed_demo``: 16 pairs in 4 units, Swiss, round 1 drawn and published."""

from __future__ import annotations

import datetime

from tournaments.models import Event, EventRole, EventStatus, Role, Stage, StageKind, Unit
from tournaments.services.registration import pair_create
from tournaments.services.rounds import round_create, round_draw, round_publish

SLUG = "demo-open"
# Each unit with the short name that stands for it on a phone (its Chinese name).
UNITS = [
    ("Tea House 茶馆", "茶馆"),
    ("Union Club 工会", "工会"),
    ("School Club 学校", "学校"),
    ("Harbour Office 港务", "港务"),
]
DEMO_SEED = 20261122


def seed_demo(*, user, stdout) -> None:
    if Event.objects.filter(slug=SLUG).exists():
        stdout.write(f"Demo event {SLUG!r} already loaded.")
        return
    event = Event.objects.create(
        slug=SLUG,
        name="Demo Guandan Open 掼蛋公开赛",
        starts_on=datetime.date(2026, 12, 5),
        ends_on=datetime.date(2026, 12, 6),
        venue="Community hall",
        status=EventStatus.PUBLISHED,
        created_by=user,
    )
    EventRole.objects.create(event=event, user=user, role=Role.ORGANIZER)
    units = [Unit.objects.create(event=event, name=name, short_name=short) for name, short in UNITS]
    for number in range(1, 17):
        unit = units[(number - 1) % 4]
        pair_create(
            event=event,
            number=number,
            player_1={"name": f"Player {number}A"},
            player_2={"name": f"Player {number}B"},
            unit=unit,
            seed=number,
        )
    stage = Stage.objects.create(event=event, name="Swiss", kind=StageKind.SWISS, order=1)
    first = round_create(event=event, stage=stage)
    round_publish(round_=round_draw(round_=first, seed=DEMO_SEED))
    stdout.write(f"Demo event {SLUG!r}: 16 pairs, round 1 drawn and published.")
