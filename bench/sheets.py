"""The scoresheet path of Shuangkou and Daguai Luzi (docs/scoring.md "Every game keeps its matches on a
scoresheet"):
``python -m bench.sheets`` (``make bench`` runs it).

- **Deal posts** through the API (Django's test client: middleware, DRF, the sheet's record and fold
  of the match, the audit log), a Shuangkou short-form deal and a Daguai deal against a Guandan
  deal posted in the same run, interleaved (a noisy 2-core machine: ratios, never bare rates).
  Each game posts deals 1-3 of its matches, so every post folds a match of up to 3 deals.
- **The sheet's fold** per deal, in µs: ``MatchSheet.fold`` of a stored match of N deals (Shuangkou
  40 short-form deals on time, Daguai a round of 40 deals), divided by N.

It runs in a throwaway test database: PostgreSQL when ``DATABASE_URL`` is set, else SQLite in memory.
"""

from __future__ import annotations

import gc
import statistics
import time

from engine import get_game

MATCHES = 60  # per game; 3 deals each
FOLD_DEALS = 40


def _event(game: str, ruleset: str, *, matches: int, overrides: dict | None = None):
    """A published event of ``game`` with one published round of ``matches`` tables in play."""
    from tournaments.models import Event, EventStatus, Match, Pair, Player, Round, RoundStatus, Stage

    event = Event.objects.create(
        slug=f"bench-{game}",
        name=game,
        game=game,
        ruleset=ruleset,
        rule_overrides=overrides or {},
        status=EventStatus.PUBLISHED,
    )
    size = get_game(game).team_size
    players = Player.objects.bulk_create(Player(event=event, name=f"P{n}") for n in range(size * 2 * matches))
    pairs = Pair.objects.bulk_create(
        Pair(
            event=event,
            number=n + 1,
            player_1=players[size * n],
            player_2=players[size * n + 1],
            player_3=players[size * n + 2] if size == 3 else None,
        )
        for n in range(2 * matches)
    )
    stage = Stage.objects.create(event=event, name="Swiss")
    round_ = Round.objects.create(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    made = Match.objects.bulk_create(
        Match(round=round_, table=t + 1, ns_pair=pairs[2 * t], ew_pair=pairs[2 * t + 1], status="playing")
        for t in range(matches)
    )
    return event, [match.pk for match in made]


def _client(event):
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tournaments.models import EventRole, Role

    user = get_user_model().objects.create_user(f"keeper-{event.slug}")
    EventRole.objects.create(event=event, user=user, role=Role.SCOREKEEPER)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


# Deals 1-3 of a match, each game's body (none of them ends the match).
BODIES = {
    "guandan": [
        {"finishing_order": ["N", "S"]},
        {"finishing_order": ["E", "N", "W"]},
        {"finishing_order": ["N", "E", "S"]},
    ],
    "shuangkou": [
        {"dealer": "N", "attackers_points": 80},  # EW take the deal without a rise: W deals next
        {"dealer": "W", "attackers_points": 85},  # NS take it back: S deals next
        {"dealer": "S", "attackers_points": 30, "j_last_trick": False},  # NS keep it: 2 → 7
    ],
    "daguai": [
        {"dealer": "1", "finishing_order": list("12436")},
        {"dealer": "2", "finishing_order": list("2146")},
        {"dealer": "3", "finishing_order": list("135")},
    ],
}


def _posts() -> dict[str, float]:
    """Median ms per deal post of each game, the posts of the three games interleaved."""
    setups = {
        "guandan": _event("guandan", "guandan-standard", matches=MATCHES),
        "shuangkou": _event("shuangkou", "shuangkou-standard", matches=MATCHES),
        "daguai": _event("daguai", "daguai-standard", matches=MATCHES),
    }
    clients = {game: _client(event) for game, (event, _) in setups.items()}
    times: dict[str, list[float]] = {game: [] for game in setups}
    for number in (1, 2, 3):
        for index in range(MATCHES):
            for game, (_, matches) in setups.items():
                body = {"number": number, **BODIES[game][number - 1]}
                start = time.perf_counter()
                response = clients[game].post(f"/api/v1/matches/{matches[index]}/deals/", body, format="json")
                times[game].append((time.perf_counter() - start) * 1000)
                assert response.status_code == 201, (game, response.content)
    return {game: statistics.median(values) for game, values in times.items()}


def _fold_us() -> dict[str, float]:
    """µs per deal of ``MatchSheet.fold`` over a stored match of ``FOLD_DEALS`` deals."""
    from engine.seats import Seat

    figures = {}
    sk = get_game("shuangkou")
    profile = sk.profile("shuangkou-standard", {})
    sheet, state, records = sk.match_sheet, None, []
    state = sheet.start(profile)
    for _ in range(FOLD_DEALS):  # the deal passes on 80 without a rise: the match never ends
        dealer = state.dealer or Seat("N")
        record = sheet.record({"dealer": dealer.value, "attackers_points": 80}, state=state, profile=profile)
        records.append(record)
        state = sheet.apply(state, record, profile=profile)
    figures["shuangkou"] = _fold(sheet, records, profile)
    dg = get_game("daguai")
    profile = dg.profile("daguai-standard", {"deals_per_round": FOLD_DEALS})
    sheet, records = dg.match_sheet, []
    state = sheet.start(profile)
    for number in range(1, FOLD_DEALS + 1):
        order = list("12436") if number % 2 else list("2146")
        record = sheet.record(
            {"dealer": str((number - 1) % 6 + 1), "finishing_order": order}, state=state, profile=profile
        )
        records.append(record)
        state = sheet.apply(state, record, profile=profile)
    figures["daguai"] = _fold(sheet, records, profile)
    return figures


def _fold(sheet, records, profile, repeats: int = 200) -> float:
    gc.collect()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        sheet.fold(records, profile=profile)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / len(records) * 1e6


def main() -> dict[str, float]:
    from bench.scoring import _setup

    connection, old_name = _setup()
    try:
        posts = _posts()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    folds = _fold_us()
    figures = {
        "sheets.shuangkou_deal_post_over_guandan": round(posts["shuangkou"] / posts["guandan"], 2),
        "sheets.daguai_deal_post_over_guandan": round(posts["daguai"] / posts["guandan"], 2),
        "sheets.shuangkou_fold_us_per_deal": round(folds["shuangkou"], 2),
        "sheets.daguai_fold_us_per_deal": round(folds["daguai"], 2),
        "sheets.fold_deals": FOLD_DEALS,
        "sheets.database": connection.vendor,
    }
    for name, value in figures.items():
        print(f"{name}: {value}")
    return figures


if __name__ == "__main__":
    main()
