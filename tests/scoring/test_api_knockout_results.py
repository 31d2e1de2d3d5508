"""Knockout results (G8: a knockout match must produce a winner; G11: winners go through).

scoring/services/result_facts.py (a winner or a refusal), scoring/services/results.py (a winner that a
later round already holds stands), tournaments/services/rounds.py (a draft with a pair that is no
longer a winner is stale).
"""

from __future__ import annotations

import pytest

from core.models import AuditEntry
from scoring.models import MatchResult
from tests.scoring.conftest import API, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    assert_problem,
    field_errors,
    role_client,
)
from tournaments.models import Match, Role, RoundStatus, StageKind

pytestmark = pytest.mark.django_db

NS_WINS = {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 9}
EW_WINS = {"levels": {"NS": "K", "EW": "A+"}, "deals_played": 9}


@pytest.fixture
def bracket(db):
    """A knockout of four: round 1 published, table 1 pairs 1 v 4, table 2 pairs 2 v 3."""
    event = EventFactory(published=True, slug="cup")
    pairs = [PairFactory(event=event) for _ in range(4)]
    stage = StageFactory(event=event, kind=StageKind.KNOCKOUT)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    tables = [
        MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[3]),
        MatchFactory(round=round_, table=2, ns_pair=pairs[1], ew_pair=pairs[2]),
    ]
    return {
        "event": event,
        "pairs": pairs,
        "stage": stage,
        "matches": tables,
        "referee": role_client(event, Role.REFEREE),
        "organizer": role_client(event, Role.ORGANIZER),
    }


def submit(client, match, **body):
    return client.post(result_url(match), body, format="json")


def final(bracket, *, publish: bool) -> int:
    """Both semi-finals won by their NS pair (confirmed by a referee); the final drawn (and published)."""
    for match in bracket["matches"]:
        assert submit(bracket["referee"], match, **NS_WINS, confirm=True).status_code == 201
    rounds = f"{API}/events/cup/rounds"
    organizer = bracket["organizer"]
    number = organizer.post(f"{rounds}/", {"stage": bracket["stage"].pk}, format="json").json()["number"]
    assert organizer.post(f"{rounds}/{number}/draw", {"seed": 1}, format="json").status_code == 200
    if publish:
        assert organizer.post(f"{rounds}/{number}/publish").status_code == 200
    return number


# ---- G8: a knockout match must produce a winner ------------------------------------------------------
def test_g8_knockout_forfeit_needs_a_side(bracket):
    match = bracket["matches"][0]
    response = submit(bracket["referee"], match, forfeit={"side": "both"})
    assert_problem(response, 422, "knockout_needs_winner")
    assert field_errors(response) == {"forfeit.side": "knockout_needs_winner"}
    assert not MatchResult.objects.filter(match=match).exists()


def test_g8_a_knockout_forfeit_of_one_side_sends_the_other_through(bracket):
    match = bracket["matches"][0]
    body = submit(bracket["referee"], match, forfeit={"side": "EW"}).json()
    assert (body["status"], body["official"]["winner_pair"]) == ("confirmed", bracket["pairs"][0].pk)


# ---- G11: a winner that went through stands -----------------------------------------------------------
def _final_match(number: int) -> Match:
    return Match.objects.get(round__number=number)


def test_g11_a_knockout_winner_whose_next_match_has_deals_cannot_be_overturned(bracket):
    number = final(bracket, publish=True)
    final_match = _final_match(number)
    deal = {"number": 1, "finishing_order": ["N", "S"]}
    assert (
        bracket["referee"].post(f"{API}/matches/{final_match.pk}/deals/", deal, format="json").status_code
        == 201
    )
    match = bracket["matches"][0]
    body = assert_problem(submit(bracket["referee"], match, corrects=1, **EW_WINS), 409, "winner_advanced")
    assert (body["round"], body["match"]) == (number, final_match.pk)
    assert f"match {final_match.pk}" in body["detail"]
    match.refresh_from_db()
    assert match.winner_id == bracket["pairs"][0].pk
    assert MatchResult.objects.filter(match=match).count() == 1  # nothing half written


def test_g11_a_knockout_winner_replaced_in_the_next_match_that_has_not_started(bracket):
    number = final(bracket, publish=True)
    match = bracket["matches"][0]
    assert submit(bracket["referee"], match, corrects=1, **EW_WINS).status_code == 201
    final_match = _final_match(number)
    assert {final_match.ns_pair_id, final_match.ew_pair_id} == {
        bracket["pairs"][3].pk,
        bracket["pairs"][1].pk,
    }
    updates = AuditEntry.objects.filter(
        object_pk=str(final_match.pk), content_type__model="match", action=AuditEntry.Action.UPDATE
    )
    (entry,) = updates  # one audited update: the seat of the pair that went through
    assert list(entry.changes) in (["ns_pair"], ["ew_pair"])


def test_g11_a_correction_that_keeps_the_knockout_winner_is_allowed_after_the_next_round(bracket):
    final(bracket, publish=True)
    correction = {"corrects": 1, "levels": {"NS": "A+", "EW": "Q"}, "deals_played": 9}
    response = submit(bracket["referee"], bracket["matches"][0], **correction)
    assert response.status_code == 201
    assert response.json()["official"]["levels"] == {"NS": "A+", "EW": "Q"}


def test_g11_a_knockout_winner_in_a_draft_round_may_change_and_the_draft_is_drawn_again(bracket):
    number = final(bracket, publish=False)
    match = bracket["matches"][0]
    assert submit(bracket["referee"], match, corrects=1, **EW_WINS).status_code == 201
    rounds = f"{API}/events/cup/rounds/{number}"
    organizer = bracket["organizer"]
    body = assert_problem(organizer.post(f"{rounds}/publish"), 409, "draw_stale")
    assert body["pairs"] == [bracket["pairs"][0].number]
    organizer.post(f"{rounds}/draw", {"seed": 1}, format="json")
    assert organizer.post(f"{rounds}/publish").status_code == 200
    placed = organizer.get(f"{API}/events/cup/matches/", {"round": number}).json()["results"][0]
    assert {placed["ns_pair"]["id"], placed["ew_pair"]["id"]} == {
        bracket["pairs"][3].pk,
        bracket["pairs"][1].pk,
    }
