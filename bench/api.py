"""Requests per second of ``POST /api/v1/referee/plays/validate`` through Django's test client.

The whole stack runs (middleware, DRF, serializers, engine, problem handler), minus the
network and the WSGI server. The sample of plays is fixed (seeded) and mixes leads and follows.
"""

from __future__ import annotations

import os
import random
import statistics
import time


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    import django

    django.setup()


def _sample(count: int, seed: int = 7) -> list[dict]:
    from engine.guandan.cards import format_level
    from engine.guandan.profiles import STANDARD
    from engine.guandan.simulate import simulate_deal

    rng = random.Random(seed)
    bodies: list[dict] = []
    while len(bodies) < count:
        deal = simulate_deal(rng=rng, level=rng.choice(range(2, 15)), profile=STANDARD)
        previous = None
        for action in deal.actions:
            if not action.cards:
                continue
            body = {"level": format_level(deal.level), "cards": [c.code for c in action.cards]}
            if previous and rng.random() < 0.5:
                body["previous"] = previous
            bodies.append(body)
            previous = body["cards"]
    return bodies[:count]


def main(requests: int = 2000) -> dict[str, float]:
    _setup()
    from django.test import Client

    client = Client()
    bodies = _sample(requests)
    url = "/api/v1/referee/plays/validate"
    for body in bodies[:50]:  # warm up
        client.post(url, body, content_type="application/json")
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        for body in bodies:
            response = client.post(url, body, content_type="application/json")
            assert response.status_code == 200, response.content
        rates.append(len(bodies) / (time.perf_counter() - start))
    figures = {"api.plays_validate_requests_per_s": round(statistics.median(rates), 1)}
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures


if __name__ == "__main__":
    main()
