"""Stages and rounds: draw, edit, publish, close (tournaments/views/schedule.py; docs/rules/guandan.md G11).

Most results are set on the matches through the ORM (``confirm``); the tests of the event's real match
points (G9) enter theirs through the scoring API.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from tests.tournaments.conftest import (
    EventFactory,
    StageFactory,
    UnitFactory,
    assert_problem,
    confirm,
    confirm_round,
    field_errors,
    make_pairs,
    meetings,
    role_client,
)
from tournaments.models import Match, MatchStatus, Pair, Role, Round, Stage, StageKind

pytestmark = pytest.mark.django_db


def rounds_url(event, number: int | None = None, operation: str = "") -> str:
    base = f"/api/v1/events/{event.slug}/rounds/"
    if number is None:
        return base
    return f"{base}{number}/{operation}" if operation else f"{base}{number}/"


def new_round(client, event, stage, **fields) -> dict:
    response = client.post(rounds_url(event), {"stage": stage.pk, **fields}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def draw(client, event, number: int, seed: int | None = 1):
    return client.post(rounds_url(event, number, "draw"), {"seed": seed}, format="json")


def drawn(client, event, stage, seed: int | None = 1) -> tuple[dict, list[dict]]:
    """Create the next round of ``stage``, draw it, and return the round and its matches."""
    number = new_round(client, event, stage)["number"]
    response = draw(client, event, number, seed)
    assert response.status_code == 200, response.json()
    return response.json(), tables(client, event, number)


def tables(client, event, number: int) -> list[dict]:
    body = client.get(f"/api/v1/events/{event.slug}/matches/", {"round": number, "page_size": 500}).json()
    return body["results"]


def placement(matches) -> list[tuple]:
    """Who sits where: (table, NS pair, EW pair or None). Match ids change when a draft is stored again."""
    return [(m["table"], m["ns_pair"]["id"], m["ew_pair"]["id"] if m["ew_pair"] else None) for m in matches]


def seeds_at_tables(matches) -> list[tuple[int, ...]]:
    return [tuple(sorted(m[side]["seed"] for side in ("ns_pair", "ew_pair") if m[side])) for m in matches]


def round_of(event, number: int) -> Round:
    return Round.objects.get(event=event, number=number)


@pytest.fixture
def swiss(event) -> Stage:
    return StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")


# ---- stages ----------------------------------------------------------------------------------
def stages_url(event) -> str:
    return f"/api/v1/events/{event.slug}/stages/"


def test_stages_are_ordered_one_after_another(event, organizer):
    first = organizer.post(stages_url(event), {"name": "Swiss", "kind": "swiss"}).json()
    second = organizer.post(
        stages_url(event), {"name": "Final", "kind": "knockout", "advance_count": 8}
    ).json()
    assert (first["order"], second["order"]) == (1, 2)
    assert second["advance_count"] == 8


def test_a_taken_stage_order_is_a_400(event, organizer):
    StageFactory(event=event, order=1)
    response = organizer.post(stages_url(event), {"name": "Again", "order": 1})
    assert_problem(response, 400, "unique")
    assert field_errors(response) == {"order": "unique"}


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"kind": "ladder"}, {"kind": "invalid_choice"}),
        ({"best_of": 2}, {"best_of": "invalid_choice"}),
        ({"group_count": 0}, {"group_count": "min_value"}),
        ({"advance_count": 0}, {"advance_count": "min_value"}),
        ({"first_round": "alphabetical"}, {"first_round": "invalid_choice"}),
    ],
)
def test_bad_stage_settings_are_400s(event, organizer, fields, errors):
    response = organizer.post(stages_url(event), {"name": "S", **fields})
    assert field_errors(response) == errors


def test_a_stage_with_rounds_cannot_be_deleted(event, organizer, swiss):
    new_round(organizer, event, swiss)
    assert_problem(organizer.delete(f"{stages_url(event)}{swiss.pk}/"), 409, "in_use")


def test_an_empty_stage_is_deleted(event, organizer, swiss):
    assert organizer.delete(f"{stages_url(event)}{swiss.pk}/").status_code == 204


# ---- rounds ----------------------------------------------------------------------------------
def test_rounds_are_numbered_in_order(event, organizer, swiss):
    first, second = new_round(organizer, event, swiss), new_round(organizer, event, swiss)
    assert (first["number"], second["number"]) == (1, 2)
    assert (first["status"], first["match_count"], first["draw_seed"]) == ("draft", 0, None)


def test_a_taken_round_number_is_a_400(event, organizer, swiss):
    new_round(organizer, event, swiss)
    response = organizer.post(rounds_url(event), {"stage": swiss.pk, "number": 1})
    assert_problem(response, 400, "duplicate_number")
    assert field_errors(response) == {"number": "duplicate_number"}


def test_a_round_needs_a_stage_of_its_event(event, organizer):
    response = organizer.post(rounds_url(event), {"stage": StageFactory().pk})
    assert field_errors(response) == {"stage": "does_not_exist"}
    assert field_errors(organizer.post(rounds_url(event), {})) == {"stage": "required"}


def test_a_round_start_time_may_change_after_publication(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    response = organizer.patch(rounds_url(event, 1), {"starts_at": "2026-12-05T09:00:00+08:00"})
    assert response.status_code == 200
    assert response.json()["starts_at"] == "2026-12-05T09:00:00+08:00"


def test_moving_a_draft_to_another_stage_discards_its_draw(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    knockout = StageFactory(event=event, kind=StageKind.KNOCKOUT)
    body = organizer.patch(rounds_url(event, 1), {"stage": knockout.pk}).json()
    assert (body["stage"], body["match_count"], body["draw_seed"]) == (knockout.pk, 0, None)


def test_a_published_round_keeps_its_stage(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    other = StageFactory(event=event)
    assert_problem(organizer.patch(rounds_url(event, 1), {"stage": other.pk}), 409, "round_not_draft")


def test_a_round_number_cannot_be_patched(event, organizer, swiss):
    new_round(organizer, event, swiss)
    organizer.patch(rounds_url(event, 1), {"number": 7})
    assert Round.objects.get(event=event).number == 1


# ---- Swiss draws -------------------------------------------------------------------------------
def test_g11_a_first_round_places_every_pair_once(event, organizer, swiss):
    pairs = make_pairs(event, 8)
    round_, matches = drawn(organizer, event, swiss, seed=42)
    assert (round_["draw_seed"], round_["draw_system"], round_["match_count"]) == (42, "swiss", 4)
    assert round_["drawn_at"] is not None
    assert [m["table"] for m in matches] == [1, 2, 3, 4]
    assert set().union(*meetings(matches)) == {p.pk for p in pairs}


def test_g11_the_same_seed_reproduces_the_same_draw(event, organizer, swiss):
    make_pairs(event, 12, units=3)
    _, first = drawn(organizer, event, swiss, seed=2026)
    draw(organizer, event, 1, seed=99)
    draw(organizer, event, 1, seed=2026)
    assert placement(tables(organizer, event, 1)) == placement(first)


def test_g11_a_draw_without_a_seed_stores_the_seed_that_reproduces_it(event, organizer, swiss):
    make_pairs(event, 10)
    new_round(organizer, event, swiss)
    seed = draw(organizer, event, 1, seed=None).json()["draw_seed"]
    first = tables(organizer, event, 1)
    draw(organizer, event, 1, seed=seed + 1)
    draw(organizer, event, 1, seed=seed)
    assert placement(tables(organizer, event, 1)) == placement(first)


def test_g11_a_seeded_first_round_meets_the_top_half_with_the_bottom_half(event, organizer):
    make_pairs(event, 8, seeded=True)
    stage = StageFactory(event=event, first_round="seeded")
    _, matches = drawn(organizer, event, stage)
    assert seeds_at_tables(matches) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_g11_a_first_round_keeps_units_apart(event, organizer, swiss):
    make_pairs(event, 16, units=4)
    round_, matches = drawn(organizer, event, swiss, seed=5)
    assert all(m["ns_pair"]["unit"] != m["ew_pair"]["unit"] for m in matches)
    assert round_["relaxed"] == []


def test_g11_a_first_round_with_soft_units_may_not_need_to_mix(event, organizer, swiss):
    event.same_unit = "off"
    event.save()
    make_pairs(event, 4, units=1)
    round_, matches = drawn(organizer, event, swiss)
    assert len(matches) == 2
    assert round_["relaxed"] == []  # same-unit meetings are allowed: nothing was relaxed


def test_g11_same_unit_meetings_that_cannot_be_avoided_are_recorded(event, organizer, swiss):
    make_pairs(event, 4, units=1)
    round_, matches = drawn(organizer, event, swiss)
    assert all("same_unit" in m["flags"] for m in matches)
    assert sorted(entry.split(":")[0] for entry in round_["relaxed"]) == ["same_unit", "same_unit"]


def by_numbers(flag: str, match: dict) -> str:
    numbers = sorted(match[side]["number"] for side in ("ns_pair", "ew_pair") if match[side])
    return f"{flag}:{'-'.join(map(str, numbers))}"


def test_g11_relaxed_names_pairs_by_their_numbers(event, organizer, swiss):
    make_pairs(event, 4, units=1, first=101)
    round_, matches = drawn(organizer, event, swiss)
    assert round_["relaxed"] == sorted(by_numbers("same_unit", m) for m in matches)
    assert round_of(event, 1).relaxed == round_["relaxed"]  # stored as shown


def test_g11_a_knockout_names_pairs_it_could_not_keep_apart_by_number(event, organizer, knockout):
    make_pairs(event, 4, units=1, seeded=True, first=201)  # one unit: it cannot be kept apart
    round_, matches = drawn(organizer, event, knockout)
    halves = [entry for entry in round_["relaxed"] if entry.startswith("same_half:")]
    assert halves and all(set(entry[10:].split("-")) <= {"201", "202", "203", "204"} for entry in halves)
    assert set(round_["relaxed"]) - set(halves) == {by_numbers("same_unit", m) for m in matches}


def test_g11_swiss_round_two_has_no_rematch(event, organizer, swiss):
    make_pairs(event, 8)
    _, first = drawn(organizer, event, swiss, seed=3)
    confirm_round(round_of(event, 1))
    round_, second = drawn(organizer, event, swiss, seed=3)
    assert meetings(second).isdisjoint(meetings(first))
    assert not any("rematch" in m["flags"] for m in second)
    assert not any(entry.startswith("rematch") for entry in round_["relaxed"])


def test_g11_swiss_round_two_meets_equal_points(event, organizer, swiss):
    make_pairs(event, 8)
    drawn(organizer, event, swiss, seed=11)
    confirm_round(round_of(event, 1))
    winners = set(Match.objects.filter(round__number=1).values_list("winner", flat=True))
    round_, second = drawn(organizer, event, swiss, seed=11)
    for match in second:
        assert (match["ns_pair"]["id"] in winners) == (match["ew_pair"]["id"] in winners)
        assert "float" not in match["flags"]
    assert round_["relaxed"] == []


def test_g11_swiss_round_two_keeps_units_apart(event, organizer, swiss):
    make_pairs(event, 16, units=4)
    _, first = drawn(organizer, event, swiss, seed=8)
    confirm_round(round_of(event, 1))
    round_, second = drawn(organizer, event, swiss, seed=8)
    assert all(m["ns_pair"]["unit"] != m["ew_pair"]["unit"] for m in second)
    assert meetings(second).isdisjoint(meetings(first))
    assert not any(entry.startswith(("same_unit", "rematch")) for entry in round_["relaxed"])


def test_g11_seats_balance_north_south_and_east_west(event, organizer, swiss):
    make_pairs(event, 12)
    _, first = drawn(organizer, event, swiss, seed=9)
    confirm_round(round_of(event, 1), lambda m: min((m.ns_pair, m.ew_pair), key=lambda pair: pair.pk))
    _, second = drawn(organizer, event, swiss, seed=9)
    sat_ns = {m["ns_pair"]["id"] for m in first}
    # Where one pair sat N-S in round 1 and the other E-W, they change sides.
    mixed = [m for m in second if (m["ns_pair"]["id"] in sat_ns) != (m["ew_pair"]["id"] in sat_ns)]
    assert mixed
    assert all(m["ew_pair"]["id"] in sat_ns for m in mixed)


def test_g11_only_confirmed_results_count_for_the_pairing(event, organizer, swiss):
    make_pairs(event, 8)
    drawn(organizer, event, swiss, seed=4)
    for match in round_of(event, 1).matches.all():
        match.winner, match.status = match.ns_pair, MatchStatus.FINISHED  # posted, not confirmed
        match.save()
    event.allow_unsettled_draws = True  # drawn over them on purpose (docs/events.md "Unsettled rounds")
    event.save()
    new_round(organizer, event, swiss)
    response = organizer.post(
        rounds_url(event, 2, "draw"), {"seed": 4, "unsettled_reason": "Results still coming"}, format="json"
    )
    assert response.status_code == 200, response.json()
    round_ = response.json()
    assert not any(entry.startswith("float") for entry in round_["relaxed"])  # everybody still on 0


def test_g11_an_odd_count_gives_one_bye_in_the_first_round(event, organizer, swiss):
    make_pairs(event, 9)
    _, matches = drawn(organizer, event, swiss)
    byes = [m for m in matches if m["is_bye"]]
    assert len(byes) == 1
    assert (byes[0]["ew_pair"], byes[0]["flags"], byes[0]["table"]) == (None, ["bye"], 5)


def test_g11_the_bye_goes_to_the_lowest_pair_without_one(event, organizer, swiss):
    pairs = make_pairs(event, 9)
    _, first = drawn(organizer, event, swiss, seed=6)
    had_bye = next(m["ns_pair"]["id"] for m in first if m["is_bye"])
    confirm_round(round_of(event, 1))
    _, second = drawn(organizer, event, swiss, seed=6)
    losers = {
        m.ew_pair_id if m.winner_id == m.ns_pair_id else m.ns_pair_id
        for m in round_of(event, 1).matches.exclude(ew_pair=None)
    }
    # Standings: points, then seed, then pair number; every loser has 0 points and no seed.
    lowest = max((p for p in pairs if p.pk in losers), key=lambda p: p.number)
    byes = [m["ns_pair"]["id"] for m in second if m["is_bye"]]
    assert byes == [lowest.pk]
    assert lowest.pk != had_bye


def test_g11_a_swiss_draw_needs_two_pairs(event, organizer, swiss):
    make_pairs(event, 1)
    new_round(organizer, event, swiss)
    assert_problem(draw(organizer, event, 1), 409, "too_few_entrants")


def test_g11_a_swiss_draw_needs_pairs(event, organizer, swiss):
    new_round(organizer, event, swiss)
    assert_problem(draw(organizer, event, 1), 409, "no_entrants")


@pytest.mark.parametrize("seed", [-1, "abc", 2**63])
def test_a_bad_draw_seed_is_a_400(event, organizer, swiss, seed):
    make_pairs(event, 2)
    new_round(organizer, event, swiss)
    response = draw(organizer, event, 1, seed=seed)
    assert response.status_code == 400
    assert set(field_errors(response)) == {"seed"}


def test_the_draw_is_also_served_with_a_trailing_slash(event, organizer, swiss):
    make_pairs(event, 2)
    new_round(organizer, event, swiss)
    assert organizer.post(rounds_url(event, 1, "draw/"), {"seed": 1}, format="json").status_code == 200


def test_drawing_an_unknown_round_is_a_404(event, organizer):
    assert_problem(draw(organizer, event, 9), 404, "not_found")


# ---- table movement ------------------------------------------------------------------------------
@pytest.fixture
def moving(event) -> None:
    event.table_movement = True
    event.save()


def test_g11_with_table_movement_the_winner_moves_up_one_table(event, organizer, swiss, moving):
    make_pairs(event, 8)
    _, first = drawn(organizer, event, swiss, seed=2)
    confirm_round(round_of(event, 1), lambda m: m.ew_pair)  # East-West wins everywhere
    round_, second = drawn(organizer, event, swiss, seed=2)
    assert round_["draw_system"] == "table_movement"
    for before, after in zip(first, second, strict=True):
        assert after["ns_pair"]["id"] == before["ns_pair"]["id"]  # the loser keeps its seat
    movers = [m["ew_pair"]["id"] for m in first]
    assert [m["ew_pair"]["id"] for m in second] == movers[-1:] + movers[:-1]  # the last goes to table 1


def test_g11_table_movement_settles_a_drawn_match_by_lot(event, organizer, swiss, moving):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    for match in round_of(event, 1).matches.all():
        confirm(match, None)
    round_, second = drawn(organizer, event, swiss)
    assert round_["draw_system"] == "table_movement"
    assert len(second) == 2


def test_g11_table_movement_waits_for_confirmed_results(event, organizer, swiss, moving):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    confirm(round_of(event, 1).matches.get(table=1), None)
    new_round(organizer, event, swiss)
    body = assert_problem(draw(organizer, event, 2), 409, "results_pending")
    assert body["pending"] == [{"round": 1, "table": 2, "status": "scheduled"}]


# ---- knockout ----------------------------------------------------------------------------------
@pytest.fixture
def knockout(event) -> Stage:
    return StageFactory(event=event, kind=StageKind.KNOCKOUT, name="Knockout")


@pytest.mark.parametrize(
    ("size", "tables"),
    [
        (2, [(1, 2)]),
        (4, [(1, 4), (2, 3)]),
        (8, [(1, 8), (4, 5), (3, 6), (2, 7)]),
        # The national text's table for 16: 1v16, 8v9, 4v13, 5v12, 3v14, 6v11, 2v15, 7v10.
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (3, 14), (6, 11), (2, 15), (7, 10)]),
    ],
)
def test_g11_knockout_bracket_seeding_by_table(event, organizer, knockout, size, tables):
    make_pairs(event, size, seeded=True)
    round_, matches = drawn(organizer, event, knockout)
    assert round_["draw_system"] == "knockout"
    assert seeds_at_tables(matches) == tables
    assert [m["bracket_slot"] for m in matches] == list(range(1, size // 2 + 1))


def test_g11_knockout_byes_go_to_the_top_seeds(event, organizer, knockout):
    make_pairs(event, 6, seeded=True)
    _, matches = drawn(organizer, event, knockout)
    assert seeds_at_tables(matches) == [(1,), (4, 5), (3, 6), (2,)]


def test_g11_knockout_puts_one_units_pairs_in_different_halves(event, organizer, knockout):
    pairs = make_pairs(event, 8, seeded=True)
    unit = UnitFactory(event=event)
    Pair.objects.filter(pk__in=[pairs[0].pk, pairs[3].pk]).update(unit=unit)  # seeds 1 and 4: one half
    round_, matches = drawn(organizer, event, knockout)
    top_half = {seed for seeds in seeds_at_tables(matches[:2]) for seed in seeds}
    assert 1 in top_half and 4 not in top_half
    assert round_["relaxed"] == []


def test_g11_knockout_lists_no_same_unit_meeting_when_units_are_off(event, organizer, knockout):
    event.same_unit = "off"
    event.save()
    make_pairs(event, 4, units=1, seeded=True)
    round_, matches = drawn(organizer, event, knockout)
    assert all("same_unit" in m["flags"] for m in matches)  # a fact, still flagged
    assert round_["relaxed"] == []


def test_g11_knockout_best_of_three_ties(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.KNOCKOUT, best_of=3)
    make_pairs(event, 4, seeded=True)
    _, matches = drawn(organizer, event, stage)
    assert [m["best_of"] for m in matches] == [3, 3]


def confirm_favourites(round_: Round) -> None:
    confirm_round(round_, lambda m: min((m.ns_pair, m.ew_pair), key=lambda pair: pair.seed))


def test_g11_knockout_winners_advance_when_results_are_confirmed(event, organizer, knockout):
    make_pairs(event, 16, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    _, matches = drawn(organizer, event, knockout)
    assert seeds_at_tables(matches) == [(1, 8), (4, 5), (3, 6), (2, 7)]


def test_g11_a_knockout_bye_advances_by_itself(event, organizer, knockout):
    make_pairs(event, 3, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    _, matches = drawn(organizer, event, knockout)
    assert seeds_at_tables(matches) == [(1, 2)]


def test_g11_knockout_next_round_needs_every_winner(event, organizer, knockout):
    make_pairs(event, 8, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    Match.objects.filter(round__number=1, table=3).update(winner=None, status=MatchStatus.SCHEDULED)
    new_round(organizer, event, knockout)
    body = assert_problem(draw(organizer, event, 2), 409, "results_pending")
    assert "[3]" in body["detail"]
    assert not round_of(event, 2).matches.exists()


def test_g11_a_knockout_winner_counts_only_once_confirmed(event, organizer, knockout):
    make_pairs(event, 4, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    Match.objects.filter(round__number=1, table=1).update(status=MatchStatus.FINISHED)
    new_round(organizer, event, knockout)
    assert_problem(draw(organizer, event, 2), 409, "results_pending")


def test_g8_a_knockout_match_without_a_winner_is_pending(event, organizer, knockout):
    make_pairs(event, 4, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    confirm(round_of(event, 1).matches.get(table=2), None)  # a confirmed draw decides nothing
    new_round(organizer, event, knockout)
    assert_problem(draw(organizer, event, 2), 409, "results_pending")


def test_g11_after_the_final_the_knockout_is_complete(event, organizer, knockout):
    make_pairs(event, 2, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    new_round(organizer, event, knockout)
    assert_problem(draw(organizer, event, 2), 409, "stage_complete")


# ---- round robin ---------------------------------------------------------------------------------
def play_round_robin(organizer, event, stage, rounds: int) -> list[set[frozenset[int]]]:
    played = []
    for _ in range(rounds):
        round_, matches = drawn(organizer, event, stage)
        assert round_["draw_system"] == "round_robin"
        played.append(meetings(matches))
        # Results change the standings; the schedule must not move with them.
        confirm_round(
            round_of(event, round_["number"]), lambda m: max((m.ns_pair, m.ew_pair), key=lambda p: p.pk)
        )
    return played


def test_g11_round_robin_every_pair_meets_every_other_once(event, organizer):
    pairs = make_pairs(event, 6)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN)
    played = play_round_robin(organizer, event, stage, 5)
    everything = [meeting for round_ in played for meeting in round_]
    assert sorted(map(sorted, everything)) == sorted(
        sorted(c) for c in combinations([p.pk for p in pairs], 2)
    )


def test_g11_round_robin_then_409_stage_complete(event, organizer):
    make_pairs(event, 4)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN)
    play_round_robin(organizer, event, stage, 3)
    new_round(organizer, event, stage)
    assert_problem(draw(organizer, event, 4), 409, "stage_complete")


def test_g11_round_robin_snake_groups_meet_inside_only(event, organizer):
    pairs = make_pairs(event, 8, seeded=True)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, group_count=2)
    played = play_round_robin(organizer, event, stage, 3)
    by_seed = {p.pk: p.seed for p in pairs}
    groups = [{1, 4, 5, 8}, {2, 3, 6, 7}]
    for meeting in (m for round_ in played for m in round_):
        seeds = {by_seed[pair] for pair in meeting}
        assert any(seeds <= group for group in groups)
    assert sum(len(round_) for round_ in played) == 12  # 6 meetings in each group


def test_g11_round_robin_groups_of_different_sizes_all_finish(event, organizer):
    # Snake groups of 5 pairs: seeds 1, 4, 5 (three rounds, with a bye) and 2, 3 (one round).
    pairs = make_pairs(event, 5, seeded=True)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, group_count=2)
    played = play_round_robin(organizer, event, stage, 3)
    by_seed = {p.pk: p.seed for p in pairs}
    everything = [frozenset(by_seed[pair] for pair in meeting) for round_ in played for meeting in round_]
    assert sorted(map(sorted, everything)) == [[1, 4], [1, 5], [2, 3], [4, 5]]
    new_round(organizer, event, stage)
    assert_problem(draw(organizer, event, 4), 409, "stage_complete")


def test_g11_round_robin_odd_group_gives_one_bye_a_round(event, organizer):
    pairs = make_pairs(event, 5)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN)
    byes = []
    for _ in range(5):
        _, matches = drawn(organizer, event, stage)
        byes += [m["ns_pair"]["id"] for m in matches if m["is_bye"]]
    assert sorted(byes) == sorted(p.pk for p in pairs)


def test_g11_round_robin_a_withdrawn_pairs_opponent_gets_a_bye(event, organizer):
    pairs = make_pairs(event, 4)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN)
    first = play_round_robin(organizer, event, stage, 1)
    Pair.objects.filter(pk=pairs[0].pk).update(status="withdrawn")
    later = play_round_robin(organizer, event, stage, 2)
    for round_ in later:
        assert len(round_) == 1  # one match and one bye a round
        assert all(pairs[0].pk not in meeting for meeting in round_)
    everything = [meeting for round_ in (*first, *later) for meeting in round_]
    assert len(everything) == len(set(everything)) == 4  # no meeting twice


def test_g11_round_robin_more_groups_than_pairs_is_a_409(event, organizer):
    make_pairs(event, 3)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, group_count=4)
    new_round(organizer, event, stage)
    assert_problem(draw(organizer, event, 1), 409, "invalid_setting")


# ---- editing a draft: swap two pairs, move a table ---------------------------------------------
def swap(client, event, number: int, **body):
    return client.post(rounds_url(event, number, "swap"), body, format="json")


def test_g11_swapping_two_pairs_trades_their_places(event, organizer, swiss):
    make_pairs(event, 8)
    _, matches = drawn(organizer, event, swiss)
    a, b = matches[0]["ns_pair"]["id"], matches[1]["ew_pair"]["id"]
    response = swap(organizer, event, 1, pair_a=a, pair_b=b)
    assert response.status_code == 200
    after = tables(organizer, event, 1)
    assert after[0]["ns_pair"]["id"] == b
    assert after[1]["ew_pair"]["id"] == a
    assert placement(after[2:]) == placement(matches[2:])


def opponent(matches, pair: int) -> int | None:
    match = next(m for m in matches if pair in (m["ns_pair"]["id"], (m["ew_pair"] or {}).get("id")))
    return match["ew_pair"]["id"] if match["ns_pair"]["id"] == pair else match["ns_pair"]["id"]


def test_g11_a_swap_that_makes_a_rematch_is_flagged_and_relaxed(event, organizer, swiss):
    pairs = make_pairs(event, 8, first=101)
    number = {pair.pk: pair.number for pair in pairs}
    _, first = drawn(organizer, event, swiss)
    confirm_round(round_of(event, 1))
    _, second = drawn(organizer, event, swiss)
    a, b = first[0]["ns_pair"]["id"], first[0]["ew_pair"]["id"]  # met in round 1
    response = swap(organizer, event, 2, pair_a=opponent(second, a), pair_b=b)  # b takes a's opponent's place
    low, high = sorted((number[a], number[b]))
    assert f"rematch:{low}-{high}" in response.json()["relaxed"]
    replay = next(
        m for m in tables(organizer, event, 2) if {m["ns_pair"]["id"], m["ew_pair"]["id"]} == {a, b}
    )
    assert "rematch" in replay["flags"]


def test_g11_a_swap_that_puts_one_unit_together_is_relaxed(event, organizer, swiss):
    make_pairs(event, 4, units=2)
    _, matches = drawn(organizer, event, swiss)
    same = [m for m in matches if m["ns_pair"]["unit"] == m["ew_pair"]["unit"]]
    assert same == []
    # Trade table 1's NS for its unit mate at table 2: both tables become same-unit meetings.
    ns = matches[0]["ns_pair"]
    mate = next(
        m[side]
        for m in matches[1:]
        for side in ("ns_pair", "ew_pair")
        if m[side]["unit"] == matches[0]["ew_pair"]["unit"]
    )
    body = swap(organizer, event, 1, pair_a=ns["id"], pair_b=mate["id"]).json()
    assert sorted(entry.split(":")[0] for entry in body["relaxed"]) == ["same_unit", "same_unit"]
    assert all("same_unit" in m["flags"] for m in tables(organizer, event, 1))


def test_g11_a_swap_with_the_bye_moves_the_bye(event, organizer, swiss):
    make_pairs(event, 5)
    _, matches = drawn(organizer, event, swiss)
    bye = next(m for m in matches if m["is_bye"])
    other = matches[0]["ns_pair"]["id"]
    body = swap(organizer, event, 1, pair_a=bye["ns_pair"]["id"], pair_b=other).json()
    after = tables(organizer, event, 1)
    assert next(m for m in after if m["is_bye"])["ns_pair"]["id"] == other
    assert body["relaxed"] == []


def test_g11_a_knockout_swap_keeps_the_round_publishable(event, organizer, knockout):
    make_pairs(event, 8, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    _, matches = drawn(organizer, event, knockout)
    body = swap(
        organizer, event, 2, pair_a=matches[0]["ns_pair"]["id"], pair_b=matches[1]["ns_pair"]["id"]
    ).json()
    assert body["relaxed"] == []
    assert organizer.post(rounds_url(event, 2, "publish")).status_code == 200


def test_g11_a_swap_in_round_robin_groups_keeps_the_round_publishable(event, organizer):
    make_pairs(event, 6, seeded=True)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, group_count=2)  # two groups of 3: two byes
    _, matches = drawn(organizer, event, stage)
    played = [m for m in matches if not m["is_bye"]]
    body = swap(
        organizer, event, 1, pair_a=played[0]["ns_pair"]["id"], pair_b=played[1]["ns_pair"]["id"]
    ).json()
    assert not any(entry.startswith("two_byes") for entry in body["relaxed"])
    assert organizer.post(rounds_url(event, 1, "publish")).status_code == 200


def test_a_swap_with_a_pair_not_in_the_round_is_a_400(event, organizer, swiss):
    make_pairs(event, 4)
    _, matches = drawn(organizer, event, swiss)
    stranger = make_pairs(EventFactory(), 1)[0]
    response = swap(organizer, event, 1, pair_a=matches[0]["ns_pair"]["id"], pair_b=stranger.pk)
    assert_problem(response, 400, "not_in_round")
    assert field_errors(response) == {"pair_b": "not_in_round"}


def test_a_swap_names_a_pair_outside_the_round_by_its_number(event, organizer, swiss):
    pairs = make_pairs(event, 5, first=101)
    Pair.objects.filter(pk=pairs[4].pk).update(status="withdrawn")
    _, matches = drawn(organizer, event, swiss)
    response = swap(organizer, event, 1, pair_a=pairs[4].pk, pair_b=matches[0]["ns_pair"]["id"])
    body = assert_problem(response, 400, "not_in_round")
    assert body["detail"] == body["errors"][0]["message"] == "Pair 105 is not in this round."


@pytest.mark.parametrize("body", [{}, {"pair_a": 1, "pair_b": 2, "table": 1, "to_table": 2}])
def test_an_edit_is_either_a_swap_or_a_move(event, organizer, swiss, body):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    assert_problem(swap(organizer, event, 1, **body), 400, "invalid_edit")


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"pair_a": 1}, {"pair_b": "required"}),
        ({"pair_b": 1}, {"pair_a": "required"}),
        ({"pair_a": 1, "table": 1, "to_table": 2}, {"pair_b": "required"}),
        ({"pair_a": 1, "table": 1}, {"pair_b": "required", "to_table": "required"}),
        ({"table": 1}, {"to_table": "required"}),
        ({"to_table": 1, "pair_a": 1, "pair_b": 2}, {"table": "required"}),
    ],
)
def test_half_an_edit_is_a_400_naming_what_is_missing(event, organizer, swiss, body, errors):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    response = swap(organizer, event, 1, **body)
    assert response.status_code == 400
    assert field_errors(response) == errors


def test_g11_moving_a_table_trades_places_with_the_match_there(event, organizer, swiss):
    make_pairs(event, 6)
    _, matches = drawn(organizer, event, swiss)
    assert swap(organizer, event, 1, table=1, to_table=3).status_code == 200
    after = tables(organizer, event, 1)
    assert [m["id"] for m in after] == [m["id"] for m in matches]  # a table keeps its match id
    assert [(m["ns_pair"]["id"], m["ew_pair"]["id"]) for m in after] == [
        (m["ns_pair"]["id"], m["ew_pair"]["id"]) for m in (matches[2], matches[1], matches[0])
    ]


def test_g11_moving_a_table_to_a_free_number(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    swap(organizer, event, 1, table=2, to_table=10)
    assert [m["table"] for m in tables(organizer, event, 1)] == [1, 10]


def test_moving_an_unknown_table_is_a_400(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    response = swap(organizer, event, 1, table=7, to_table=1)
    assert_problem(response, 400, "unknown_table")
    assert field_errors(response) == {"table": "unknown_table"}


# ---- publish, close, delete ----------------------------------------------------------------------
def test_g11_publishing_freezes_the_round(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    response = organizer.post(rounds_url(event, 1, "publish"))
    assert response.status_code == 200
    assert response.json()["status"] == "published"
    assert response.json()["published_at"] is not None


@pytest.mark.parametrize(
    ("operation", "body"),
    [("draw", {"seed": 1}), ("swap", {"table": 1, "to_table": 2}), ("publish", {})],
)
def test_g11_a_published_round_cannot_be_changed(event, organizer, swiss, operation, body):
    make_pairs(event, 4)
    _, before = drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    response = organizer.post(rounds_url(event, 1, operation), body, format="json")
    assert_problem(response, 409, "round_not_draft")
    assert [m["id"] for m in tables(organizer, event, 1)] == [m["id"] for m in before]


def test_a_round_must_be_drawn_before_it_is_published(event, organizer, swiss):
    new_round(organizer, event, swiss)
    assert_problem(organizer.post(rounds_url(event, 1, "publish")), 409, "not_drawn")


def test_a_pair_withdrawn_after_the_draw_stops_the_publication(event, organizer, swiss):
    pairs = make_pairs(event, 4)
    drawn(organizer, event, swiss)
    organizer.patch(f"/api/v1/events/{event.slug}/pairs/{pairs[2].pk}/", {"status": "withdrawn"})
    assert_problem(organizer.post(rounds_url(event, 1, "publish")), 409, "draw_stale")
    draw(organizer, event, 1)
    assert organizer.post(rounds_url(event, 1, "publish")).status_code == 200


def test_g11_a_pair_registered_after_the_draw_stops_the_publication(event, organizer, swiss):
    make_pairs(event, 4, first=101)
    drawn(organizer, event, swiss)
    late = organizer.post(
        f"/api/v1/events/{event.slug}/pairs/",
        {"player_1": {"name": "late a"}, "player_2": {"name": "late b"}},
        format="json",
    )
    assert late.json()["number"] == 105
    body = assert_problem(organizer.post(rounds_url(event, 1, "publish")), 409, "draw_stale")
    assert body["pairs"] == [105]
    assert "105" in body["detail"]
    draw(organizer, event, 1)
    assert organizer.post(rounds_url(event, 1, "publish")).status_code == 200


def test_g11_a_pair_reinstated_after_the_draw_stops_the_publication(event, organizer, swiss):
    pairs = make_pairs(event, 5, first=101)
    Pair.objects.filter(pk=pairs[0].pk).update(status="withdrawn")
    drawn(organizer, event, swiss)
    organizer.patch(f"/api/v1/events/{event.slug}/pairs/{pairs[0].pk}/", {"status": "active"})
    body = assert_problem(organizer.post(rounds_url(event, 1, "publish")), 409, "draw_stale")
    assert body["pairs"] == [101]


def test_g11_withdrawn_and_new_pairs_are_named_together(event, organizer, swiss):
    pairs = make_pairs(event, 4, first=101)
    drawn(organizer, event, swiss)
    Pair.objects.filter(pk=pairs[1].pk).update(status="disqualified")
    make_pairs(event, 1, first=150)
    body = assert_problem(organizer.post(rounds_url(event, 1, "publish")), 409, "draw_stale")
    assert body["pairs"] == [102, 150]


def test_g11_a_later_round_robin_round_does_not_wait_for_a_late_pair(event, organizer):
    make_pairs(event, 4)
    stage = StageFactory(event=event, kind=StageKind.ROUND_ROBIN)
    play_round_robin(organizer, event, stage, 1)
    make_pairs(event, 1)  # the groups were made by the first round: it plays no part
    drawn(organizer, event, stage)
    assert organizer.post(rounds_url(event, 2, "publish")).status_code == 200


def test_g11_a_later_knockout_round_does_not_wait_for_a_late_pair(event, organizer, knockout):
    make_pairs(event, 4, seeded=True)
    drawn(organizer, event, knockout)
    confirm_favourites(round_of(event, 1))
    make_pairs(event, 1)
    drawn(organizer, event, knockout)
    assert organizer.post(rounds_url(event, 2, "publish")).status_code == 200


def test_a_stale_if_match_on_publish_is_a_412(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    etag = organizer.get(rounds_url(event, 1))["ETag"]
    draw(organizer, event, 1, seed=77)
    response = organizer.post(rounds_url(event, 1, "publish"), HTTP_IF_MATCH=etag)
    assert_problem(response, 412, "precondition_failed")
    assert round_of(event, 1).status == "draft"


def test_a_hand_edit_made_since_the_read_is_a_412_on_publish(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    etag = organizer.get(rounds_url(event, 1))["ETag"]
    swap(organizer, event, 1, table=1, to_table=2)
    response = organizer.post(rounds_url(event, 1, "publish"), HTTP_IF_MATCH=etag)
    assert_problem(response, 412, "precondition_failed")


def test_a_current_if_match_on_publish_goes_through(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    etag = organizer.get(rounds_url(event, 1))["ETag"]
    assert organizer.post(rounds_url(event, 1, "publish"), HTTP_IF_MATCH=etag).status_code == 200


def test_round_operations_answer_the_etag_a_get_would_send(event, organizer, swiss):
    make_pairs(event, 6)
    new_round(organizer, event, swiss)
    etag = organizer.get(rounds_url(event, 1))["ETag"]
    steps = [
        ("post", "draw", {"seed": 5}),
        ("post", "swap", {"table": 1, "to_table": 3}),
        ("patch", "", {"starts_at": "2026-12-05T09:00:00+08:00"}),
        ("post", "publish", {}),
    ]
    for method, operation, body in steps:  # each goes through on the ETag of the answer before
        response = getattr(organizer, method)(
            rounds_url(event, 1, operation), body, format="json", HTTP_IF_MATCH=etag
        )
        assert response.status_code == 200, response.json()
        assert response["ETag"] not in (etag, None)
        etag = response["ETag"]
        assert organizer.get(rounds_url(event, 1))["ETag"] == etag
    confirm_round(round_of(event, 1))
    closed = organizer.post(
        rounds_url(event, 1, "close"), HTTP_IF_MATCH=organizer.get(rounds_url(event, 1))["ETag"]
    )
    assert closed["ETag"] == organizer.get(rounds_url(event, 1))["ETag"]


def test_a_replayed_draw_carries_its_etag(event, organizer, swiss):
    make_pairs(event, 4)
    new_round(organizer, event, swiss)
    first = organizer.post(
        rounds_url(event, 1, "draw"), {"seed": 1}, format="json", HTTP_IDEMPOTENCY_KEY="e-1"
    )
    again = organizer.post(
        rounds_url(event, 1, "draw"), {"seed": 1}, format="json", HTTP_IDEMPOTENCY_KEY="e-1"
    )
    assert again["Idempotent-Replayed"] == "true"
    assert again["ETag"] == first["ETag"]


def test_a_refused_operation_sends_no_etag(event, organizer, swiss):
    new_round(organizer, event, swiss)
    response = organizer.post(rounds_url(event, 1, "publish"))
    assert response.status_code == 409
    assert "ETag" not in response


def test_closing_a_published_round(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    confirm_round(round_of(event, 1))
    body = organizer.post(rounds_url(event, 1, "close")).json()
    assert (body["status"], body["closed_at"] is not None) == ("closed", True)


def test_closing_needs_every_result_confirmed(event, organizer, swiss):
    make_pairs(event, 5)
    drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    first, second = round_of(event, 1).matches.exclude(ew_pair=None).order_by("table")
    confirm(first, first.ns_pair)
    body = assert_problem(organizer.post(rounds_url(event, 1, "close")), 409, "results_pending")
    assert body["tables"] == [second.table]  # the bye needs no result
    confirm(second, None)
    assert organizer.post(rounds_url(event, 1, "close")).status_code == 200


def test_a_draft_cannot_be_closed(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    assert_problem(organizer.post(rounds_url(event, 1, "close")), 409, "round_state")


def test_a_draft_round_is_deleted_with_its_draw(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    assert organizer.delete(rounds_url(event, 1)).status_code == 204
    assert not Round.objects.filter(event=event).exists()
    assert not Match.objects.filter(round__event=event).exists()


def test_a_published_round_cannot_be_deleted(event, organizer, swiss):
    make_pairs(event, 4)
    drawn(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "publish"))
    assert_problem(organizer.delete(rounds_url(event, 1)), 409, "round_not_draft")
    assert round_of(event, 1).matches.count() == 2


# ---- retries ---------------------------------------------------------------------------------------
def test_a_retried_draw_with_its_idempotency_key_replays_the_first_answer(event, organizer, swiss):
    make_pairs(event, 6)
    new_round(organizer, event, swiss)
    first = organizer.post(
        rounds_url(event, 1, "draw"), {"seed": None}, format="json", HTTP_IDEMPOTENCY_KEY="d-1"
    )
    before = placement(tables(organizer, event, 1))
    again = organizer.post(
        rounds_url(event, 1, "draw"), {"seed": None}, format="json", HTTP_IDEMPOTENCY_KEY="d-1"
    )
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert placement(tables(organizer, event, 1)) == before  # not drawn again


def test_an_idempotency_key_reused_for_another_draw_is_a_422(event, organizer, swiss):
    make_pairs(event, 6)
    new_round(organizer, event, swiss)
    organizer.post(rounds_url(event, 1, "draw"), {"seed": 1}, format="json", HTTP_IDEMPOTENCY_KEY="d-2")
    response = organizer.post(
        rounds_url(event, 1, "draw"), {"seed": 2}, format="json", HTTP_IDEMPOTENCY_KEY="d-2"
    )
    assert_problem(response, 422, "idempotency_key_reused")


def test_g11_a_stage_with_rounds_keeps_its_draw_system(event, organizer):
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    organizer.post(rounds_url(event), {"stage": stage.pk}, format="json")
    url = f"/api/v1/events/{event.slug}/stages/{stage.pk}/"
    response = organizer.patch(url, {"kind": "knockout"}, format="json")
    assert_problem(response, 400, "stage_started")
    assert organizer.patch(url, {"name": "Swiss A", "advance_count": 8}, format="json").status_code == 200


def test_g8_a_swiss_round_is_best_of_three_when_the_event_says_so(event, organizer):
    event.best_of = 3
    event.save()
    make_pairs(event, 4)
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    organizer.post(rounds_url(event), {"stage": stage.pk}, format="json")
    organizer.post(rounds_url(event, 1, "draw"), {"seed": 1}, format="json")
    assert set(Match.objects.filter(round__event=event).values_list("best_of", flat=True)) == {3}


# ---- the event's real match points (G9) in the draws ------------------------------------------------
# Results go through the scoring API (a referee's level sheet, or posted deals, confirmed at once).
def publish(client, event, number: int) -> None:
    assert client.post(rounds_url(event, number, "publish")).status_code == 200


def referee_sheet(referee, match_id: int, ns: str, ew: str) -> None:
    body = {"levels": {"NS": ns, "EW": ew}, "deals_played": 10, "time_up": True, "confirm": True}
    response = referee.post(f"/api/v1/matches/{match_id}/result", body, format="json")
    assert response.status_code == 201, response.json()


def referee_deals(referee, match_id: int, orders) -> None:
    for number, order in enumerate(orders, start=1):
        response = referee.post(
            f"/api/v1/matches/{match_id}/deals/", {"number": number, "finishing_order": order}, format="json"
        )
        assert response.status_code == 201, response.json()
    response = referee.post(f"/api/v1/matches/{match_id}/result", {"confirm": True}, format="json")
    assert response.status_code == 201, response.json()


def test_g9_swiss_pairing_uses_the_events_match_points(event, organizer, swiss):
    # Match points are the cumulative level points (own final level - 2): a pair that lost at K (11)
    # ranks above pairs that won at Q (10) or 10 (8). Under 2/1/0 the four winners would meet each
    # other and so would the four losers; by the event's points the narrow loser meets a winner.
    event.match_format, event.time_limit_minutes = "time_limit", 60
    event.match_points = {"method": "level_difference", "mode": "cumulative"}
    event.save()
    make_pairs(event, 8)
    referee = role_client(event, Role.REFEREE)
    _, first = drawn(organizer, event, swiss, seed=3)
    publish(organizer, event, 1)
    # | table | NS levels | EW levels | NS points | EW points |
    # |   1   |     A     |     K     |    12     |    11     |
    # |   2   |     A     |     J     |    12     |     9     |
    # |   3   |    10     |     9     |     8     |     7     |
    # |   4   |     Q     |     8     |    10     |     6     |
    for match, (ns, ew) in zip(first, [("A", "K"), ("A", "J"), ("10", "9"), ("Q", "8")], strict=True):
        referee_sheet(referee, match["id"], ns, ew)
    label = {}
    for table, match in enumerate(first, start=1):
        label[f"{table}NS"], label[f"{table}EW"] = match["ns_pair"]["id"], match["ew_pair"]["id"]
    _, second = drawn(organizer, event, swiss, seed=3)
    expected = [("1NS", "2NS"), ("1EW", "4NS"), ("2EW", "3NS"), ("3EW", "4EW")]  # the only best draw
    assert meetings(second) == {frozenset((label[a], label[b])) for a, b in expected}


def test_g9_table_movement_moves_the_side_with_more_match_points(event, organizer, swiss, moving):
    # deal_points (every deal won: 1-2 = 4, 1-3 = 2, 1-4 = 1) over a 6-deal game. At table 1 NS win
    # 9 to 8 with three 1-3s and a 1-4 (7 points) while EW won two 1-2s (8 points): EW move up.
    event.match_format, event.deal_limit = "deal_count", 6
    event.match_points = {"method": "deal_points"}
    event.save()
    make_pairs(event, 4)
    referee = role_client(event, Role.REFEREE)
    _, first = drawn(organizer, event, swiss)
    publish(organizer, event, 1)
    table_1 = [["N", "E", "S"], ["E", "W"], ["N", "E", "S"], ["E", "W"], ["N", "E", "S"], ["N", "E", "W"]]
    referee_deals(referee, first[0]["id"], table_1)
    referee_deals(referee, first[1]["id"], [["N", "S"]] * 5)  # NS pass A: 20 points to 0
    results = Match.objects.filter(round__event=event, round__number=1).order_by("table")
    assert [m.winner_id for m in results] == [first[0]["ns_pair"]["id"], first[1]["ns_pair"]["id"]]
    round_, second = drawn(organizer, event, swiss)
    assert round_["draw_system"] == "table_movement"
    a, b = first[0]["ns_pair"]["id"], first[0]["ew_pair"]["id"]  # table 1: a won, b scored more
    c, d = first[1]["ns_pair"]["id"], first[1]["ew_pair"]["id"]  # table 2: c won and scored more
    assert placement(second) == [(1, a, c), (2, b, d)]  # b moved up to table 2, c wrapped to table 1


def test_a_stage_after_the_largest_order_needs_an_order_given(event, organizer):
    """Issue 23: after a stage ordered 32767 (the column's largest), the next order given by the
    server overflowed the column (500 on PostgreSQL)."""
    assert organizer.post(stages_url(event), {"name": "Last", "order": 32767}).status_code == 201
    response = organizer.post(stages_url(event), {"name": "After"})
    assert_problem(response, 400, "stage_orders_exhausted")
    assert field_errors(response) == {"order": "stage_orders_exhausted"}
    assert organizer.post(stages_url(event), {"name": "Given", "order": 5}).status_code == 201


def test_a_round_after_the_largest_number_needs_a_number_given(event, organizer, swiss):
    """Issue 23: the same for round numbers."""
    new_round(organizer, event, swiss, number=32767)
    response = organizer.post(rounds_url(event), {"stage": swiss.pk})
    assert_problem(response, 400, "round_numbers_exhausted")
    assert field_errors(response) == {"number": "round_numbers_exhausted"}
    assert new_round(organizer, event, swiss, number=2)["number"] == 2
