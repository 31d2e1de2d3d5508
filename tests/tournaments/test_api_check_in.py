"""The check-in (检录) before a round (docs/events.md "Check-in"): marks, the sheet, and what the
draw does with the pairs it is told are absent (G11: the draw places the pairs that play)."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import (
    EventFactory,
    StageFactory,
    assert_problem,
    field_errors,
    make_pairs,
    role_client,
)
from tournaments.models import CheckIn, PairStatus, Role, Round, RoundStatus

pytestmark = pytest.mark.django_db


def setup(count: int = 5, **event_fields):
    """A published event of ``count`` pairs, a Swiss stage and round 1 as a draft."""
    event = EventFactory(published=True, **event_fields)
    pairs = make_pairs(event, count)
    stage = StageFactory(event=event)
    Round.objects.create(event=event, stage=stage, number=1)
    return event, pairs, role_client(event, Role.ORGANIZER)


def url(event, operation: str = "check-in") -> str:
    return f"/api/v1/events/{event.slug}/rounds/1/{operation}"


def mark(client, event, *marks):
    body = {"marks": [{"pair": pair.pk, "status": status} for pair, status in marks]}
    return client.post(url(event), body, format="json")


def drawn_ids(client, event) -> set[int]:
    rows = client.get(f"/api/v1/events/{event.slug}/matches/", {"round": 1}).json()["results"]
    return {side["id"] for row in rows for side in (row["ns_pair"], row["ew_pair"]) if side}


def test_the_sheet_lists_every_pair_of_the_stage_not_checked_in():
    event, pairs, organizer = setup(3)
    sheet = organizer.get(url(event)).json()
    assert [entry["pair"]["number"] for entry in sheet["entries"]] == [p.number for p in pairs]
    assert {entry["status"] for entry in sheet["entries"]} == {None}
    assert sheet["counts"] == {"present": 0, "late": 0, "absent": 0, "unmarked": 3}


def test_marks_are_kept_on_the_sheet_and_counted_on_the_round():
    event, pairs, organizer = setup(3)
    response = mark(organizer, event, (pairs[0], "present"), (pairs[1], "late"), (pairs[2], "absent"))
    assert response.status_code == 200, response.json()
    sheet = response.json()
    assert [entry["status"] for entry in sheet["entries"]] == ["present", "late", "absent"]
    assert sheet["entries"][0]["checked_by"] == organizer.user.username
    assert organizer.get(url(event, "")).json()["check_in"] == {"present": 1, "late": 1, "absent": 1}


def test_a_new_mark_replaces_the_old_one():
    event, pairs, organizer = setup(2)
    mark(organizer, event, (pairs[0], "absent"))
    sheet = mark(organizer, event, (pairs[0], "late")).json()
    assert sheet["entries"][0]["status"] == "late"
    assert CheckIn.objects.filter(pair=pairs[0]).count() == 1


def test_g11_an_absent_pair_is_left_out_of_the_draw():
    event, pairs, organizer = setup(5)
    mark(organizer, event, (pairs[4], "absent"))
    assert organizer.post(url(event, "draw"), {"seed": 1}, format="json").status_code == 200
    assert drawn_ids(organizer, event) == {p.pk for p in pairs[:4]}  # four pairs: no bye
    assert organizer.get(url(event)).json()["entries"][4]["drawn"] is False
    response = organizer.post(url(event, "publish"))  # not stale: the absent pair is meant to be out
    assert response.status_code == 200, response.json()


def test_an_absent_pair_is_drawn_when_the_event_forfeits_it():
    event, pairs, organizer = setup(4, absent_pairs="forfeit")
    mark(organizer, event, (pairs[3], "absent"))
    organizer.post(url(event, "draw"), {"seed": 1}, format="json")
    assert drawn_ids(organizer, event) == {p.pk for p in pairs}
    assert organizer.get(url(event)).json()["entries"][3]["drawn"] is True


def test_a_late_pair_is_drawn():
    event, pairs, organizer = setup(4)
    mark(organizer, event, (pairs[0], "late"))
    organizer.post(url(event, "draw"), {"seed": 1}, format="json")
    assert drawn_ids(organizer, event) == {p.pk for p in pairs}


def test_the_draw_waits_for_every_mark_when_the_event_says_so():
    event, pairs, organizer = setup(4, check_in_required=True)
    mark(organizer, event, (pairs[0], "present"), (pairs[1], "present"))
    body = assert_problem(
        organizer.post(url(event, "draw"), {"seed": 1}, format="json"), 409, "check_in_incomplete"
    )
    assert body["pairs"] == [pairs[2].number, pairs[3].number]
    mark(organizer, event, (pairs[2], "present"), (pairs[3], "absent"))
    assert organizer.post(url(event, "draw"), {"seed": 1}, format="json").status_code == 200
    assert drawn_ids(organizer, event) == {p.pk for p in pairs[:3]}


def test_a_mark_of_an_unknown_pair_is_a_400_on_its_row_and_nothing_is_written():
    event, pairs, organizer = setup(2)
    other = make_pairs(EventFactory(), 1)[0]
    response = mark(organizer, event, (pairs[0], "present"), (other, "present"))
    assert_problem(response, 400, "unknown_pair")
    assert field_errors(response) == {"marks[1].pair": "unknown_pair"}
    assert not CheckIn.objects.exists()


def test_a_pair_marked_twice_in_one_call_is_a_400():
    event, pairs, organizer = setup(2)
    assert_problem(mark(organizer, event, (pairs[0], "present"), (pairs[0], "absent")), 400, "duplicate_pair")


def test_a_withdrawn_pair_is_not_checked_in():
    event, pairs, organizer = setup(2)
    pairs[0].status = PairStatus.WITHDRAWN
    pairs[0].save(update_fields=["status"])
    assert_problem(mark(organizer, event, (pairs[0], "present")), 400, "pair_not_active")


def test_an_unknown_status_is_a_400():
    event, pairs, organizer = setup(2)
    response = organizer.post(
        url(event), {"marks": [{"pair": pairs[0].pk, "status": "asleep"}]}, format="json"
    )
    assert response.status_code == 400


def test_a_closed_round_takes_no_marks():
    event, pairs, organizer = setup(2)
    Round.objects.filter(event=event).update(status=RoundStatus.CLOSED)
    assert_problem(mark(organizer, event, (pairs[0], "present")), 409, "round_state")


@pytest.mark.parametrize(
    ("role", "read", "write"),
    [
        (Role.CHIEF_REFEREE, 200, 200),
        (Role.REFEREE, 200, 403),
        (Role.SCOREKEEPER, 403, 403),
    ],
)
def test_the_chief_referee_checks_in_and_referees_read(role, read, write):
    event, pairs, _ = setup(2)
    client = role_client(event, role)
    assert client.get(url(event)).status_code == read
    assert mark(client, event, (pairs[0], "present")).status_code == write


def test_a_mark_is_in_the_audit_log():
    event, pairs, organizer = setup(2)
    mark(organizer, event, (pairs[0], "absent"))
    entries = organizer.get(f"/api/v1/events/{event.slug}/audit/").json()["results"]
    created = [entry for entry in entries if entry["model"] == "checkin"]
    assert [(e["action"], e["changes"]["status"]) for e in created] == [("create", [None, "absent"])]
