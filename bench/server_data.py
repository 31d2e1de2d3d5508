"""The database of ``bench.server``: ``python -m bench.server_data`` migrates and loads one event.

Run in a child process with ``DJANGO_SETTINGS_MODULE=bench.settings`` and the throwaway
``DATABASE_URL``; prints one JSON line that the load client needs (slug, tokens, ids).

The event: 500 pairs in 24 units, a Swiss stage, round 1 published (250 tables), the first 50
tables with a confirmed result, an organizer and a scorekeeper with tokens. Rounds 2 to 5 (1,000
more tables, published, nothing scored) are where the result posts go: each needs a table without
a result.
"""

from __future__ import annotations

import json
import os
import random

from bench.rows import level_result

PAIRS = 500
UNITS = 24
CONFIRMED_TABLES = 50
RESULT_ROUNDS = 4  # tables for the result posts: 40 to warm up and 250 a round, three rounds


def _users(event) -> dict[str, str]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.models import EventRole, Role

    tokens = {}
    for name, role in (("organizer", Role.ORGANIZER), ("keeper", Role.SCOREKEEPER)):
        user = get_user_model().objects.create_user(f"bench-{name}")
        EventRole.objects.create(event=event, user=user, role=role)
        tokens[name] = Token.objects.create(user=user).key
    return tokens


def confirm_results(matches) -> None:
    from scoring.models import MatchResult
    from tournaments.models import Match, MatchStatus

    rng = random.Random(3)
    rows = []
    for match in matches:
        ns, ew = rng.randint(2, 14), rng.randint(2, 14)
        ew = ew if ew != ns else ns - 1 if ns > 2 else 3
        winner = "NS" if ns > ew else "EW"
        match.status = MatchStatus.CONFIRMED
        match.winner_id = match.ns_pair_id if winner == "NS" else match.ew_pair_id
        rows.append(level_result(match, ns, ew))
    Match.objects.bulk_update(matches, ["status", "winner"])
    MatchResult.objects.bulk_create(rows)


def load() -> dict:
    from scoring.services import sheet_store
    from tournaments.models import (
        Event,
        EventRole,
        EventStatus,
        Match,
        Pair,
        Player,
        Role,
        Round,
        RoundStatus,
        Stage,
        Unit,
    )

    event = Event.objects.create(slug="bench-500", name="Bench 500", status=EventStatus.PUBLISHED)
    units = Unit.objects.bulk_create(Unit(event=event, name=f"Club {n}") for n in range(UNITS))
    players = Player.objects.bulk_create(
        Player(event=event, name=f"Player {n}", unit=units[n // 2 % UNITS], email=f"p{n}@example.org")
        for n in range(2 * PAIRS)
    )
    pairs = Pair.objects.bulk_create(
        Pair(
            event=event,
            number=n + 1,
            player_1=players[2 * n],
            player_2=players[2 * n + 1],
            unit=units[n % UNITS],
            seed=n + 1,
        )
        for n in range(PAIRS)
    )
    stage = Stage.objects.create(event=event, name="Swiss")
    round_ = Round.objects.create(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    ids = [pair.pk for pair in pairs]
    random.Random(1).shuffle(ids)
    matches = Match.objects.bulk_create(
        Match(round=round_, table=t + 1, ns_pair_id=ids[2 * t], ew_pair_id=ids[2 * t + 1])
        for t in range(PAIRS // 2)
    )
    confirm_results(matches[:CONFIRMED_TABLES])
    # Rounds are made here without the publish endpoint, so each gets what publishing gives it
    # (``scoring.services.changes.hear``): its matches' state rows, forgotten.
    sheet_store.prepare(round_.pk)
    unscored = []
    for number in range(2, 2 + RESULT_ROUNDS):
        later = Round.objects.create(event=event, stage=stage, number=number, status=RoundStatus.PUBLISHED)
        random.Random(number).shuffle(ids)
        unscored += Match.objects.bulk_create(
            Match(round=later, table=t + 1, ns_pair_id=ids[2 * t], ew_pair_id=ids[2 * t + 1])
            for t in range(PAIRS // 2)
        )
        sheet_store.prepare(later.pk)
    tokens = _users(event)
    # The pairs the benchmark registers go to an event of their own: the measured event keeps its
    # 500 pairs, so the standings of every round are the same table (registrations into it made the
    # table grow by 250 pairs a round, past what a process keeps rendered).
    registrations = Event.objects.create(
        slug="bench-registrations", name="Bench registrations", status=EventStatus.PUBLISHED
    )
    organizer = EventRole.objects.get(event=event, role=Role.ORGANIZER).user
    EventRole.objects.create(event=registrations, user=organizer, role=Role.ORGANIZER)
    return {
        "slug": event.slug,
        "event": event.pk,
        "registrations": registrations.slug,
        "tokens": tokens,
        "open_matches": [m.pk for m in matches[CONFIRMED_TABLES:]],
        "unscored_matches": [m.pk for m in unscored],
    }


def main() -> None:
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    data = load()
    from django.db import connection

    if connection.vendor == "postgresql":  # the statistics autovacuum would have gathered by now
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print("BENCH-DATA " + json.dumps(data), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
    main()
