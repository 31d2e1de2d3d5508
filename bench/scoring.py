"""Scoring benchmarks from the database: ``python -m bench.scoring`` (``make bench`` runs it).

- **Standings** of 1,000 pairs × 9 rounds (4,500 confirmed results), computed from the database
  with the cache bypassed: the median time, and the number of SQL queries, which must be the same
  for 100 pairs as for 1,000 (a fixed number of queries, whatever the size of the event).
- **Deal posts** through the API (Django's test client: middleware, DRF, the engine's fold of the
  match, the audit log), as deals per second, and the same run's one-row insert for scale.

It runs in a throwaway test database: PostgreSQL when ``DATABASE_URL`` is set, else SQLite in memory.
On a noisy machine compare ratios measured in one run, not bare figures across runs.
"""

from __future__ import annotations

import contextlib
import os
import random
import statistics
import time

from django.core.cache import cache

from bench.rows import played_rounds
from core import representations

PAIRS, ROUNDS = 1000, 9


def _setup():
    """A throwaway test database for one benchmark (``make bench`` runs several in one process: the
    test environment is set up once, by the first)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    with contextlib.suppress(RuntimeError):  # already set up by an earlier benchmark of the run
        setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    # As tests/conftest.py does for each test: an earlier benchmark's database had events of the
    # same ids, slugs and versions, and what was cached or kept of them is not this one's.
    cache.clear()
    representations.PROCESS.clear()
    return connection, old_name


def _event(slug: str, *, pairs: int, rounds: int, seed: int = 1):
    """An event with ``pairs`` pairs and ``rounds`` published rounds of confirmed level-sheet results."""
    from tournaments.models import Event, EventStatus, Pair, Player, RoundStatus

    rng = random.Random(seed)
    event = Event.objects.create(
        slug=slug,
        name=slug,
        status=EventStatus.PUBLISHED,
        tiebreaks=["level_points", "head_to_head", "opponents_points", "progressive"],
    )
    players = Player.objects.bulk_create(Player(event=event, name=f"P{n}") for n in range(2 * pairs))
    made = Pair.objects.bulk_create(
        Pair(event=event, number=n + 1, player_1=players[2 * n], player_2=players[2 * n + 1])
        for n in range(pairs)
    )
    played_rounds(event, [pair.pk for pair in made], rounds, rng, status=RoundStatus.PUBLISHED)
    return Event.objects.get(pk=event.pk)


def _standings(event, repeats: int = 7) -> tuple[float, int]:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring.selectors.standings import standings_table

    times = []
    queries = 0
    for _ in range(repeats):
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            table = standings_table(event)
            times.append(time.perf_counter() - start)
        queries = len(captured)
        assert len(table["rows"]) == event.pairs.count()
    return statistics.median(times) * 1000, queries


def _deal_posts(count: int = 300) -> tuple[float, float]:
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tournaments.models import EventRole, Match, Role, Unit

    event = _event("bench-deals", pairs=2 * count, rounds=1)
    user = get_user_model().objects.create_user("bench-keeper")
    EventRole.objects.create(event=event, user=user, role=Role.SCOREKEEPER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    matches = list(Match.objects.filter(round__event=event).values_list("pk", flat=True))
    Match.objects.filter(pk__in=matches).update(status="playing")
    from scoring.models import MatchResult

    MatchResult.objects.filter(match__in=matches).delete()
    orders = [["N", "S"], ["E", "N", "W"], ["W", "E"], ["S", "W", "N"]]
    posts = [(pk, number, orders[(pk + number) % 4]) for number in (1, 2, 3) for pk in matches[: count // 3]]
    start = time.perf_counter()
    for pk, number, order in posts:
        response = client.post(
            f"/api/v1/matches/{pk}/deals/", {"number": number, "finishing_order": order}, format="json"
        )
        assert response.status_code == 201, response.content
    per_post = (time.perf_counter() - start) / len(posts)
    start = time.perf_counter()
    for n in range(len(posts)):
        with transaction.atomic():
            Unit.objects.create(event=event, name=f"insert {n}")
    per_insert = (time.perf_counter() - start) / len(posts)
    return 1 / per_post, per_post / per_insert


def main() -> dict[str, float]:
    connection, old_name = _setup()
    try:
        small = _event("bench-small", pairs=100, rounds=ROUNDS)
        big = _event("bench-big", pairs=PAIRS, rounds=ROUNDS)
        _, small_queries = _standings(small, repeats=2)
        ms, queries = _standings(big)
        rate, ratio = _deal_posts()
        figures = {
            "scoring.standings_1000x9_ms": round(ms, 1),
            "scoring.standings_sql_queries_1000_pairs": queries,
            "scoring.standings_sql_queries_100_pairs": small_queries,
            "scoring.deal_posts_per_s": round(rate, 1),
            "scoring.deal_post_over_one_row_insert": round(ratio, 1),
            "scoring.database": connection.vendor,
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures


if __name__ == "__main__":
    main()
