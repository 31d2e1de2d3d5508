"""A pair marked absent once its round is published (G11 the check-in 检录, G12 a forfeit is a
referee's ruling; docs/events.md "Check-in"): with ``absent_pairs = forfeit`` its match is forfeited
by the check-in itself, through the service the publication uses (scoring/services/absent_forfeits.py
``follow_absences``), while its table has not begun; marked present or late again, the forfeit is
withdrawn. Every case through ``POST …/rounds/{n}/check-in``."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext

from core.models import AuditEntry
from scoring.models import MatchResult, WebhookDelivery
from scoring.services.absent_forfeits import NOTE_LATER
from tests.scoring.conftest import NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import EventFactory, StageFactory, assert_problem, make_pairs, role_client
from tournaments.models import Event, Match, MatchStatus, Role, Round, StageKind

pytestmark = pytest.mark.django_db


def published(count: int = 4, kind: str = StageKind.SWISS, absent_pairs: str = "forfeit"):
    """An event with its round 1 drawn and published, every pair checked in present."""
    event = EventFactory(published=True, absent_pairs=absent_pairs)
    pairs = make_pairs(event, count)
    stage = StageFactory(event=event, kind=kind)
    Round.objects.create(event=event, stage=stage, number=1)
    organizer = role_client(event, Role.ORGANIZER)
    mark(organizer, event, pairs, "present")
    assert organizer.post(url(event, "draw"), {"seed": 1}, format="json").status_code == 200
    assert organizer.post(url(event, "publish"), {}, format="json").status_code == 200
    return event, pairs, organizer


def url(event, operation: str) -> str:
    return f"/api/v1/events/{event.slug}/rounds/1/{operation}"


def mark(client, event, pairs, status: str, expected: int = 200) -> dict:
    body = {"marks": [{"pair": pair.pk, "status": status} for pair in pairs]}
    response = client.post(url(event, "check-in"), body, format="json")
    assert response.status_code == expected, response.json()
    return response.json()


def table_of(pair) -> Match:
    return Match.objects.get(Q(ns_pair=pair) | Q(ew_pair=pair), round__event=pair.event_id, round__number=1)


def side_of(match: Match, pair) -> str:
    return "NS" if match.ns_pair_id == pair.pk else "EW"


def official(client, match: Match) -> dict | None:
    return client.get(result_url(match)).json()["official"]


def standings(client, event) -> dict[int, dict]:
    rows = client.get(f"/api/v1/events/{event.slug}/standings/").json()["rows"]
    return {row["pair"]["number"]: row for row in rows}


def test_g11_a_pair_marked_absent_after_publication_forfeits_its_match_at_once():
    event, pairs, organizer = published()
    absent = pairs[1]
    answer = mark(organizer, event, [absent], "absent")
    match = table_of(absent)
    assert answer["tables"] == [{"match": match.pk, "table": match.table, "outcome": "forfeited"}]
    result = official(organizer, match)
    assert result["forfeit"] == {"side": side_of(match, absent), "kind": "forfeit"}
    assert result["status"] == "confirmed"
    assert result["note"] == NOTE_LATER
    entry = next(e for e in answer["entries"] if e["pair"]["id"] == absent.pk)
    assert entry["status"] == "absent"
    assert entry["table"] == {"match": match.pk, "table": match.table, "status": "confirmed"}


def test_g9_the_late_forfeit_scores_in_the_standings_and_is_told_as_every_result():
    event, pairs, organizer = published()
    organizer.post(
        f"/api/v1/events/{event.slug}/webhooks/", {"url": "https://club.example.org/hooks"}, format="json"
    )
    before = Event.objects.get(pk=event.pk).results_version
    absent = pairs[0]
    mark(organizer, event, [absent], "absent")
    match = table_of(absent)
    winner = match.ew_pair if match.ns_pair_id == absent.pk else match.ns_pair
    rows = standings(organizer, event)
    assert rows[winner.number]["match_points"] > rows[absent.number]["match_points"]
    assert Event.objects.get(pk=event.pk).results_version > before
    told = set(WebhookDelivery.objects.values_list("event_type", flat=True))
    assert {"result.confirmed", "standings.updated"} <= told


def test_the_mark_and_the_forfeit_are_in_the_audit_log():
    event, pairs, organizer = published()
    mark(organizer, event, [pairs[2]], "absent")
    version = MatchResult.objects.get(match=table_of(pairs[2]))
    logged = AuditEntry.objects.filter(event_id=event.pk)
    assert logged.filter(object_id=version.pk, content_type__model="matchresult").exists()
    assert logged.filter(content_type__model="checkin").exists()


def test_g11_marked_present_again_before_a_deal_the_forfeit_is_withdrawn():
    event, pairs, organizer = published()
    absent = pairs[1]
    mark(organizer, event, [absent], "absent")
    answer = mark(organizer, event, [absent], "late")
    match = table_of(absent)
    assert answer["tables"] == [{"match": match.pk, "table": match.table, "outcome": "forfeit_withdrawn"}]
    assert official(organizer, match) is None
    match.refresh_from_db()
    assert (match.status, match.winner_id) == (MatchStatus.SCHEDULED, None)
    assert {row["match_points"] for row in standings(organizer, event).values()} == {0}
    post_deals(organizer, match, NS_SWEEP[:1])  # the table plays as any other


def test_g11_the_other_pair_marked_absent_too_makes_it_a_forfeit_of_both():
    event, pairs, organizer = published(2)
    mark(organizer, event, [pairs[0]], "absent")
    answer = mark(organizer, event, [pairs[1]], "absent")
    (match,) = Match.objects.filter(round__event=event)
    assert answer["tables"][0]["outcome"] == "forfeit_changed"
    assert official(organizer, match)["forfeit"] == {"side": "both", "kind": "forfeit"}
    back = mark(organizer, event, [pairs[0]], "present")
    assert back["tables"][0]["outcome"] == "forfeit_changed"
    assert official(organizer, match)["forfeit"] == {"side": side_of(match, pairs[1]), "kind": "forfeit"}


def test_g11_a_table_that_has_begun_is_the_referees_the_mark_is_recorded():
    event, pairs, organizer = published()
    absent = pairs[0]
    match = table_of(absent)
    post_deals(organizer, match, NS_SWEEP[:1])
    answer = mark(organizer, event, [absent], "absent")
    assert answer["tables"] == [{"match": match.pk, "table": match.table, "outcome": "referee"}]
    assert official(organizer, match) is None
    assert not MatchResult.objects.filter(match=match).exists()


def test_g12_a_forfeit_a_referee_corrected_since_is_not_withdrawn_by_the_check_in():
    event, pairs, organizer = published()
    absent = pairs[0]
    mark(organizer, event, [absent], "absent")
    match = table_of(absent)
    version = official(organizer, match)["version"]
    ruled = {"forfeit": {"side": side_of(match, absent), "kind": "withdrawal"}, "corrects": version}
    response = organizer.post(result_url(match), {**ruled, "note": "Left the hall"}, format="json")
    assert response.status_code == 201, response.json()
    answer = mark(organizer, event, [absent], "present")
    assert answer["tables"] == []
    assert official(organizer, match)["forfeit"]["kind"] == "withdrawal"


def test_g11_an_event_that_leaves_absent_pairs_out_records_the_mark_for_the_referee():
    """The draw was made with the pair: after publication it is not taken out, nor forfeited by
    the check-in — the answer says the table is the referee's."""
    event, pairs, organizer = published(absent_pairs="leave_out")
    absent = pairs[3]
    answer = mark(organizer, event, [absent], "absent")
    match = table_of(absent)
    assert answer["tables"] == [{"match": match.pk, "table": match.table, "outcome": "referee"}]
    entry = next(e for e in answer["entries"] if e["pair"]["id"] == absent.pk)
    assert (entry["status"], entry["drawn"]) == ("absent", True)
    assert not MatchResult.objects.filter(match__round__event=event).exists()


def test_g8_a_knockout_table_with_both_pairs_absent_after_publication_is_the_referees():
    event, pairs, organizer = published(2, kind=StageKind.KNOCKOUT)
    mark(organizer, event, [pairs[0]], "absent")
    answer = mark(organizer, event, [pairs[1]], "absent")
    assert answer["tables"][0]["outcome"] == "referee"
    (match,) = Match.objects.filter(round__event=event)
    assert official(organizer, match)["forfeit"] == {"side": side_of(match, pairs[0]), "kind": "forfeit"}


def test_a_draft_round_forfeits_nothing_at_the_check_in():
    event = EventFactory(published=True, absent_pairs="forfeit")
    pairs = make_pairs(event, 4)
    Round.objects.create(event=event, stage=StageFactory(event=event), number=1)
    organizer = role_client(event, Role.ORGANIZER)
    organizer.post(url(event, "draw"), {"seed": 1}, format="json")
    answer = mark(organizer, event, [pairs[0]], "absent")
    assert answer["tables"] == []
    assert not MatchResult.objects.filter(match__round__event=event).exists()


def test_g12_a_refused_mark_forfeits_nothing():
    """The marks and their forfeits are one transaction: one bad row writes nothing."""
    event, pairs, organizer = published()
    body = {"marks": [{"pair": pairs[0].pk, "status": "absent"}, {"pair": 999999, "status": "absent"}]}
    response = organizer.post(url(event, "check-in"), body, format="json")
    assert_problem(response, 400, "unknown_pair")
    assert not MatchResult.objects.filter(match__round__event=event).exists()


def test_the_chief_referee_marks_and_forfeits_a_referee_only_reads():
    event, pairs, _ = published()
    referee = role_client(event, Role.REFEREE)
    mark(referee, event, [pairs[0]], "absent", expected=403)
    assert not MatchResult.objects.filter(match__round__event=event).exists()
    chief = role_client(event, Role.CHIEF_REFEREE)
    assert mark(chief, event, [pairs[0]], "absent")["tables"][0]["outcome"] == "forfeited"


def test_re_marking_every_pair_late_reads_no_table_without_an_absent_pair_or_a_forfeit():
    """A published round's tables with no absent pair and no forfeit are not read one by one: the
    marks cost what they cost in a draft round, no deal or result is read."""
    event, pairs, organizer = published(16)
    with CaptureQueriesContext(connection) as queries:
        mark(organizer, event, pairs, "late")
    read = [q["sql"] for q in queries if "scoring_deal" in q["sql"] or "scoring_matchresult" in q["sql"]]
    assert read == []
