"""Units, players, pairs and the singles draw (tournaments/views/registration.py; docs/rules/guandan.md
G11)."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    PlayerFactory,
    RoundFactory,
    StageFactory,
    UnitFactory,
    actor_client,
    assert_problem,
    field_errors,
    make_pairs,
    role_client,
)
from tournaments.models import Match, Pair, PairStatus, Player, Role, Round, Unit

pytestmark = pytest.mark.django_db


def url(event, collection: str, pk: int | None = None) -> str:
    base = f"/api/v1/events/{event.slug}/{collection}/"
    return base if pk is None else f"{base}{pk}/"


def player(name: str, **extra) -> dict:
    return {"name": name, **extra}


# ---- units -----------------------------------------------------------------------------------
def test_the_organizer_creates_a_unit(event, organizer):
    response = organizer.post(url(event, "units"), {"name": "Tea House 茶馆", "short_name": "茶馆"})
    assert response.status_code == 201
    assert Unit.objects.get(pk=response.json()["id"]).event == event


def test_a_unit_name_is_unique_in_its_event(event, organizer):
    UnitFactory(event=event, name="Union Club")
    response = organizer.post(url(event, "units"), {"name": "Union Club"})
    assert_problem(response, 400, "unique")
    assert field_errors(response) == {"name": "unique"}


def test_two_events_may_have_units_of_the_same_name(event, organizer):
    UnitFactory(event=EventFactory(), name="Union Club")
    assert organizer.post(url(event, "units"), {"name": "Union Club"}).status_code == 201


def test_renaming_a_unit_to_its_own_name_is_fine(event, organizer):
    unit = UnitFactory(event=event, name="Union Club")
    assert organizer.patch(url(event, "units", unit.pk), {"name": "Union Club"}).status_code == 200


def test_units_are_listed_by_name(event, api_client):
    UnitFactory(event=event, name="B")
    UnitFactory(event=event, name="A")
    UnitFactory(name="elsewhere")
    assert [u["name"] for u in api_client.get(url(event, "units")).json()["results"]] == ["A", "B"]


def test_a_unit_with_pairs_cannot_be_deleted(event, organizer):
    unit = UnitFactory(event=event)
    PairFactory(event=event, unit=unit)
    assert_problem(organizer.delete(url(event, "units", unit.pk)), 409, "in_use")
    assert Unit.objects.filter(pk=unit.pk).exists()


def test_an_unused_unit_is_deleted(event, organizer):
    unit = UnitFactory(event=event)
    assert organizer.delete(url(event, "units", unit.pk)).status_code == 204


def test_a_stale_if_match_on_a_unit_is_a_412(event, organizer):
    unit = UnitFactory(event=event, name="Old")
    etag = organizer.get(url(event, "units", unit.pk))["ETag"]
    organizer.patch(url(event, "units", unit.pk), {"name": "New"})
    response = organizer.patch(url(event, "units", unit.pk), {"name": "Newer"}, HTTP_IF_MATCH=etag)
    assert_problem(response, 412, "precondition_failed")
    unit.refresh_from_db()
    assert unit.name == "New"


def test_a_unit_of_another_event_is_a_404(event, organizer):
    unit = UnitFactory(event=EventFactory(published=True))
    assert_problem(organizer.get(url(event, "units", unit.pk)), 404, "not_found")


# ---- players ---------------------------------------------------------------------------------
def test_the_organizer_registers_a_single_player(event, organizer):
    response = organizer.post(url(event, "players"), {"name": "Wang Fang 王芳", "email": "wf@example.org"})
    assert response.status_code == 201
    assert response.json()["email"] == "wf@example.org"


def test_a_player_email_is_validated(event, organizer):
    response = organizer.post(url(event, "players"), {"name": "X", "email": "not-an-email"})
    assert field_errors(response) == {"email": "invalid"}


def test_a_player_unit_must_be_of_the_event(event, organizer):
    response = organizer.post(url(event, "players"), {"name": "X", "unit": UnitFactory().pk})
    assert field_errors(response) == {"unit": "does_not_exist"}


CONTACT_VIEWERS = [
    ("anonymous", False),
    ("outsider", False),
    ("scorekeeper", False),
    ("table_token", False),
    ("referee", False),
    ("chief_referee", True),
    ("organizer", True),
    ("superuser", True),
]


@pytest.mark.parametrize(("actor", "sees_contacts"), CONTACT_VIEWERS)
def test_player_contact_data_is_for_organizers_and_the_chief_referee(event, actor, sees_contacts):
    PlayerFactory(event=event, email="li@example.org", phone="13800000000")
    response = actor_client(event, actor).get(url(event, "players"))
    listed = response.json()["results"][0]
    assert ("li@example.org" in response.content.decode()) is sees_contacts
    assert ("13800000000" in response.content.decode()) is sees_contacts
    assert ({"email", "phone"} <= set(listed)) is sees_contacts


@pytest.mark.parametrize(("actor", "sees_contacts"), CONTACT_VIEWERS)
def test_pair_listings_show_contact_data_to_the_same_roles_only(event, actor, sees_contacts):
    pair = PairFactory(event=event)
    client = actor_client(event, actor)
    for response in (client.get(url(event, "pairs")), client.get(url(event, "pairs", pair.pk))):
        assert (pair.player_1.email in response.content.decode()) is sees_contacts


def test_a_player_in_a_pair_cannot_be_deleted(event, organizer):
    pair = PairFactory(event=event)
    assert_problem(organizer.delete(url(event, "players", pair.player_1_id)), 409, "in_use")


def test_players_filter_by_unit(event, organizer):
    unit = UnitFactory(event=event)
    PlayerFactory(event=event, unit=unit, name="in")
    PlayerFactory(event=event, name="out")
    body = organizer.get(url(event, "players"), {"unit": unit.pk}).json()
    assert [p["name"] for p in body["results"]] == ["in"]


# ---- pairs -----------------------------------------------------------------------------------
def test_a_created_pair_answers_with_the_etag_of_its_page(event, organizer):
    response = organizer.post(
        url(event, "pairs"), {"player_1": player("Li Lei"), "player_2": player("Han Meimei")}, format="json"
    )
    assert response.status_code == 201
    assert response["ETag"] == organizer.get(f"{url(event, 'pairs')}{response.json()['id']}/")["ETag"]


def test_a_pair_is_created_with_its_two_players(event, organizer):
    unit = UnitFactory(event=event)
    response = organizer.post(
        url(event, "pairs"),
        {
            "player_1": player("Li Lei 李雷", email="ll@example.org"),
            "player_2": player("Han Meimei 韩梅梅", phone="139"),
            "unit": unit.pk,
            "seed": 2,
            "grade": "A",
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["number"] == 1
    assert body["display_name"] == "Li Lei 李雷 / Han Meimei 韩梅梅"
    assert body["player_1"]["email"] == "ll@example.org"
    assert body["player_2"]["phone"] == "139"
    assert (body["unit"], body["seed"], body["grade"], body["status"]) == (unit.pk, 2, "A", "active")
    pair = Pair.objects.get(pk=body["id"])
    assert pair.player_1.unit == pair.player_2.unit == unit  # the players take the pair's unit


def test_pair_numbers_are_given_in_order(event, organizer):
    numbers = [
        organizer.post(
            url(event, "pairs"), {"player_1": player(f"{n}a"), "player_2": player(f"{n}b")}, format="json"
        ).json()["number"]
        for n in range(3)
    ]
    assert numbers == [1, 2, 3]


def test_an_auto_number_follows_the_highest_number(event, organizer):
    PairFactory(event=event, number=7)
    body = organizer.post(
        url(event, "pairs"), {"player_1": player("a"), "player_2": player("b")}, format="json"
    ).json()
    assert body["number"] == 8


def new_pair(client, event, **fields):
    body = {"player_1": player("a"), "player_2": player("b"), **fields}
    return client.post(url(event, "pairs"), body, format="json")


def test_after_the_highest_possible_number_a_pair_gets_the_lowest_free_one(event, organizer):
    for number in (1, 2, 4, 2147483647):  # the column's maximum, typed in by hand
        PairFactory(event=event, number=number)
    assert [new_pair(organizer, event).json()["number"] for _ in range(3)] == [3, 5, 6]


def test_the_singles_draw_after_the_highest_possible_number_takes_free_ones(event, organizer):
    PairFactory(event=event, number=2147483647)
    PlayerFactory.create_batch(4, event=event)
    body = organizer.post(f"{url(event, 'pairs')}draw-singles", {"seed": 1}, format="json").json()
    assert [pair["number"] for pair in body["pairs"]] == [1, 2]


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"number": 2147483648}, {"number": "max_value"}),
        ({"number": 2**63}, {"number": "max_value"}),
        ({"seed": 2147483648}, {"seed": "max_value"}),
        ({"seed": 2**70}, {"seed": "max_value"}),
    ],
)
def test_a_pair_number_or_seed_beyond_the_column_is_a_400(event, organizer, fields, errors):
    response = new_pair(organizer, event, **fields)
    assert response.status_code == 400
    assert field_errors(response) == errors


def test_the_highest_possible_pair_number_is_taken(event, organizer):
    assert new_pair(organizer, event, number=2147483647).json()["number"] == 2147483647


def test_a_duplicate_pair_number_is_a_400(event, organizer):
    PairFactory(event=event, number=5)
    response = organizer.post(
        url(event, "pairs"), {"number": 5, "player_1": player("a"), "player_2": player("b")}, format="json"
    )
    assert_problem(response, 400, "duplicate_number")
    assert field_errors(response) == {"number": "duplicate_number"}
    assert Player.objects.filter(event=event).count() == 2  # the refused pair left no players


def test_pair_numbers_of_other_events_do_not_clash(event, organizer):
    PairFactory(event=EventFactory(), number=5)
    response = organizer.post(
        url(event, "pairs"), {"number": 5, "player_1": player("a"), "player_2": player("b")}, format="json"
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"player_1": {"name": "a"}}, {"player_2": "required"}),
        ({"player_1": {"name": ""}, "player_2": {"name": "b"}}, {"player_1.name": "blank"}),
        (
            {"player_1": {"name": "a", "email": "nope"}, "player_2": {"name": "b"}},
            {"player_1.email": "invalid"},
        ),
        ({"player_1": {"name": "a"}, "player_2": {"name": "b"}, "number": 0}, {"number": "min_value"}),
        ({"player_1": {"name": "a"}, "player_2": {"name": "b"}, "seed": "top"}, {"seed": "invalid_type"}),
        ({"player_1": "a", "player_2": {"name": "b"}}, {"player_1": "invalid"}),
    ],
)
def test_a_bad_pair_is_a_400_naming_the_field(event, organizer, body, errors):
    response = organizer.post(url(event, "pairs"), body, format="json")
    assert response.status_code == 400
    assert field_errors(response) == errors


def test_a_pair_unit_must_be_of_the_event(event, organizer):
    response = organizer.post(
        url(event, "pairs"),
        {"player_1": player("a"), "player_2": player("b"), "unit": UnitFactory().pk},
        format="json",
    )
    assert field_errors(response) == {"unit": "does_not_exist"}


def played(event, pair: Pair) -> Match:
    return MatchFactory(round=RoundFactory(event=event, status="published"), ns_pair=pair)


def test_withdrawing_a_pair_keeps_its_history(event, organizer):
    pair = PairFactory(event=event)
    match = played(event, pair)
    response = organizer.patch(url(event, "pairs", pair.pk), {"status": "withdrawn", "status_reason": "ill"})
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["status_reason"]) == ("withdrawn", "ill")
    assert Match.objects.get(pk=match.pk).ns_pair_id == pair.pk
    listed = organizer.get(f"/api/v1/events/{event.slug}/matches/").json()["results"]
    assert listed[0]["ns_pair"]["status"] == "withdrawn"


def test_disqualifying_a_pair_keeps_it_listed(event, organizer, api_client):
    pair = PairFactory(event=event)
    organizer.patch(url(event, "pairs", pair.pk), {"status": "disqualified", "status_reason": "signals"})
    assert api_client.get(url(event, "pairs", pair.pk)).json()["status"] == "disqualified"


def test_reinstating_a_pair_clears_the_old_reason(event, organizer):
    pair = PairFactory(event=event, status=PairStatus.WITHDRAWN, status_reason="late")
    body = organizer.patch(url(event, "pairs", pair.pk), {"status": "active"}).json()
    assert (body["status"], body["status_reason"]) == ("active", "")


def test_an_unknown_pair_status_is_a_400(event, organizer):
    pair = PairFactory(event=event)
    response = organizer.patch(url(event, "pairs", pair.pk), {"status": "retired"})
    assert field_errors(response) == {"status": "invalid_choice"}


def test_g11_a_withdrawn_pair_is_left_out_of_the_next_draw(event, organizer):
    pairs = make_pairs(event, 4)
    stage = StageFactory(event=event)
    organizer.patch(url(event, "pairs", pairs[1].pk), {"status": "withdrawn"})
    organizer.post(url(event, "rounds"), {"stage": stage.pk})
    assert organizer.post(f"{url(event, 'rounds')}1/draw", {"seed": 1}).status_code == 200
    placed = {p for m in Round.objects.get(event=event, number=1).matches.all() for p in m.pair_ids}
    assert placed == {pairs[0].pk, pairs[2].pk, pairs[3].pk}


def test_pair_edits_change_name_seed_and_unit(event, organizer):
    pair = PairFactory(event=event)
    unit = UnitFactory(event=event)
    body = organizer.patch(url(event, "pairs", pair.pk), {"name": "Aces", "seed": 3, "unit": unit.pk}).json()
    assert (body["name"], body["display_name"], body["seed"], body["unit"]) == ("Aces", "Aces", 3, unit.pk)


def test_a_stale_if_match_on_a_pair_is_a_412(event, organizer):
    pair = PairFactory(event=event)
    etag = organizer.get(url(event, "pairs", pair.pk))["ETag"]
    organizer.patch(url(event, "pairs", pair.pk), {"name": "first"})
    response = organizer.patch(url(event, "pairs", pair.pk), {"status": "withdrawn"}, HTTP_IF_MATCH=etag)
    assert_problem(response, 412, "precondition_failed")
    pair.refresh_from_db()
    assert pair.status == "active"


def test_a_current_if_match_on_a_pair_goes_through(event, organizer):
    pair = PairFactory(event=event)
    etag = organizer.get(url(event, "pairs", pair.pk))["ETag"]
    assert organizer.patch(url(event, "pairs", pair.pk), {"name": "x"}, HTTP_IF_MATCH=etag).status_code == 200


@pytest.mark.parametrize(
    ("collection", "make", "edits"),
    [
        ("pairs", PairFactory, [{"name": "first"}, {"status": "withdrawn"}]),
        ("units", UnitFactory, [{"name": "first"}, {"short_name": "1st"}]),
        ("players", PlayerFactory, [{"name": "first"}, {"phone": "139"}]),
        ("stages", StageFactory, [{"name": "first"}, {"advance_count": 8}]),
    ],
)
def test_an_edit_answers_the_etag_a_get_would_send(event, organizer, collection, make, edits):
    address = url(event, collection, make(event=event).pk)
    etag = organizer.get(address)["ETag"]
    for edit in edits:  # each edit goes through on the ETag of the answer before
        response = organizer.patch(address, edit, format="json", HTTP_IF_MATCH=etag)
        assert response.status_code == 200, response.json()
        assert response["ETag"] not in (etag, None)
        etag = response["ETag"]
        assert organizer.get(address)["ETag"] == etag


def test_deleting_a_pair_that_played_is_a_409_in_use(event, organizer):
    pair = PairFactory(event=event)
    played(event, pair)
    assert_problem(organizer.delete(url(event, "pairs", pair.pk)), 409, "in_use")
    assert Pair.objects.filter(pk=pair.pk).exists()


def test_deleting_a_pair_that_never_played_leaves_its_players_registered(event, organizer):
    pair = PairFactory(event=event)
    assert organizer.delete(url(event, "pairs", pair.pk)).status_code == 204
    assert not Pair.objects.filter(pk=pair.pk).exists()
    assert Player.objects.filter(pk__in=[pair.player_1_id, pair.player_2_id]).count() == 2


def test_pairs_filter_by_status(event, api_client):
    PairFactory(event=event, status=PairStatus.WITHDRAWN)
    active = PairFactory(event=event)
    body = api_client.get(url(event, "pairs"), {"status": "active"}).json()
    assert [p["id"] for p in body["results"]] == [active.pk]


def test_pairs_are_listed_by_number(event, api_client):
    for number in (3, 1, 2):
        PairFactory(event=event, number=number)
    assert [p["number"] for p in api_client.get(url(event, "pairs")).json()["results"]] == [1, 2, 3]


@pytest.mark.parametrize("pk", ["abc", "1.5", "99999999999999999999999"])
def test_a_malformed_pair_id_is_a_404(event, api_client, pk):
    assert_problem(api_client.get(f"{url(event, 'pairs')}{pk}/"), 404, "not_found")


# ---- singles draw (抽签, 同号码为一对) ----------------------------------------------------------
def singles(event, count: int) -> list[Player]:
    return [PlayerFactory(event=event, name=f"Single {n}") for n in range(count)]


def draw_singles(client, event, seed=None):
    return client.post(f"{url(event, 'pairs')}draw-singles", {"seed": seed}, format="json")


def partners(body) -> set[frozenset[int]]:
    return {frozenset((p["player_1"]["id"], p["player_2"]["id"])) for p in body["pairs"]}


def test_g11_singles_are_paired_by_lot(event, organizer):
    players = singles(event, 6)
    response = draw_singles(organizer, event, seed=7)
    assert response.status_code == 201
    body = response.json()
    assert body["seed"] == 7
    assert body["unpaired"] is None
    assert [p["number"] for p in body["pairs"]] == [1, 2, 3]
    assert set().union(*partners(body)) == {p.pk for p in players}


def test_g11_the_singles_draw_is_reproducible_from_its_seed(event, organizer):
    singles(event, 8)
    first = draw_singles(organizer, event, seed=12345).json()
    Pair.objects.filter(event=event).delete()  # the players wait for a partner again
    again = draw_singles(organizer, event, seed=12345).json()
    assert partners(again) == partners(first)


def test_g11_two_events_registering_the_same_singles_pair_them_alike(event, organizer):
    # The lot is drawn on each player's place in the order of registration, not on the ids: a
    # copy of the event whose players have other ids pairs the same names.
    other = EventFactory(published=True)
    PlayerFactory.create_batch(5, event=EventFactory())  # ids taken elsewhere first
    singles(event, 8)
    singles(other, 8)
    names = [
        {frozenset((p["player_1"]["name"], p["player_2"]["name"])) for p in body["pairs"]}
        for body in (
            draw_singles(organizer, event, seed=99).json(),
            draw_singles(role_client(other, Role.ORGANIZER), other, seed=99).json(),
        )
    ]
    assert names[0] == names[1]


def test_g11_the_singles_draw_without_a_seed_reports_the_one_it_used(event, organizer):
    singles(event, 4)
    first = draw_singles(organizer, event).json()
    Pair.objects.filter(event=event).delete()
    assert partners(draw_singles(organizer, event, seed=first["seed"]).json()) == partners(first)


def test_g11_an_odd_number_of_singles_leaves_one_unpaired(event, organizer):
    players = singles(event, 5)
    body = draw_singles(organizer, event, seed=3).json()
    assert len(body["pairs"]) == 2
    paired = set().union(*partners(body))
    assert {body["unpaired"]} == {p.pk for p in players} - paired


def test_g11_players_already_in_a_pair_are_not_drawn(event, organizer):
    pair = PairFactory(event=event)
    singles(event, 2)
    body = draw_singles(organizer, event, seed=1).json()
    assert len(body["pairs"]) == 1
    assert {pair.player_1_id, pair.player_2_id}.isdisjoint(set().union(*partners(body)))
    assert body["pairs"][0]["number"] == pair.number + 1


@pytest.mark.parametrize("count", [0, 1])
def test_the_singles_draw_needs_two_singles(event, organizer, count):
    singles(event, count)
    response = draw_singles(organizer, event)
    assert_problem(response, 400, "no_singles")


def test_a_negative_singles_seed_is_a_400(event, organizer):
    singles(event, 2)
    assert field_errors(draw_singles(organizer, event, seed=-1)) == {"seed": "min_value"}
    assert field_errors(draw_singles(organizer, event, seed=2**64)) == {"seed": "max_value"}


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE])
def test_only_organizers_draw_singles(event, role):
    singles(event, 2)
    assert_problem(draw_singles(role_client(event, role), event), 403, "permission_denied")


def test_a_retried_pair_registration_with_its_idempotency_key_registers_once(event, organizer):
    body = {"player_1": player("a"), "player_2": player("b")}
    first = organizer.post(url(event, "pairs"), body, format="json", HTTP_IDEMPOTENCY_KEY="pair-1")
    again = organizer.post(url(event, "pairs"), body, format="json", HTTP_IDEMPOTENCY_KEY="pair-1")
    assert again.json() == first.json()
    assert Pair.objects.filter(event=event).count() == 1
