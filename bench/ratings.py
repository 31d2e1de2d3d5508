"""A club's ratings over a season: ``python -m bench.ratings`` (``make bench`` runs it).

The season (issue 24) is built directly in the database: 52 weekly events of 40 pairs × 6 rounds,
12 monthly finals of 20 pairs × 6 rounds and an annual final of 16 pairs × 7 rounds, every result
confirmed (about 6,900 matches), played by a pool of 240 members in pairs drawn anew each week.
Figures (medians, ms unless said):

- ``full_recompute_s``: the Celery task's work, a chronological replay of the whole season and the
  table and histories written (seasons.services.ratings.recompute), in seconds, into an empty
  history; ``recompute_unchanged_s`` the same run again, when nothing changed (no history written);
- ``table_ms`` / ``table_queries``: ``GET /api/v1/clubs/{slug}/ratings/`` through Django's test
  client, and its SQL queries (the same for a club of one event: ``table_queries_one_event``);
- ``table_month_ms`` / ``table_season_ms``: the table over a month's 4 events and over all 65
  (``?events=``, as a series scope reads it), and ``table_season_queries`` (two more than the
  table's: the events named, and each member's count and last match in them);
- ``history_ms``: ``GET /api/v1/clubs/{slug}/members/{id}/ratings/`` of a member who played every week;
- ``page_ms``: the public page ``/c/{slug}/ratings/``.

The budget is 300 ms for the table with a constant number of queries. It runs in a throwaway test
database, as bench.scoring does: PostgreSQL when ``DATABASE_URL`` is set, else SQLite in memory.
"""

from __future__ import annotations

import datetime
import random
import time

from bench.rows import played_rounds
from bench.timing import median_ms

MEMBERS = 240
WEEKLY, MONTHLY, ANNUAL = (52, 40, 6), (12, 20, 6), (1, 16, 7)  # (events, pairs, rounds)


def _event(club, members, slug: str, day: datetime.date, pairs: int, rounds: int, rng: random.Random):
    """An event of the club: ``pairs`` pairs of members drawn from ``members`` (the first member
    plays every event), ``rounds`` closed rounds of confirmed level-sheet results."""
    from tournaments.models import Event, EventStatus, Pair, Player, RoundStatus

    event = Event.objects.create(slug=slug, name=slug, status=EventStatus.FINISHED, club=club, starts_on=day)
    chosen = [members[0], *rng.sample(members[1:], 2 * pairs - 1)]
    players = Player.objects.bulk_create(Player(event=event, name=m.name, member=m) for m in chosen)
    made = Pair.objects.bulk_create(
        Pair(event=event, number=n + 1, player_1=players[2 * n], player_2=players[2 * n + 1])
        for n in range(pairs)
    )
    played_rounds(event, [pair.pk for pair in made], rounds, rng, status=RoundStatus.CLOSED)
    return event


def _season(slug: str, *, seed: int = 1):
    """The club, its members and its season's events (weekly, monthly, annual)."""
    from tournaments.models import Club, Member

    rng = random.Random(seed)
    club = Club.objects.create(slug=slug, name=slug)
    members = Member.objects.bulk_create(
        Member(club=club, name=f"M{n}", member_number=f"{n:05d}", affiliation=f"Unit {n % 12}")
        for n in range(MEMBERS)
    )
    start = datetime.date(2026, 1, 3)
    events = []
    for kind, (count, pairs, rounds) in (("week", WEEKLY), ("month", MONTHLY), ("year", ANNUAL)):
        step = {"week": 7, "month": 30, "year": 0}[kind]
        for n in range(count):
            day = start + datetime.timedelta(
                days=step * n + (1 if kind != "week" else 0) + (360 if kind == "year" else 0)
            )
            events.append(_event(club, members, f"{slug}-{kind}-{n + 1}", day, pairs, rounds, rng))
    return club, members, events


def _queries(call) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


def main() -> dict[str, float]:
    from bench.scoring import _setup

    connection, old_name = _setup()
    try:
        from django.test import Client

        from seasons.services.ratings import recompute

        club, members, events = _season("bench-club")
        small, _, _ = _season_of_one()
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        start = time.perf_counter()
        rated = recompute(club.pk)
        full = time.perf_counter() - start
        start = time.perf_counter()
        recompute(club.pk)  # nothing new: the replay, and no history row written
        unchanged = time.perf_counter() - start
        recompute(small.pk)
        client = Client()

        def get(url: str, **params):
            response = client.get(url, params)
            assert response.status_code == 200, response.status_code
            return response

        table = f"/api/v1/clubs/{club.slug}/ratings/"
        month = ",".join(event.slug for event in events[:4])
        season = ",".join(event.slug for event in events)
        figures: dict[str, float | str] = {
            "ratings.matches_rated": rated,
            "ratings.full_recompute_s": round(full, 2),
            "ratings.recompute_unchanged_s": round(unchanged, 2),
            "ratings.table_ms": round(median_ms(lambda: get(table), 7), 1),
            "ratings.table_queries": _queries(lambda: get(table)),
            "ratings.table_queries_one_event": _queries(lambda: get(f"/api/v1/clubs/{small.slug}/ratings/")),
            "ratings.table_month_ms": round(median_ms(lambda: get(table, events=month), 7), 1),
            "ratings.table_season_ms": round(median_ms(lambda: get(table, events=season), 5), 1),
            "ratings.table_season_queries": _queries(lambda: get(table, events=season)),
            "ratings.history_ms": round(
                median_ms(lambda: get(f"/api/v1/clubs/{club.slug}/members/{members[0].pk}/ratings/"), 7), 1
            ),
            "ratings.page_ms": round(median_ms(lambda: get(f"/c/{club.slug}/ratings/"), 7), 1),
            "ratings.database": connection.vendor,
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures  # type: ignore[return-value]


def _season_of_one():
    """A club of one small event: the table's queries must not grow with the season."""
    from tournaments.models import Club, Member

    rng = random.Random(2)
    club = Club.objects.create(slug="bench-small", name="bench-small")
    members = Member.objects.bulk_create(Member(club=club, name=f"S{n}") for n in range(16))
    event = _event(club, members, "bench-small-1", datetime.date(2026, 1, 3), 8, 3, rng)
    return club, members, [event]


if __name__ == "__main__":
    main()
