"""G11: the top N of one stage go on to the next ("Top N of one stage go to the next")."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import StageFactory, confirm_round, make_pairs, role_client
from tournaments.models import Pair, Role, Round, StageKind

pytestmark = pytest.mark.django_db


def _draw(client, event, stage) -> dict:
    number = client.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": stage.pk}, format="json").json()[
        "number"
    ]
    response = client.post(f"/api/v1/events/{event.slug}/rounds/{number}/draw", {"seed": 5}, format="json")
    assert response.status_code == 200, response.json()
    client.post(f"/api/v1/events/{event.slug}/rounds/{number}/publish")
    return response.json()


def _placed(round_number: int, event) -> set[int]:
    matches = Round.objects.get(event=event, number=round_number).matches.all()
    return {pair for m in matches for pair in (m.ns_pair_id, m.ew_pair_id) if pair}


def test_g11_only_the_top_n_of_the_swiss_stage_play_the_knockout(event, organizer):
    pairs = make_pairs(event, 8)
    swiss = StageFactory(event=event, kind=StageKind.SWISS, order=1, advance_count=4)
    knockout = StageFactory(event=event, kind=StageKind.KNOCKOUT, order=2)
    _draw(organizer, event, swiss)
    first = Round.objects.get(event=event, number=1)
    confirm_round(first)  # the NS pair wins at every table
    winners = {m.ns_pair_id for m in first.matches.all()}

    _draw(organizer, event, knockout)
    assert _placed(2, event) == winners
    assert len(winners) == 4 < len(pairs)


def test_g11_qualifiers_are_seeded_by_their_qualifying_place(event, organizer):
    make_pairs(event, 8, seeded=True)
    swiss = StageFactory(event=event, kind=StageKind.SWISS, order=1, advance_count=2)
    knockout = StageFactory(event=event, kind=StageKind.KNOCKOUT, order=2)
    _draw(organizer, event, swiss)
    first = Round.objects.get(event=event, number=1)
    confirm_round(first, pick=lambda m: m.ew_pair)  # the EW pair wins at every table
    winners = {m.ew_pair_id for m in first.matches.all()}

    _draw(organizer, event, knockout)
    final = Round.objects.get(event=event, number=2).matches.get()
    # Equal points among the four winners: the cut goes by seed.
    best_two = sorted(Pair.objects.filter(pk__in=winners), key=lambda p: p.seed)[:2]
    assert {final.ns_pair_id, final.ew_pair_id} == {p.pk for p in best_two}


def test_g11_without_advance_count_every_active_pair_plays_on(event, organizer):
    pairs = make_pairs(event, 4)
    swiss = StageFactory(event=event, kind=StageKind.SWISS, order=1)
    final = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, order=2)
    _draw(organizer, event, swiss)
    confirm_round(Round.objects.get(event=event, number=1))
    _draw(organizer, event, final)
    assert _placed(2, event) == {p.pk for p in pairs}


def test_g9_qualification_ranks_by_the_events_match_points(event, organizer):
    # Match points are the cumulative level points (own final level - 2). Table 1: A against K (12
    # and 11); table 2: 10 against 9 (8 and 7). By 2/1/0 the two winners would go on; by the event's
    # points the pair that lost at K is second and goes on, the winner at 10 is third and does not.
    event.match_format, event.time_limit_minutes = "time_limit", 60
    event.match_points = {"method": "level_difference", "mode": "cumulative"}
    event.save()
    make_pairs(event, 4)
    swiss = StageFactory(event=event, kind=StageKind.SWISS, order=1, advance_count=2)
    knockout = StageFactory(event=event, kind=StageKind.KNOCKOUT, order=2)
    _draw(organizer, event, swiss)
    referee = role_client(event, Role.REFEREE)
    first = Round.objects.get(event=event, number=1).matches.order_by("table")
    for match, (ns, ew) in zip(first, [("A", "K"), ("10", "9")], strict=True):
        body = {"levels": {"NS": ns, "EW": ew}, "deals_played": 10, "time_up": True, "confirm": True}
        assert referee.post(f"/api/v1/matches/{match.pk}/result", body, format="json").status_code == 201
    table_1 = first[0]

    _draw(organizer, event, knockout)
    assert _placed(2, event) == {table_1.ns_pair_id, table_1.ew_pair_id}
