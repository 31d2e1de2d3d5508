"""The database of ``bench.reads``: ``python -m bench.reads_data PAIRS`` migrates and loads one event.

Run in a child process with ``DJANGO_SETTINGS_MODULE=bench.settings`` and the throwaway
``DATABASE_URL``; prints one JSON line (``READS-DATA {…}``) with the event's slug.

The event, written straight into the database (a national event built through the API takes
minutes: ``bench.national``): ``PAIRS`` pairs in units of 20, named as the import bench's CSV
names them; a Swiss stage; round 1 published, every table (``PAIRS / 2``) with a confirmed
level-sheet result, as after a national round has been played.
"""

from __future__ import annotations

import json
import os
import sys

UNIT_SIZE = 20  # pairs per unit, as bench.imports.sheet


def load(pairs: int) -> dict:
    from bench.server_data import confirm_results
    from tournaments.models import Event, EventStatus, Match, Pair, Player, Round, RoundStatus, Stage, Unit

    slug = f"reads-{pairs}"
    event = Event.objects.create(slug=slug, name=f"Reads {pairs}", status=EventStatus.PUBLISHED)
    units = Unit.objects.bulk_create(
        Unit(event=event, name=f"Club {n}") for n in range(pairs // UNIT_SIZE + 1)
    )
    players = Player.objects.bulk_create(
        Player(event=event, name=f"Player {n // 2 + 1}{'ab'[n % 2]}", unit=units[n // 2 // UNIT_SIZE])
        for n in range(2 * pairs)
    )
    made = Pair.objects.bulk_create(
        Pair(
            event=event,
            number=n + 1,
            name=f"Pair {n + 1}",
            player_1=players[2 * n],
            player_2=players[2 * n + 1],
            unit=units[n // UNIT_SIZE],
            seed=n + 1,
        )
        for n in range(pairs)
    )
    stage = Stage.objects.create(event=event, name="Swiss")
    round_ = Round.objects.create(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    # Swiss round 1 by seed: the top half against the bottom half, table by table.
    half = pairs // 2
    matches = Match.objects.bulk_create(
        Match(round=round_, table=t + 1, ns_pair_id=made[t].pk, ew_pair_id=made[half + t].pk)
        for t in range(half)
    )
    confirm_results(matches)
    return {"slug": slug, "pairs": pairs, "tables": len(matches)}


def main() -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)
    data = load(int(sys.argv[1]))
    if connection.vendor == "postgresql":  # the statistics autovacuum would have gathered by now
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print("READS-DATA " + json.dumps(data), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    main()
