"""An absent pair's match is forfeited when its round is published and the event says so
(``absent_pairs = forfeit``; G11 the check-in 检录, G12 a forfeit is a referee's ruling), through the
service of ``POST /matches/{id}/result`` (scoring/services/absent_forfeits.py)."""

from __future__ import annotations

import pytest
from django.db.models import Q

from tests.tournaments.conftest import EventFactory, StageFactory, assert_problem, make_pairs, role_client
from tournaments.models import Match, MatchStatus, Role, Round, StageKind

pytestmark = pytest.mark.django_db


def setup(count: int = 4, kind: str = StageKind.SWISS, **event_fields):
    event = EventFactory(published=True, **event_fields)
    pairs = make_pairs(event, count)
    stage = StageFactory(event=event, kind=kind)
    Round.objects.create(event=event, stage=stage, number=1)
    return event, pairs, role_client(event, Role.ORGANIZER)


def url(event, operation: str) -> str:
    return f"/api/v1/events/{event.slug}/rounds/1/{operation}"


def check_in_draw_publish(client, event, absent, present=()) -> None:
    marks = [{"pair": p.pk, "status": "absent"} for p in absent]
    marks += [{"pair": p.pk, "status": "present"} for p in present]
    assert client.post(url(event, "check-in"), {"marks": marks}, format="json").status_code == 200
    assert client.post(url(event, "draw"), {"seed": 1}, format="json").status_code == 200
    response = client.post(url(event, "publish"), {}, format="json")
    assert response.status_code == 200, response.json()


def table_of(pair) -> Match:
    return Match.objects.get(Q(ns_pair=pair) | Q(ew_pair=pair), round__event=pair.event_id, round__number=1)


def result(client, match: Match) -> dict:
    body = client.get(f"/api/v1/matches/{match.pk}/result").json()
    return body["official"]


def test_g11_an_absent_pair_forfeits_its_match_when_the_round_is_published():
    event, pairs, organizer = setup(absent_pairs="forfeit")
    absent = pairs[2]
    check_in_draw_publish(organizer, event, [absent])
    match = table_of(absent)
    side = "NS" if match.ns_pair_id == absent.pk else "EW"
    official = result(organizer, match)
    assert official["forfeit"] == {"side": side, "kind": "forfeit"}
    assert official["status"] == "confirmed"
    assert official["winner"] == ("EW" if side == "NS" else "NS")
    assert "检录" in official["note"]
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    others = Match.objects.filter(round__event=event, round__number=1).exclude(pk=match.pk)
    assert {m.status for m in others} == {MatchStatus.SCHEDULED}


def test_g9_the_forfeit_scores_in_the_standings_as_the_api_forfeit_does():
    event, pairs, organizer = setup(absent_pairs="forfeit")
    absent = pairs[0]
    check_in_draw_publish(organizer, event, [absent])
    match = table_of(absent)
    winner = match.ew_pair if match.ns_pair_id == absent.pk else match.ns_pair
    rows = {
        row["pair"]["number"]: row
        for row in organizer.get(f"/api/v1/events/{event.slug}/standings/").json()["rows"]
    }
    assert rows[winner.number]["match_points"] > rows[absent.number]["match_points"]


def test_g11_two_absent_pairs_at_one_table_forfeit_both_sides():
    event, pairs, organizer = setup(2, absent_pairs="forfeit")
    check_in_draw_publish(organizer, event, pairs)
    (match,) = Match.objects.filter(round__event=event)
    assert result(organizer, match)["forfeit"] == {"side": "both", "kind": "forfeit"}


def test_g8_a_knockout_table_with_both_pairs_absent_is_left_to_a_referee():
    event, pairs, organizer = setup(2, kind=StageKind.KNOCKOUT, absent_pairs="forfeit")
    check_in_draw_publish(organizer, event, pairs)
    (match,) = Match.objects.filter(round__event=event)
    assert result(organizer, match) is None
    assert match.status == MatchStatus.SCHEDULED


def test_g11_an_event_that_leaves_absent_pairs_out_forfeits_nothing():
    event, pairs, organizer = setup(5, absent_pairs="leave_out")
    check_in_draw_publish(organizer, event, [pairs[4]])
    assert not Match.objects.filter(round__event=event, status=MatchStatus.CONFIRMED).exists()


def test_g11_present_and_unmarked_pairs_play_their_matches():
    event, pairs, organizer = setup(absent_pairs="forfeit")
    check_in_draw_publish(organizer, event, [], present=pairs[:2])
    assert not Match.objects.filter(round__event=event, status=MatchStatus.CONFIRMED).exists()


def test_g12_a_refused_publication_records_no_forfeit():
    """The publication and its forfeits are one transaction: a round that cannot be published
    (here: not drawn) writes nothing."""
    event, pairs, organizer = setup(absent_pairs="forfeit")
    body = {"marks": [{"pair": pairs[0].pk, "status": "absent"}]}
    organizer.post(url(event, "check-in"), body, format="json")
    assert_problem(organizer.post(url(event, "publish"), {}, format="json"), 409, "not_drawn")
    assert not Match.objects.filter(round__event=event).exists()


def test_a_chief_referee_may_not_publish_and_forfeits_nothing():
    event, pairs, organizer = setup(absent_pairs="forfeit")
    organizer.post(
        url(event, "check-in"), {"marks": [{"pair": pairs[0].pk, "status": "absent"}]}, format="json"
    )
    organizer.post(url(event, "draw"), {"seed": 1}, format="json")
    chief = role_client(event, Role.CHIEF_REFEREE)
    assert chief.post(url(event, "publish"), {}, format="json").status_code == 403
    assert not Match.objects.filter(round__event=event, status=MatchStatus.CONFIRMED).exists()
