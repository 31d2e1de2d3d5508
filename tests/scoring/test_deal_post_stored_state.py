"""A deal post plays the next deal on the state stored with the match (docs/scoring.md "The stored
state", ``scoring.services.sheet_store``): it stores the state after its deal in the match's
``MatchState`` row, and whatever else changes the match (a correction, a void, a result, a referee's
level change) forgets it (``scoring.services.changes.record``), so that the next post folds the
deals again. No database trigger is involved."""

from __future__ import annotations

import pytest
from django.db import connection

from scoring.models import MatchState
from scoring.selectors.matches import match_profile, match_sheet, sheet_state
from scoring.services import changes, sheet_store
from tests.scoring.conftest import API, deals_url, post_deals, result_url
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def post(client, match, number: int, order: list[str]):
    return client.post(deals_url(match), {"number": number, "finishing_order": order}, format="json")


def kept(match: Match):
    """The state stored with the match, as the next post reads it (None: folded again)."""
    match = Match.objects.select_related("round__event", "round__stage", "derived").get(pk=match.pk)
    return sheet_store.stored(match, match_sheet(match), match_profile(match))


def test_a_post_stores_the_match_after_its_deal(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["E", "N", "W"]])
    stored = kept(match)
    assert stored is not None and (stored.result, stored.voided_to) == (False, 0)
    assert stored.state == sheet_state(Match.objects.get(pk=match.pk))


def test_the_next_deal_is_played_on_the_stored_state_not_on_the_deals(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"]])  # NS 5
    sheet = match_sheet(match)
    ahead = sheet.fold([{"finishing_order": ["N", "S"]}] * 2, profile=match_profile(match))  # NS 8
    tally = sheet.tally([{"finishing_order": ["N", "S"]}] * 2)
    locked = Match.objects.select_related("round__event", "round__stage", "derived").get(pk=match.pk)
    sheet_store.store(locked, sheet, match_profile(locked), ahead, result=False, voided_to=0, tally=tally)
    body = post(keeper, match, 3, ["N", "S"]).json()  # deal 3: the stored state has two deals
    assert body["deal"]["level"] == "8" and body["state"]["levels"]["NS"] == "J"


def test_a_match_without_a_stored_state_folds_its_deals_and_stores_them(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["N", "S"]])
    MatchState.objects.filter(match=match).delete()  # as a match from before the stored state
    body = post(keeper, match, 3, ["E", "W"]).json()
    assert (body["deal"]["level"], body["state"]["levels"]) == ("8", {"NS": "8", "EW": "5"})
    assert kept(match).state.deals == 3


def test_a_state_stored_under_other_rules_is_folded_again(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"]])
    Match.objects.filter(pk=match.pk).update(best_of=3)
    assert kept(match) is None
    body = post(keeper, match, 2, ["N", "S"]).json()
    assert body["state"]["best_of"] == 3 and kept(match).state.deals == 2


def test_a_correction_forgets_the_stored_state(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["N", "S"]])
    url = f"{API}/matches/{match.pk}/deals/1"
    corrected = keeper.put(url, {"finishing_order": ["E", "W"]}, format="json")
    assert corrected.status_code == 201, corrected.json()
    assert kept(match) is None
    body = post(keeper, match, 3, ["E", "W"]).json()  # EW 5, NS 5 (deal 2 won from 2), EW 8
    assert body["state"]["levels"] == {"NS": "5", "EW": "8"}


def test_a_voided_deal_posted_again_follows_its_voided_version_from_the_stored_state(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"], ["N", "S"], ["E", "W"]])
    voided = keeper.post(f"{API}/matches/{match.pk}/deals/void", {"from": 2, "note": "wrong"}, format="json")
    assert voided.status_code == 200 and kept(match) is None
    again = post(keeper, match, 2, ["E", "W"]).json()  # folded again: the void is seen
    assert kept(match).voided_to == 3
    last = post(keeper, match, 3, ["E", "W"]).json()  # from the stored state, after the void
    assert [(d["deal"]["version"], d["deal"]["corrects"] is not None) for d in (again, last)] == [
        (2, True),
        (2, True),
    ]
    assert last["state"]["levels"] == {"NS": "5", "EW": "8"}


def test_a_submitted_result_forgets_the_stored_state_and_closes_the_deals(play, keeper):
    event = play["event"]
    event.match_format, event.time_limit_minutes = "time_limit", 40
    event.save()
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"]])
    assert keeper.post(result_url(match), {"time_up": True}, format="json").status_code == 201
    assert kept(match) is None
    refused = post(keeper, match, 2, ["N", "S"])
    assert (refused.status_code, refused.json()["code"]) == (409, "result_submitted")


def test_a_match_saved_whole_keeps_its_stored_state(play, keeper):
    match = play["matches"][0]
    stale = Match.objects.get(pk=match.pk)  # read before the post
    post_deals(keeper, match, [["N", "S"]])
    stale.flags = ["rematch"]
    stale.save()
    assert kept(match).state.deals == 1


def test_a_match_without_a_state_row_gets_one_unless_a_change_forgot_it_meanwhile(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"]])
    MatchState.objects.filter(match=match).delete()
    sheet_store.forget(
        [Match.objects.get(pk=match.pk)]
    )  # a ruling while the post folded: the row is made forgotten
    locked = Match.objects.select_related("round__event", "round__stage").get(pk=match.pk)
    sheet, profile = match_sheet(locked), match_profile(locked)
    sheet_store.store(locked, sheet, profile, sheet_state(locked), result=False, voided_to=0, tally=None)
    assert kept(match) is None  # the post's fold did not overwrite what the ruling forgot


def test_a_change_recorded_forgets_the_stored_state(play, keeper):
    match = play["matches"][0]
    post_deals(keeper, match, [["N", "S"]])
    changes.record(Match.objects.select_related("round__event").get(pk=match.pk))
    assert kept(match) is None and MatchState.objects.filter(match=match).exists()


def test_no_migration_leaves_a_trigger_in_the_database():
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        assert cursor.fetchall() == []
