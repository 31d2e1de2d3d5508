"""Two events built alike draw alike, whatever their ids (docs/events.md "Reproducing a draw", G11).

Each test builds two events through the API with the same settings, units, pair numbers, seeds
and results, the second one's pairs registered in the opposite order after pairs of a third event
(so that its ids run the other way and start elsewhere), and draws every round of both with the
same seed: the pairings, the seats, the byes and ``relaxed``, read by pair number, are the same.
Results are confirmed through the ORM (``confirm``), decided by the pair numbers alone.
"""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import EventFactory, StageFactory, confirm, make_pairs, role_client
from tournaments.models import Pair, Role, Round

pytestmark = pytest.mark.django_db


def build(*, pairs: int, units: int = 0, reverse: bool, **settings):
    """An event of ``pairs`` pairs (numbers 1…, pair n in unit n % units, seed n) registered
    through the API, in number order or in reverse after some pairs of another event."""
    event = EventFactory(published=True, **settings)
    client = role_client(event, Role.ORGANIZER)
    base = f"/api/v1/events/{event.slug}"
    unit_ids = [
        client.post(f"{base}/units/", {"name": f"Unit {k}"}, format="json").json()["id"] for k in range(units)
    ]
    if reverse:
        make_pairs(EventFactory(), 7)  # ids taken elsewhere first
    numbers = range(pairs, 0, -1) if reverse else range(1, pairs + 1)
    for number in numbers:
        body = {"number": number, "seed": number, "player_1": {"name": f"A{number}"}}
        if not settings.get("game"):
            body["player_2"] = {"name": f"B{number}"}
        if units:
            body["unit"] = unit_ids[number % units]
        response = client.post(f"{base}/pairs/", body, format="json")
        assert response.status_code == 201, response.json()
    return event, client


def draw_round(event, client, stage, seed: int) -> tuple[list[tuple], list[str]]:
    """The next round of ``stage`` drawn with ``seed``: its tables by pair number, and ``relaxed``."""
    base = f"/api/v1/events/{event.slug}"
    number = client.post(f"{base}/rounds/", {"stage": stage.pk}, format="json").json()["number"]
    answer = client.post(f"{base}/rounds/{number}/draw", {"seed": seed}, format="json")
    assert answer.status_code == 200, answer.json()
    matches = client.get(f"{base}/matches/", {"round": number, "page_size": 500}).json()["results"]
    tables = [
        (
            m["table"],
            m["ns_pair"]["number"] if m["ns_pair"] else None,
            m["ew_pair"]["number"] if m["ew_pair"] else None,
            tuple(seat["pair"]["number"] for seat in m["seats"]),
            tuple(sorted(m["flags"])),
        )
        for m in matches
    ]
    return tables, answer.json()["relaxed"]


def play(event, number: int) -> None:
    """Round ``number`` confirmed: the lower pair number wins, unless the two numbers add up to a
    multiple of five (a draw)."""
    for match in Round.objects.get(event=event, number=number).matches.exclude(ew_pair=None):
        ns, ew = match.ns_pair, match.ew_pair
        confirm(match, None if (ns.number + ew.number) % 5 == 0 else min(ns, ew, key=lambda p: p.number))


def twins(**settings):
    one = build(reverse=False, **settings)
    other = build(reverse=True, **settings)
    ids = [dict(Pair.objects.filter(event=event).values_list("number", "pk")) for event, _ in (one, other)]
    assert all(ids[0][n] != ids[1][n] for n in ids[0])  # the copies really have other ids
    return one, other


def draws_alike(stages, rounds: int, *, seed: int = 42) -> None:
    """Both events' ``rounds`` rounds, each drawn with ``seed + round`` and played, are alike."""
    for number in range(1, rounds + 1):
        drawn = [draw_round(event, client, stage, seed + number) for (event, client), stage in stages]
        assert drawn[0] == drawn[1], number
        for (event, _), _ in stages:
            play(event, number)


@pytest.mark.parametrize("first_round", ["random", "seeded"])
def test_g11_two_swiss_events_built_alike_draw_every_round_alike(first_round):
    events = twins(pairs=11, units=3, same_unit="hard")
    stages = [(e, StageFactory(event=e[0], kind="swiss", first_round=first_round)) for e in events]
    draws_alike(stages, rounds=4)


def test_g11_soft_units_and_table_movement_draw_alike():
    events = twins(pairs=10, units=2, same_unit="soft", table_movement=True)
    stages = [(e, StageFactory(event=e[0], kind="swiss")) for e in events]
    draws_alike(stages, rounds=3)


def test_g11_two_knockouts_built_alike_draw_the_same_bracket_and_next_round():
    events = twins(pairs=7, units=2)
    stages = [(e, StageFactory(event=e[0], kind="knockout")) for e in events]
    draws_alike(stages, rounds=2)


def test_g11_two_round_robins_built_alike_draw_alike():
    events = twins(pairs=5)
    stages = [(e, StageFactory(event=e[0], kind="round_robin")) for e in events]
    draws_alike(stages, rounds=3)


def test_g10_g11_qualifiers_separated_by_lots_are_seeded_alike():
    # The standings' lots (G10) are drawn on pair numbers too: who qualifies, and in which place,
    # does not depend on the ids.
    events = twins(pairs=8, tiebreaks=["lots"], shared_places=False, lots_seed=7)
    stages = []
    for event, client in events:
        swiss = StageFactory(event=event, kind="swiss", order=1, advance_count=4)
        stages.append(((event, client), swiss, StageFactory(event=event, kind="knockout", order=2)))
    draws_alike([(e, swiss) for e, swiss, _ in stages], rounds=1)
    draws_alike([(e, knockout) for e, _, knockout in stages], rounds=1, seed=50)


@pytest.mark.parametrize("first_round", ["random", "seeded"])
def test_d8_two_events_at_tables_of_four_built_alike_seat_alike(first_round):
    events = twins(pairs=10, game="doudizhu4", ruleset="doudizhu4-standard")
    stages = [(e, StageFactory(event=e[0], kind="swiss", first_round=first_round)) for e in events]
    drawn = [draw_round(event, client, stage, 42) for (event, client), stage in stages]
    assert drawn[0] == drawn[1]
