"""A club season's series standings: ``python -m bench.series`` (``make bench`` runs it).

The season of issue 24, built directly in the database: a club of 200 members in 100 partnerships,
52 weekly events of 40 of them (5 rounds each, every result confirmed, every round closed), 12
monthly finals fed by the top 8 of their weeks and an annual final fed by the top 4 of each month —
the finals' entrants registered through the qualifiers service, as ``POST …/qualifiers`` does —
all 65 events in one series (best 40 of n). Through Django's test client, in ms (medians):

- ``first``: ``GET /api/v1/series/{slug}/standings`` when no event's placings are stored yet and
  no standings are cached (each event's standings computed and its placings written once);
- ``standings``: the same GET again (65 stored placings read in one query), and its ``queries``;
- ``after_result``: the GET after one event's results moved (that event's placings written again);
- ``as_of``: the GET ``?as_of=`` the 26th week; ``qualifiers``: ``GET …/finals/{annual}/qualifiers``;
- ``page``: the public page ``/s/{slug}/``.

Throwaway test database as bench.scoring: PostgreSQL when ``DATABASE_URL`` is set, else SQLite in
memory. The budget (issue 24) is 300 ms for the series standings, with a constant number of queries.
"""

from __future__ import annotations

import random
import time

from bench.rows import played_rounds
from bench.timing import median_ms

WEEKS, MONTHS, PAIRS, ROUNDS, PARTNERSHIPS = 52, 12, 40, 5, 100


def _play(event, pair_ids: list[int], rng: random.Random) -> None:
    """``ROUNDS`` closed rounds of random confirmed level-sheet results between ``pair_ids``."""
    from tournaments.models import RoundStatus

    played_rounds(event, pair_ids, ROUNDS, rng, status=RoundStatus.CLOSED, top=14)


def _season(seed: int = 24):
    """The club, its members, the 65 events played and the series over them (see the module's text)."""
    from django.db.models import F

    from seasons.models import Series, SeriesEvent, SeriesLink
    from seasons.selectors.series import final_links
    from seasons.services.series import register_qualifiers
    from tournaments.models import Club, Event, EventStatus, Member, Pair, Player

    rng = random.Random(seed)
    club = Club.objects.create(slug="bench-club", name="Bench club")
    members = Member.objects.bulk_create(
        Member(club=club, name=f"M{n}", member_number=f"{n:04d}") for n in range(2 * PARTNERSHIPS)
    )
    series = Series.objects.create(
        club=club, slug="bench-season", name="Season", status="published", best_of=40
    )
    weeks = []
    for week in range(WEEKS):
        event = Event.objects.create(
            slug=f"week-{week + 1}", name=f"Week {week + 1}", club=club, status=EventStatus.FINISHED
        )
        chosen = rng.sample(range(PARTNERSHIPS), PAIRS)
        players = Player.objects.bulk_create(
            Player(event=event, name=members[2 * p + side].name, member=members[2 * p + side])
            for p in chosen
            for side in (0, 1)
        )
        pairs = Pair.objects.bulk_create(
            Pair(event=event, number=n + 1, player_1=players[2 * n], player_2=players[2 * n + 1])
            for n in range(PAIRS)
        )
        _play(event, [pair.pk for pair in pairs], rng)
        weeks.append(event)
    months = [
        Event.objects.create(
            slug=f"month-{m + 1}", name=f"Month {m + 1}", club=club, status=EventStatus.PUBLISHED
        )
        for m in range(MONTHS)
    ]
    annual = Event.objects.create(slug="annual", name="Annual final", club=club, status=EventStatus.PUBLISHED)
    order = []
    for m, month in enumerate(months):
        fed = [week for w, week in enumerate(weeks) if w * MONTHS // WEEKS == m]
        order += [*fed, month]
    order.append(annual)
    SeriesEvent.objects.bulk_create(
        SeriesEvent(series=series, event=event, position=n + 1, stage=event.slug.split("-")[0])
        for n, event in enumerate(order)
    )
    for w, week in enumerate(weeks):
        SeriesLink.objects.create(series=series, feeder=week, final=months[w * MONTHS // WEEKS], top=8)
    for month in months:
        SeriesLink.objects.create(series=series, feeder=month, final=annual, top=4)
    for final in [*months, annual]:
        if final is annual:
            Event.objects.filter(pk__in=[m.pk for m in months]).update(status=EventStatus.FINISHED)
        register_qualifiers(series=series, links=final_links(series, final.slug))
        _play(final, list(Pair.objects.filter(event=final).values_list("pk", flat=True)), rng)
        Event.objects.filter(pk=final.pk).update(results_version=F("results_version") + 1)
    Event.objects.filter(pk=annual.pk).update(status=EventStatus.FINISHED)
    return series, weeks, annual


def main() -> dict[str, float]:
    from bench.scoring import _setup

    connection_, old_name = _setup()
    from django.core.cache import cache
    from django.db import connection
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from seasons.models import EventPlacings
    from tournaments.models import Event

    try:
        start = time.perf_counter()
        series, weeks, annual = _season()
        built = (time.perf_counter() - start) * 1000
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        client = Client()
        url = f"/api/v1/series/{series.slug}/standings"

        def get(address: str):
            response = client.get(address)
            assert response.status_code == 200, response.content[:300]
            return response

        def first():
            cache.clear()
            EventPlacings.objects.all().delete()
            get(url)

        def after_result():
            Event.objects.filter(pk=weeks[10].pk).update(results_version=F("results_version") + 1)
            get(url)

        figures: dict[str, float | str] = {"series.build_ms": round(built)}
        figures["series.first_ms"] = median_ms(first, 3)
        figures["series.standings_ms"] = median_ms(lambda: get(url), 9)
        with CaptureQueriesContext(connection) as captured:
            rows = len(get(url).json()["rows"])
        figures["series.standings_queries"] = len(captured)
        figures["series.entrants"] = rows
        figures["series.after_result_ms"] = median_ms(after_result, 5)
        figures["series.as_of_ms"] = median_ms(lambda: get(f"{url}?as_of={weeks[25].slug}"), 9)
        figures["series.qualifiers_ms"] = median_ms(
            lambda: get(f"/api/v1/series/{series.slug}/finals/{annual.slug}/qualifiers"), 9
        )
        figures["series.page_ms"] = median_ms(lambda: get(f"/s/{series.slug}/"), 9)
        figures["series.database"] = connection.vendor
    finally:
        connection_.creation.destroy_test_db(old_name, verbosity=0)
    for name, value in figures.items():
        print(f"{name}: {round(value, 2) if isinstance(value, float) else value}")
    return figures  # type: ignore[return-value]


if __name__ == "__main__":
    main()
