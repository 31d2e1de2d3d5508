"""A member's history across the club's events, through the API and the public page
(seasons/histories.py, seasons/views.py, seasons/pages/; docs/clubs.md "A member's history")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.factories import ClubFactory, EventFactory, MemberFactory
from tests.tournaments.clubs import club_organizer
from tests.tournaments.conftest import (
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    assert_problem,
    client_for,
    confirm,
    grant,
)
from tournaments.models import EventStatus, Role, RoundStatus

pytestmark = pytest.mark.django_db


def history_url(club, member) -> str:
    return f"/api/v1/clubs/{club.slug}/members/{member.pk}/history"


def played_event(club, member, *, pairs: int = 4, starts_on: str = "2026-03-01", **fields):
    """A club's event where ``member`` plays in pair 1 with a partner who is a member too; round 1
    published, pair 1 beating pair 2 and pair 3 beating pair 4 (the others byes when odd)."""
    event = EventFactory(
        club=club, starts_on=starts_on, status=fields.pop("status", EventStatus.PUBLISHED), **fields
    )
    entries = [PairFactory(event=event) for _ in range(pairs)]
    first = entries[0]
    first.player_1.member = member
    first.player_1.save(update_fields=["member"])
    partner = MemberFactory(club=club, name=f"Partner of {event.slug}")
    first.player_2.member = partner
    first.player_2.save(update_fields=["member"])
    round_ = RoundFactory(
        event=event, stage=StageFactory(event=event), number=1, status=RoundStatus.PUBLISHED
    )
    for table, index in enumerate(range(0, pairs - 1, 2), start=1):
        match = MatchFactory(round=round_, table=table, ns_pair=entries[index], ew_pair=entries[index + 1])
        confirm(match, entries[index])
    return event, first, partner


def test_history_lists_events_partners_placings_and_results():
    club = ClubFactory()
    member = MemberFactory(club=club, name="Li Lei", affiliation="Tea House", email="li@example.org")
    older, _, _ = played_event(club, member, starts_on="2026-01-04")
    newer, newer_pair, partner = played_event(club, member, starts_on="2026-02-01")
    PairFactory(event=EventFactory(published=True))  # another event without the member
    response = APIClient().get(history_url(club, member))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["member"] == {"id": member.pk, "name": "Li Lei", "affiliation": "Tea House"}
    assert [entry["event"]["slug"] for entry in body["events"]] == [newer.slug, older.slug]
    entry = body["events"][0]
    assert entry["pair"]["id"] == newer_pair.pk
    assert entry["partners"] == [{"name": newer_pair.player_2.name, "member": partner.pk}]
    assert entry["placing"]["rank"] == 1 and entry["placing"]["of"] == 4
    [result] = entry["results"]
    assert result["side"] == "NS" and result["outcome"] == "win"
    assert [opponent["number"] for opponent in result["opponents"]] == [2]
    assert result["levels"] == {"NS": "A+", "EW": "K"}
    assert result["match_points"] == 2
    assert "li@example.org" not in response.content.decode()


def test_history_shows_what_each_event_publishes_to_the_caller():
    club = ClubFactory()
    member = MemberFactory(club=club)
    draft, _, _ = played_event(club, member, status=EventStatus.DRAFT)
    quiet, _, _ = played_event(club, member, publish_standings=False, publish_results=False)
    public = APIClient().get(history_url(club, member)).json()
    assert [entry["event"]["slug"] for entry in public["events"]] == [quiet.slug]
    assert (public["events"][0]["placing"], public["events"][0]["results"]) == (None, None)
    organizer = client_for(grant(draft, Role.ORGANIZER))
    grant(quiet, Role.ORGANIZER, user=organizer.user)
    staff = organizer.get(history_url(club, member)).json()
    assert {entry["event"]["slug"] for entry in staff["events"]} == {draft.slug, quiet.slug}
    assert all(entry["placing"] and entry["results"] for entry in staff["events"])


def test_history_of_a_merged_member_points_at_the_survivor():
    club = ClubFactory()
    survivor = MemberFactory(club=club)
    merged = MemberFactory(club=club, merged_into=survivor, member_number="")
    response = APIClient().get(history_url(club, merged))
    assert response.status_code == 301
    assert response["Location"] == f"/api/v1/clubs/{club.slug}/members/{survivor.pk}/history"


def test_history_unknown_members_and_other_clubs_members_are_404s():
    club = ClubFactory()
    stranger = MemberFactory(club=ClubFactory())
    assert_problem(APIClient().get(history_url(club, stranger)), 404, "not_found")
    assert_problem(APIClient().get(f"/api/v1/clubs/nobody/members/{stranger.pk}/history"), 404, "not_found")


def history_queries(events: int, *, pairs: int = 4, reads: int = 1) -> int:
    """The queries of the ``reads``-th read of a member's history over ``events`` events."""
    club = ClubFactory()
    member = MemberFactory(club=club)
    for n in range(events):
        played_event(club, member, pairs=pairs, starts_on=f"2026-01-{n + 1:02d}")
    for _ in range(reads - 1):
        APIClient().get(history_url(club, member))
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get(history_url(club, member))
    assert response.status_code == 200 and len(response.json()["events"]) == events
    return len(queries)


def test_history_costs_a_constant_number_of_queries_per_event_whatever_its_size():
    one, two, three = history_queries(1), history_queries(2), history_queries(3)
    assert three - two == two - one  # the same for every event
    assert history_queries(2, pairs=12) == two  # and whatever the number of its pairs


def test_history_read_again_costs_the_same_few_queries_whatever_the_number_of_events():
    assert history_queries(1, reads=2) == history_queries(4, reads=2) < history_queries(1)


def test_history_a_new_result_shows_at_once():
    club = ClubFactory()
    member = MemberFactory(club=club)
    event, pair, _ = played_event(club, member, pairs=4)
    assert APIClient().get(history_url(club, member)).json()["events"][0]["placing"]["rank"] == 1
    round_2 = RoundFactory(event=event, stage=event.stages.get(), number=2, status=RoundStatus.PUBLISHED)
    others = list(event.pairs.exclude(pk=pair.pk).order_by("number"))
    confirm(MatchFactory(round=round_2, table=1, ns_pair=pair, ew_pair=others[1]), others[1])
    confirm(MatchFactory(round=round_2, table=2, ns_pair=others[0], ew_pair=others[2]), others[0])
    entry = APIClient().get(history_url(club, member)).json()["events"][0]
    assert [result["outcome"] for result in entry["results"]] == ["win", "loss"]


# ---- the public page ---------------------------------------------------------------------------------
def page_url(club, member) -> str:
    return f"/c/{club.slug}/players/{member.pk}/"


def test_history_page_in_both_languages():
    club = ClubFactory(name="Tea House Club")
    member = MemberFactory(club=club, name="Li Lei", email="li@example.org", phone="13800000000")
    event, _, partner = played_event(club, member)
    english = APIClient().get(page_url(club, member))
    assert english.status_code == 200
    text = english.content.decode()
    assert '<html lang="en">' in text and "Li Lei" in text and "Partners" in text and event.name in text
    assert f"/c/{club.slug}/players/{partner.pk}/" in text
    assert "li@example.org" not in text and "13800000000" not in text
    chinese = APIClient().get(page_url(club, member) + "?lang=zh-hans").content.decode()
    assert '<html lang="zh-Hans">' in chinese and "Partners" not in chinese and "搭档" in chinese


def test_history_page_leaves_drafts_out_and_redirects_a_merged_member():
    club = ClubFactory()
    member = MemberFactory(club=club)
    draft, _, _ = played_event(club, member, status=EventStatus.DRAFT)
    text = APIClient().get(page_url(club, member)).content.decode()
    assert draft.name not in text
    merged = MemberFactory(club=club, merged_into=member, member_number="")
    response = APIClient().get(page_url(club, merged) + "?lang=zh-hans")
    assert response.status_code == 301
    assert response["Location"] == page_url(club, member) + "?lang=zh-hans"


@pytest.mark.parametrize(
    "path", ["/c/nobody/players/1/", "/c/{club}/players/999999/", "/c/{club}/", "/c/{club}/what"]
)
def test_history_page_anything_unknown_under_c_is_an_html_404(path):
    club = ClubFactory()
    response = APIClient().get(path.format(club=club.slug))
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_history_page_a_players_address_without_its_slash_is_sent_to_it():
    club = ClubFactory()
    member = MemberFactory(club=club)
    response = APIClient().get(page_url(club, member).rstrip("/"))
    assert response.status_code == 301 and response["Location"] == page_url(club, member)


def test_history_another_clubs_organiser_reads_only_the_public_history():
    club = ClubFactory()
    member = MemberFactory(club=club)
    played_event(club, member, status=EventStatus.DRAFT)
    assert club_organizer(ClubFactory()).get(history_url(club, member)).json()["events"] == []
