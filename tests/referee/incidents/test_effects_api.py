"""What a ruling does (G12): the escalation count, the level line, match points, an awarded or
forfeited match, a disqualification and the next draw; appeals, reviews and cancellations that put
everything back exactly; the bad input that writes nothing."""

from __future__ import annotations

import pytest

from core.models import AuditEntry
from referee.models import Incident, Penalty, Ruling
from scoring.models import Webhook, WebhookDelivery
from tests.referee.incidents.conftest import (
    API,
    incidents_url,
    offence,
    report,
    rule,
    ruled,
    standings,
    state,
)
from tests.scoring.conftest import deals_url, post_deals
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    RoundFactory,
    assert_problem,
    confirm,
    role_client,
)
from tournaments.models import Match, PairStatus, Role, RoundStatus

pytestmark = pytest.mark.django_db


def row_of(table: dict, pair) -> dict:
    return next(row for row in table["rows"] if row["pair"]["id"] == pair.pk)


# ---- escalation (G12: the same infraction by the same seat or side, per match) --------------------
def test_g12_the_count_grows_per_side_apart_per_infraction_and_per_match(play, referee):
    event, (table_1, table_2) = play["event"], play["matches"]
    counts = [offence(referee, event, table_1, "hidden_card", seat=seat)["count"] for seat in ("N", "S", "N")]
    assert counts == [1, 2, 3]  # a side's offences: N and S count together
    assert offence(referee, event, table_1, "hidden_card", seat="E")["count"] == 1  # the other side
    assert offence(referee, event, table_1, "out_of_turn", seat="N")["count"] == 1  # another infraction
    assert offence(referee, event, table_2, "hidden_card", seat="N")["count"] == 1  # another match
    third = Ruling.objects.get(incident__match=table_1, count=3)
    assert third.effects == [{"kind": "match_awarded", "to": "opponents"}]


def test_g12_a_seat_scoped_row_counts_the_seat_alone(play, referee):
    event, match = play["event"], play["matches"][0]
    assert [offence(referee, event, match, "exposed_card", seat=s)["count"] for s in ("N", "S", "N")] == [
        1,
        1,
        2,
    ]


def test_g12_a_dismissed_call_does_not_count(play, referee, chief, table_1):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "hidden_card", side="NS")
    assert ruled(referee, event, incident, dismissed=True)["rulings"][0]["penalties"] == []
    assert offence(referee, event, match, "hidden_card", side="NS")["count"] == 1


# ---- the level line (G12 → G6) ---------------------------------------------------------------------
def test_g12_a_hidden_card_puts_the_opponents_up_and_on_stage_in_the_level_line(play, referee, table_1):
    event, match = play["event"], play["matches"][0]
    post_deals(table_1, match, [["N", "S"]])  # NS 2 -> 5, on stage
    before = state(table_1, match)
    assert (before["levels"], before["on_stage"]) == ({"NS": "5", "EW": "2"}, "NS")
    ruling = offence(referee, event, match, "hidden_card", seat="S", deal=2)
    (penalty,) = ruling["penalties"]
    assert (penalty["kind"], penalty["side"], penalty["after_deal"]) == ("levels", "EW", 1)
    after = state(table_1, match)
    assert after["levels"] == {"NS": "5", "EW": "3"}
    assert (after["on_stage"], after["deal_level"]) == ("EW", "3")
    assert after["level_line"] == [
        {"deal": 1, "game": 1, "NS": "5", "EW": "2"},
        {"deal": 1, "game": 1, "NS": "5", "EW": "3", "change": penalty["id"]},
    ]
    # the table plays on at the level the ruling set: deal 2 is played at EW's 3
    response = table_1.post(
        deals_url(match), {"number": 2, "finishing_order": ["E", "W"], "level": "3"}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["state"]["levels"] == {"NS": "5", "EW": "6"}


def test_g12_a_level_change_on_a_finished_match_enters_after_its_last_deal(play, referee, table_1):
    event, match = play["event"], play["matches"][0]
    post_deals(table_1, match, [["N", "S"]] * 5)  # NS pass A; no result submitted yet
    incident = report(referee, event, match, "hidden_card", side="NS")
    (penalty,) = ruled(referee, event, incident)["rulings"][0]["penalties"]
    assert penalty["after_deal"] == 5
    assert state(table_1, match)["levels"] == {"NS": "A+", "EW": "3"}  # the winner at A stays


# ---- match points, awarded and forfeited matches (G12 → G9, G10) -----------------------------------
def test_g12_match_points_are_a_column_of_their_own_in_the_standings(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    before = row_of(standings(organizer, event), match.ns_pair)
    assert (before["match_points"], before["penalty_points"]) == (2, 0)
    for _ in range(3):
        ruling = offence(referee, event, match, "out_of_turn", seat="N")
    assert ruling["effects"][-1] == {"kind": "match_points", "to": "offender", "amount": -1}
    after = row_of(standings(organizer, event), match.ns_pair)
    assert (after["match_points"], after["penalty_points"]) == (1, -1)
    columns = standings(organizer, event)["columns"]
    assert [c["key"] for c in columns][:2] == ["match_points", "penalty_points"]


def test_g12_penalty_points_are_a_column_of_the_exported_standings(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    url = f"{API}/events/{event.slug}/standings/export?format=csv"
    assert "Penalty points" not in organizer.get(url).content.decode().splitlines()[0]
    for _ in range(3):
        offence(referee, event, match, "out_of_turn", seat="N")
    lines = organizer.get(url).content.decode().splitlines()
    header = lines[0].lstrip("\ufeff").split(",")
    assert header[4:6] == ["Match points", "Penalty points"]
    row = next(line.split(",") for line in lines[1:] if line.split(",")[1] == str(match.ns_pair.number))
    assert row[4:6] == ["1", "-1"]


def test_g12_a_third_hidden_card_awards_the_match_at_the_events_maximum(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    event.match_points = {"method": "level_table", "scale": 28}
    event.save()
    for _ in range(3):
        offence(referee, event, match, "hidden_card", seat="W")
    table = standings(organizer, event)
    assert row_of(table, match.ns_pair)["match_points"] == 28  # no result was confirmed: the award scores
    assert row_of(table, match.ew_pair)["match_points"] == 0
    results = organizer.get(f"{API}/events/{event.slug}/results/?round=1").json()
    (row,) = [row for row in results["rows"] if row["table"] == 1]
    assert row["match_points"] == {"NS": 28, "EW": 0}


def test_g12_changing_a_player_forfeits_by_the_events_forfeit_numbers(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    event.match_points = {"method": "level_table", "scale": 28}
    event.save()
    confirm(match, match.ew_pair)
    offence(referee, event, match, "player_change", side="EW")
    table = standings(organizer, event)
    assert (row_of(table, match.ns_pair)["match_points"], row_of(table, match.ew_pair)["match_points"]) == (
        20,
        0,
    )


# ---- disqualification and the next draw ------------------------------------------------------------
def _disqualify(play, referee, organizer, results: str = "keep"):
    event, match = play["event"], play["matches"][0]
    event.penalty_table = {
        "rows": {"illegal_signal": {"steps": [[{"kind": "disqualification"}]]}},
        "disqualified_results": results,
    }
    event.save()
    confirm(match, match.ew_pair)
    return offence(referee, event, match, "illegal_signal", side="EW")


def test_g12_a_disqualified_pair_leaves_the_next_draw(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    ruling = _disqualify(play, referee, organizer)
    match.ew_pair.refresh_from_db()
    assert match.ew_pair.status == PairStatus.DISQUALIFIED
    confirm(play["matches"][1], play["matches"][1].ns_pair)  # round 1 settled (docs/events.md)
    RoundFactory(event=event, stage=play["stage"], number=2, status=RoundStatus.DRAFT)
    response = organizer.post(f"{API}/events/{event.slug}/rounds/2/draw", {"seed": 3}, format="json")
    assert response.status_code == 200, response.json()
    drawn = Match.objects.filter(round__event=event, round__number=2)
    assert match.ew_pair_id not in {pair for m in drawn for pair in m.pair_ids}
    assert row_of(standings(organizer, event), match.ew_pair)["match_points"] == 2  # kept as played
    # cancelled: the pair is active again
    cancel = organizer.post(
        f"{API}/penalties/{ruling['penalties'][0]['id']}/cancel", {"reason": "wrong pair"}, format="json"
    )
    assert cancel.status_code == 200, cancel.json()
    match.ew_pair.refresh_from_db()
    assert match.ew_pair.status == PairStatus.ACTIVE


def test_g12_a_disqualified_pairs_past_results_score_as_forfeits_when_the_event_says(
    play, referee, organizer
):
    match = play["matches"][0]
    _disqualify(play, referee, organizer, results="forfeit")
    table = standings(organizer, play["event"])
    assert (row_of(table, match.ns_pair)["match_points"], row_of(table, match.ew_pair)["match_points"]) == (
        2,
        0,
    )


# ---- appeals, reviews, cancellations ---------------------------------------------------------------
def test_an_appeal_that_overturns_a_ruling_puts_the_standings_back_exactly(
    play, referee, chief, table_1, organizer
):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    for _ in range(2):
        offence(referee, event, match, "out_of_turn", seat="N")
    before = standings(organizer, event)
    incident = report(referee, event, match, "out_of_turn", seat="N")
    ruled(referee, event, incident)
    assert row_of(standings(organizer, event), match.ns_pair)["penalty_points"] == -1
    appeal = table_1.post(
        incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS", "reason": "E played"}, format="json"
    )
    assert appeal.status_code == 201, appeal.json()
    assert appeal.json()["status"] == "appealed"
    decided = chief.post(
        incidents_url(event, f"{incident['id']}/decide"),
        {"decision": "overturn", "reason": "E played first"},
        format="json",
    )
    assert decided.status_code == 200, decided.json()
    body = decided.json()
    assert (body["status"], body["appeals"][0]["status"], body["rulings"][0]["status"]) == (
        "decided",
        "overturned",
        "overturned",
    )
    assert {p["status"] for p in body["rulings"][0]["penalties"]} == {"overturned"}
    after = standings(organizer, event)
    assert after["rows"] == before["rows"]
    assert after["results_version"] > before["results_version"]


def test_the_chief_referee_may_replace_an_overturned_ruling(play, referee, chief, table_1):
    event, match = play["event"], play["matches"][0]
    incident = report(table_1, event, match, "slow_play", seat="W")
    ruled(referee, event, incident)
    table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS"}, format="json")
    effects = [{"kind": "levels", "to": "opponents", "amount": 1}]
    body = chief.post(
        incidents_url(event, f"{incident['id']}/decide"),
        {"decision": "overturn", "reason": "too slow, twice", "effects": effects},
        format="json",
    ).json()
    old, new = body["rulings"]
    assert (old["status"], new["status"], new["replaces"]) == ("overturned", "standing", old["id"])
    assert state(table_1, match)["levels"] == {"NS": "3", "EW": "2"}
    again = table_1.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "EW"}, format="json")
    assert_problem(again, 409, "already_decided")


def test_a_ruling_other_than_the_tables_needs_a_reason_and_is_flagged_for_the_chief(play, referee, chief):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "exposed_card", seat="N")
    effects = [{"kind": "warning"}]
    assert_problem(rule(referee, event, incident, effects=effects), 400, "reason_required")
    assert not Ruling.objects.exists()
    (ruling,) = ruled(referee, event, incident, effects=effects, override_reason="first offence, junior")[
        "rulings"
    ]
    assert (ruling["overrides_table"], ruling["flagged"]) == (True, True)
    flagged = incidents_url(event, f"{incident['id']}/decide")
    body = chief.post(flagged, {"decision": "uphold", "reason": "fair"}, format="json").json()
    assert body["rulings"][0]["flagged"] is False and body["appeals"][0]["status"] == "upheld"
    assert body["appeals"][0]["side"] == ""


def test_cancelling_a_penalty_needs_a_reason_and_happens_once(play, referee, chief, organizer):
    event, match = play["event"], play["matches"][0]
    confirm(match, match.ns_pair)
    before = standings(organizer, event)["rows"]
    penalty = offence(referee, event, match, "player_change", side="NS")["penalties"][0]
    url = f"{API}/penalties/{penalty['id']}/cancel"
    assert_problem(chief.post(url, {}, format="json"), 400, "reason_required")
    assert_problem(chief.post(url, {"reason": "  "}, format="json"), 400, "reason_required")
    assert Penalty.objects.get().status == "active"
    body = chief.post(url, {"reason": "the player was registered"}, format="json").json()
    assert (body["status"], body["cancel_reason"]) == ("cancelled", "the player was registered")
    assert standings(organizer, event)["rows"] == before
    assert_problem(chief.post(url, {"reason": "again"}, format="json"), 409, "penalty_not_active")


# ---- bad input writes nothing ----------------------------------------------------------------------
def test_a_ruling_on_an_incident_of_another_event_is_not_found(play, referee):
    other = EventFactory(published=True)
    other_match = MatchFactory(round=RoundFactory(event=other, status=RoundStatus.PUBLISHED))
    incident = report(role_client(other, Role.REFEREE), other, other_match, "slow_play")
    assert_problem(rule(referee, play["event"], incident), 404, "not_found")
    assert not Ruling.objects.exists()


def test_an_incident_at_a_match_not_yet_played_is_refused(play, referee):
    event = play["event"]
    draft = MatchFactory(round=RoundFactory(event=event, stage=play["stage"], number=2))
    response = referee.post(
        incidents_url(event), {"match": draft.pk, "infraction": "slow_play", "side": "NS"}, format="json"
    )
    assert_problem(response, 409, "match_not_played")
    assert not Incident.objects.exists()


def test_a_second_ruling_on_a_ruled_incident_is_refused(play, referee, second_referee):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    assert_problem(rule(second_referee, event, incident), 409, "already_ruled")
    assert Ruling.objects.count() == 1


@pytest.mark.parametrize("who", ["referee", "table_2"])
def test_an_appeal_by_someone_not_party_to_the_incident_is_refused(play, referee, table_2, who):
    event, match = play["event"], play["matches"][0]
    incident = report(referee, event, match, "slow_play", seat="N")
    ruled(referee, event, incident)
    caller = {"referee": referee, "table_2": table_2}[who]
    response = caller.post(incidents_url(event, f"{incident['id']}/appeal"), {"side": "NS"}, format="json")
    assert_problem(
        response, 403 if who == "referee" else 404, "not_party" if who == "referee" else "not_found"
    )
    assert not Incident.objects.get().appeals.exists()


def test_a_table_reports_only_at_its_own_table(play, table_1):
    event, table_2_match = play["event"], play["matches"][1]
    response = table_1.post(
        incidents_url(event),
        {"match": table_2_match.pk, "infraction": "slow_play", "seat": "N"},
        format="json",
    )
    assert_problem(response, 403, "wrong_table")


def test_a_seat_must_sit_on_the_side_named(play, referee):
    event, match = play["event"], play["matches"][0]
    body = {"match": match.pk, "infraction": "slow_play", "seat": "N", "side": "EW"}
    assert_problem(referee.post(incidents_url(event), body, format="json"), 400, "seat_not_in_side")


# ---- visibility, webhook, audit ----------------------------------------------------------------------
def test_the_public_sees_published_rulings_never_the_reporter(play, referee, table_1, api_client):
    event, match = play["event"], play["matches"][0]
    ruled_one = report(table_1, event, match, "slow_play", seat="N")
    ruled(referee, event, ruled_one)
    report(table_1, event, match, "hidden_card", seat="E")  # waiting for a ruling
    assert referee.get(incidents_url(event)).json()["results"][1]["reported_by"] == "table 1"
    assert api_client.get(incidents_url(event)).status_code in (401, 403)
    event.publish_rulings = True
    event.save()
    public = api_client.get(incidents_url(event)).json()
    assert [(row["id"], row["reported_by"]) for row in public["results"]] == [(ruled_one["id"], None)]
    assert api_client.get(incidents_url(event, "?status=ruled")).json()["count"] == 1


def test_filters(play, referee):
    event, (t1, t2) = play["event"], play["matches"]
    report(referee, event, t1, "slow_play", seat="N")
    report(referee, event, t2, "hidden_card", seat="E")

    def ids(query):
        return [row["table"] for row in referee.get(incidents_url(event, query)).json()["results"]]

    assert ids("?code=hidden_card") == [2]
    assert ids(f"?match={t1.pk}") == [1]
    assert ids(f"?pair={t2.ew_pair_id}") == [2]
    assert ids("?round=1") == [2, 1]
    assert ids("?status=reported") == [2, 1]


def test_a_ruling_is_audited_and_raises_ruling_made(play, referee, organizer):
    event, match = play["event"], play["matches"][0]
    Webhook.objects.create(event=event, url="http://127.0.0.1:9/hook", events=["ruling.made"])
    offence(referee, event, match, "hidden_card", seat="N")
    (delivery,) = WebhookDelivery.objects.filter(event_type="ruling.made")
    data = delivery.payload["data"]
    assert (data["change"], data["infraction"], data["effects"][0]["kind"]) == (
        "ruled",
        "hidden_card",
        "levels",
    )
    assert "reported_by" not in data
    models = set(AuditEntry.objects.filter(event_id=event.pk).values_list("content_type__model", flat=True))
    assert {"incident", "ruling", "penalty"} <= models
    audit = organizer.get(f"{API}/events/{event.slug}/audit/?model=ruling").json()
    assert audit["count"] >= 1
