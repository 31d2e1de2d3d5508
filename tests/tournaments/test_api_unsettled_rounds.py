"""A Swiss round is not drawn or published over an unsettled one (docs/events.md "Unsettled rounds",
issue 35 item 6; G10: only confirmed results count): ``409 results_pending`` listing the tables, or,
where the event allows it, an override with a written reason kept on the round and in the audit log.
"""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import (
    StageFactory,
    assert_problem,
    confirm,
    confirm_round,
    field_errors,
    make_pairs,
)
from tests.tournaments.test_api_rounds import draw, new_round, rounds_url
from tournaments.models import MatchStatus, Round, RoundStatus, StageKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(event):
    return StageFactory(event=event, kind=StageKind.SWISS, name="Swiss")


def round_of(event, number: int) -> Round:
    return Round.objects.get(event=event, number=number)


def publish(client, event, number: int, body: dict | None = None):
    return client.post(rounds_url(event, number, "publish"), body or {}, format="json")


def first_round(organizer, event, swiss, pairs: int = 8) -> Round:
    """Round 1 drawn and published (its tables scheduled), round 2 created."""
    make_pairs(event, pairs)
    new_round(organizer, event, swiss)
    assert draw(organizer, event, 1).status_code == 200
    assert publish(organizer, event, 1).status_code == 200
    new_round(organizer, event, swiss)
    return round_of(event, 1)


def unsettle(round_: Round) -> None:
    """Round 1 as the issue found it: table 1 disputed, table 2 submitted, table 3 not played,
    the others confirmed."""
    confirm_round(round_)
    round_.matches.filter(table=1).update(status=MatchStatus.DISPUTED, winner=None)
    round_.matches.filter(table=2).update(status=MatchStatus.FINISHED)
    round_.matches.filter(table=3).update(status=MatchStatus.SCHEDULED, winner=None)


def allow_override(event) -> None:
    event.allow_unsettled_draws = True
    event.save()


PENDING = [
    {"round": 1, "table": 1, "status": "disputed"},
    {"round": 1, "table": 2, "status": "finished"},
    {"round": 1, "table": 3, "status": "scheduled"},
]


def test_g10_a_swiss_round_is_not_drawn_over_unsettled_tables(event, organizer, swiss):
    unsettle(first_round(organizer, event, swiss))
    body = assert_problem(draw(organizer, event, 2), 409, "results_pending")
    assert body["pending"] == PENDING
    assert body["override_allowed"] is False
    assert "round 1 table 1 (disputed)" in body["detail"]
    assert not round_of(event, 2).matches.exists()


def test_g10_an_unplayed_table_alone_holds_up_the_draw(event, organizer, swiss):
    first = first_round(organizer, event, swiss)
    confirm_round(first)
    first.matches.filter(table=4).update(status=MatchStatus.PLAYING, winner=None)
    body = assert_problem(draw(organizer, event, 2), 409, "results_pending")
    assert body["pending"] == [{"round": 1, "table": 4, "status": "playing"}]


def test_g10_a_settled_round_draws_and_records_no_override(event, organizer, swiss):
    confirm_round(first_round(organizer, event, swiss, pairs=9))  # with a bye, which needs no result
    response = draw(organizer, event, 2)
    assert response.status_code == 200, response.json()
    assert response.json()["unsettled_override"] is None


def test_g10_every_earlier_round_counts_not_only_the_last(event, organizer, swiss):
    first = first_round(organizer, event, swiss)
    confirm_round(first)
    assert draw(organizer, event, 2).status_code == 200
    assert publish(organizer, event, 2).status_code == 200
    confirm_round(round_of(event, 2))
    first.matches.filter(table=2).update(status=MatchStatus.DISPUTED)  # a correction disputed later
    new_round(organizer, event, swiss)
    body = assert_problem(draw(organizer, event, 3), 409, "results_pending")
    assert body["pending"] == [{"round": 1, "table": 2, "status": "disputed"}]


def test_g10_a_reason_does_not_override_where_the_event_does_not_allow_it(event, organizer, swiss):
    unsettle(first_round(organizer, event, swiss))
    response = organizer.post(
        rounds_url(event, 2, "draw"), {"seed": 1, "unsettled_reason": "Running late"}, format="json"
    )
    body = assert_problem(response, 409, "results_pending")
    assert body["override_allowed"] is False
    assert "allow_unsettled_draws" in body["detail"]


def test_g10_where_allowed_the_draw_still_needs_a_reason(event, organizer, swiss):
    allow_override(event)
    unsettle(first_round(organizer, event, swiss))
    body = assert_problem(draw(organizer, event, 2), 409, "results_pending")
    assert body["override_allowed"] is True
    assert "unsettled_reason" in body["detail"]


@pytest.mark.parametrize(("reason", "code"), [("", "blank"), ("x" * 501, "max_length"), (12, "invalid_type")])
def test_a_bad_unsettled_reason_is_a_400(event, organizer, swiss, reason, code):
    allow_override(event)
    unsettle(first_round(organizer, event, swiss))
    response = organizer.post(
        rounds_url(event, 2, "draw"), {"seed": 1, "unsettled_reason": reason}, format="json"
    )
    assert_problem(response, 400, code)
    assert field_errors(response) == {"unsettled_reason": code}


def test_g10_the_override_draws_and_records_the_reason_and_tables(event, organizer, swiss):
    allow_override(event)
    unsettle(first_round(organizer, event, swiss))
    reason = "Table 1 waits for the chief referee; the hall closes at 22:00."
    response = organizer.post(
        rounds_url(event, 2, "draw"), {"seed": 1, "unsettled_reason": reason}, format="json"
    )
    assert response.status_code == 200, response.json()
    override = response.json()["unsettled_override"]
    assert (override["reason"], override["operation"], override["tables"]) == (reason, "draw", PENDING)
    assert override["at"]
    # …and publishing the draw made over those tables needs no second reason.
    published = publish(organizer, event, 2)
    assert published.status_code == 200, published.json()
    assert published.json()["unsettled_override"]["reason"] == reason
    log = organizer.get(f"/api/v1/events/{event.slug}/audit/", {"model": "round"}).json()["results"]
    changes = [e["changes"]["unsettled_override"] for e in log if "unsettled_override" in e["changes"]]
    assert any(reason in str(change) for change in changes)


def test_g10_a_swiss_round_is_not_published_over_unsettled_tables(event, organizer, swiss):
    first = first_round(organizer, event, swiss)
    confirm_round(first)
    assert draw(organizer, event, 2).status_code == 200
    confirm(first.matches.get(table=1), None)
    first.matches.filter(table=1).update(status=MatchStatus.DISPUTED)  # disputed after the draw
    body = assert_problem(publish(organizer, event, 2), 409, "results_pending")
    assert body["pending"] == [{"round": 1, "table": 1, "status": "disputed"}]
    assert round_of(event, 2).status == RoundStatus.DRAFT


def test_g10_publishing_over_a_table_the_draw_did_not_cover_needs_its_own_reason(event, organizer, swiss):
    allow_override(event)
    first = first_round(organizer, event, swiss)
    confirm_round(first)
    first.matches.filter(table=1).update(status=MatchStatus.DISPUTED)
    response = organizer.post(
        rounds_url(event, 2, "draw"), {"seed": 1, "unsettled_reason": "Referee on table 1"}, format="json"
    )
    assert response.status_code == 200, response.json()
    first.matches.filter(table=2).update(status=MatchStatus.DISPUTED)
    body = assert_problem(publish(organizer, event, 2), 409, "results_pending")
    assert [p["table"] for p in body["pending"]] == [1, 2]
    published = publish(organizer, event, 2, {"unsettled_reason": "Both tables with referees"})
    assert published.status_code == 200, published.json()
    override = published.json()["unsettled_override"]
    assert (override["operation"], [t["table"] for t in override["tables"]]) == ("publish", [1, 2])


def test_g10_a_redraw_once_settled_clears_the_override(event, organizer, swiss):
    allow_override(event)
    first = first_round(organizer, event, swiss)
    unsettle(first)
    organizer.post(rounds_url(event, 2, "draw"), {"seed": 1, "unsettled_reason": "Late"}, format="json")
    confirm_round(first)
    response = draw(organizer, event, 2)
    assert response.status_code == 200
    assert response.json()["unsettled_override"] is None


def test_a_round_robin_draws_its_schedule_over_unsettled_tables(event, organizer):
    robin = StageFactory(event=event, kind=StageKind.ROUND_ROBIN, name="Groups")
    make_pairs(event, 4)
    new_round(organizer, event, robin)
    assert draw(organizer, event, 1).status_code == 200
    new_round(organizer, event, robin)
    assert draw(organizer, event, 2).status_code == 200  # its schedule does not read results
