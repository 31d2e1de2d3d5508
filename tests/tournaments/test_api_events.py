"""Events, per-event roles and table tokens (tournaments/views/events.py; docs/rules/guandan.md G8, G11)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from rest_framework.test import APIClient

from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    actor_client,
    assert_problem,
    client_for,
    field_errors,
    grant,
    new_user,
    role_client,
)
from tournaments.models import Event, EventRole, Role, RoundStatus, TableToken

pytestmark = pytest.mark.django_db

EVENTS = "/api/v1/events/"


@pytest.fixture
def creator():
    return client_for(new_user("creator"))


def create(client, **fields):
    return client.post(EVENTS, {"slug": "spring-open", "name": "Spring Open 春季赛", **fields}, format="json")


# ---- create ----------------------------------------------------------------------------------
def test_create_event_makes_the_creator_its_organizer(creator):
    response = create(creator)
    assert response.status_code == 201
    event = Event.objects.get(slug="spring-open")
    assert event.created_by == creator.user
    assert list(EventRole.objects.filter(event=event).values_list("user", "role")) == [
        (creator.user.pk, Role.ORGANIZER)
    ]


def test_create_event_defaults(creator):
    body = create(creator).json()
    assert body["status"] == "draft"
    assert body["ruleset"] == "guandan-standard"
    assert body["game"] == "guandan"
    assert body["time_zone"] == "Asia/Shanghai"
    assert body["rules"]["key"] == "guandan-standard"
    assert body["rules"]["match_format"] == "through_a"


def test_g9_an_event_created_without_scoring_settings_shows_every_number_filled_in(creator):
    """Issue 23: an event created without match_points / level_points showed the method alone."""
    body = create(creator).json()
    assert body["match_points"] == {
        "method": "win_draw_loss",
        "win": 2,
        "draw": 1,
        "loss": 0,
        "bye": 2,
        "forfeit_win": 2,
        "forfeit_loss": 0,
        "withdrawal_win": 2,
        "withdrawal_loss": 0,
    }
    assert body["level_points"] == {
        "method": "level_difference",
        "mode": "net",
        "bye": 0,
        "forfeit_win": 0,
        "forfeit_loss": 0,
        "withdrawal_win": 0,
        "withdrawal_loss": 0,
    }
    stored = Event.objects.get(slug="spring-open")
    assert (stored.match_points, stored.level_points) == (body["match_points"], body["level_points"])


def test_g9_an_event_stored_with_the_method_alone_is_shown_filled_in(creator):
    event = EventFactory(
        match_points={"method": "win_draw_loss"}, level_points={"method": "level_difference"}
    )
    grant(event, Role.ORGANIZER, user=creator.user)
    body = creator.get(f"{EVENTS}{event.slug}/").json()
    assert (body["match_points"]["win"], body["match_points"]["withdrawal_loss"]) == (2, 0)
    assert body["level_points"]["mode"] == "net"


def test_anonymous_may_not_create_an_event(api_client):
    assert_problem(create(api_client), 401, "not_authenticated")


def test_a_table_token_may_not_create_an_event():
    client = actor_client(EventFactory(published=True), "table_token")
    assert_problem(create(client), 403, "permission_denied")
    assert not Event.objects.filter(slug="spring-open").exists()


def test_duplicate_slug_is_a_400(creator):
    EventFactory(slug="spring-open")
    response = create(creator)
    assert_problem(response, 400, "unique")
    assert field_errors(response) == {"slug": "unique"}


def test_unknown_ruleset_is_a_400_on_field_ruleset(creator):
    response = create(creator, ruleset="guandan-moon")
    assert_problem(response, 400, "unknown_ruleset")
    assert field_errors(response) == {"ruleset": "unknown_ruleset"}


def test_a_builtin_ruleset_gives_its_rules(creator):
    body = create(creator, ruleset="guandan-seed-000").json()
    assert body["rules"]["key"] == "guandan-seed-000"
    assert body["rules"]["mandatory_levels"] == ["J", "A"]


@pytest.mark.parametrize(
    ("overrides", "field", "code"),
    [
        ({"return_rule": "whatever"}, "rule_overrides.return_rule", "invalid_choice"),
        ({"moon_rule": True}, "rule_overrides.moon_rule", "unknown_field"),
        ({"streaks": "yes"}, "rule_overrides.streaks", "invalid"),
        ({"a_fail_limit": 0}, "rule_overrides.a_fail_limit", "out_of_range"),
        ({"mandatory_levels": ["J"]}, "rule_overrides.mandatory_levels", "invalid"),
        # A match format setting given as an override is reported where it was given.
        ({"match_format": "sudden_death"}, "rule_overrides.match_format", "invalid_choice"),
    ],
)
def test_a_bad_rule_override_names_the_setting(creator, overrides, field, code):
    response = create(creator, rule_overrides=overrides)
    assert_problem(response, 400, code)
    assert field_errors(response) == {field: code}


@pytest.mark.parametrize("overrides", [["return_rule", "any"], "return_rule=any", 3])
def test_rule_overrides_must_be_an_object(creator, overrides):
    response = create(creator, rule_overrides=overrides)
    assert response.status_code == 400
    assert field_errors(response) == {"rule_overrides": "invalid"}


def test_rule_overrides_change_the_effective_rules(creator):
    body = create(creator, ruleset="guandan-national-2017", rule_overrides={"return_rule": "any"}).json()
    assert body["rules"]["return_rule"] == "any"
    assert body["rules"]["double_tribute_lead"] == "first_seat_next"  # still the 2017 profile


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"match_format": "deal_count", "deal_limit": 8}, {"match_format": "deal_count", "deal_limit": 8}),
        ({"match_format": "time_limit", "time_limit_minutes": 50}, {"time_limit_minutes": 50}),
        (
            {"match_format": "time_or_deals", "deal_limit": 20, "time_limit_minutes": 120},
            {"match_format": "time_or_deals", "deal_limit": 20, "time_limit_minutes": 120},
        ),
        ({"equal_levels": "extra_deal"}, {"equal_levels": "extra_deal"}),
        ({"best_of": 3}, {"best_of": 3}),
    ],
)
def test_g8_match_format_fields_set_the_rules(creator, fields, expected):
    response = create(creator, **fields)
    assert response.status_code == 201, response.json()
    rules = response.json()["rules"]
    assert {name: rules[name] for name in expected} == expected


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"match_format": "sudden_death"}, "match_format", "invalid_choice"),
        ({"deal_limit": 0}, "deal_limit", "out_of_range"),
        ({"deal_limit": 201}, "deal_limit", "out_of_range"),
        ({"time_limit_minutes": 0}, "time_limit_minutes", "out_of_range"),
        ({"equal_levels": "coin_toss"}, "equal_levels", "invalid_choice"),
        ({"best_of": 2}, "best_of", "invalid_choice"),
        ({"deal_limit": -1}, "deal_limit", "min_value"),
    ],
)
def test_g8_match_format_fields_are_validated(creator, fields, field, code):
    response = create(creator, **fields)
    assert_problem(response, 400, code)
    assert field_errors(response) == {field: code}


def test_g8_the_event_match_format_wins_over_a_rule_override(creator):
    body = create(creator, rule_overrides={"match_format": "deal_count"}, match_format="time_limit").json()
    assert body["rules"]["match_format"] == "time_limit"


def test_time_zone_is_validated(creator):
    response = create(creator, time_zone="Mars/Olympus_Mons")
    assert_problem(response, 400, "unknown_time_zone")
    assert field_errors(response) == {"time_zone": "unknown_time_zone"}


def test_a_known_time_zone_is_kept(creator):
    assert create(creator, time_zone="Europe/Paris").json()["time_zone"] == "Europe/Paris"


def test_an_event_cannot_end_before_it_starts(creator):
    response = create(creator, starts_on="2026-12-06", ends_on="2026-12-05")
    assert_problem(response, 400, "invalid")
    assert field_errors(response) == {"ends_on": "invalid"}


def test_unknown_game_is_a_400(creator):
    response = create(creator, game="chess")
    assert field_errors(response) == {"game": "invalid_choice"}


@pytest.mark.parametrize(
    "body", ["{not json", "[1, 2]", '"event"', '{"slug": ["a"], "name": {"x": 1}}', '{"slug": null}']
)
def test_malformed_bodies_are_400s(creator, body):
    response = creator.generic("POST", EVENTS, body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/problem+json")


# ---- read ------------------------------------------------------------------------------------
def test_anonymous_lists_only_published_events(api_client):
    EventFactory(slug="open", published=True)
    EventFactory(slug="hidden")
    slugs = [event["slug"] for event in api_client.get(EVENTS).json()["results"]]
    assert slugs == ["open"]


def test_staff_list_their_draft_events_too():
    EventFactory(slug="open", published=True)
    mine = EventFactory(slug="mine")
    EventFactory(slug="theirs")
    slugs = {event["slug"] for event in role_client(mine, Role.REFEREE).get(EVENTS).json()["results"]}
    assert slugs == {"open", "mine"}


def test_events_filter_by_status(api_client):
    EventFactory(slug="now", status="running")
    EventFactory(slug="later", published=True)
    body = api_client.get(EVENTS, {"status": "running"}).json()
    assert [event["slug"] for event in body["results"]] == ["now"]


def test_an_unknown_status_filter_is_a_400(api_client):
    assert api_client.get(EVENTS, {"status": "sleeping"}).status_code == 400


@pytest.mark.parametrize("actor", ["anonymous", "outsider"])
def test_a_draft_event_is_a_404_to_outsiders(actor):
    event = EventFactory()
    assert_problem(actor_client(event, actor).get(f"{EVENTS}{event.slug}/"), 404, "not_found")


def test_an_unknown_event_is_a_404(api_client):
    assert_problem(api_client.get(f"{EVENTS}nope/"), 404, "not_found")


# ---- update, ETags ---------------------------------------------------------------------------
@pytest.fixture
def own_event():
    event = EventFactory(published=True)
    return event, role_client(event, Role.ORGANIZER)


def test_the_organizer_edits_the_event(own_event):
    event, organizer = own_event
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"venue": "Tea House", "status": "running"})
    assert response.status_code == 200
    event.refresh_from_db()
    assert (event.venue, event.status) == ("Tea House", "running")


def test_a_patch_revalidates_the_rules_with_the_stored_values(own_event):
    event, organizer = own_event
    organizer.patch(f"{EVENTS}{event.slug}/", {"match_format": "deal_count"})
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"deal_limit": 0})
    assert field_errors(response) == {"deal_limit": "out_of_range"}


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_other_roles_may_not_edit_the_event(own_event, role):
    event, _ = own_event
    response = role_client(event, role).patch(f"{EVENTS}{event.slug}/", {"venue": "elsewhere"})
    assert_problem(response, 403, "permission_denied")


def test_get_sends_an_etag_and_304_on_if_none_match(own_event, api_client):
    event, _ = own_event
    first = api_client.get(f"{EVENTS}{event.slug}/")
    assert first["ETag"]
    again = api_client.get(f"{EVENTS}{event.slug}/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]


def test_the_etag_changes_when_the_event_does(own_event, api_client):
    event, organizer = own_event
    before = api_client.get(f"{EVENTS}{event.slug}/")["ETag"]
    organizer.patch(f"{EVENTS}{event.slug}/", {"name": "Renamed"})
    assert api_client.get(f"{EVENTS}{event.slug}/", HTTP_IF_NONE_MATCH=before).status_code == 200


def test_a_stale_if_match_is_a_412_and_changes_nothing(own_event):
    event, organizer = own_event
    etag = organizer.get(f"{EVENTS}{event.slug}/")["ETag"]
    organizer.patch(f"{EVENTS}{event.slug}/", {"venue": "first"})
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"venue": "second"}, HTTP_IF_MATCH=etag)
    assert_problem(response, 412, "precondition_failed")
    event.refresh_from_db()
    assert event.venue == "first"


def test_a_current_if_match_lets_the_patch_through(own_event):
    event, organizer = own_event
    etag = organizer.get(f"{EVENTS}{event.slug}/")["ETag"]
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"venue": "second"}, HTTP_IF_MATCH=etag)
    assert response.status_code == 200


def test_a_patch_answers_the_etag_a_get_would_send(own_event):
    event, organizer = own_event
    url = f"{EVENTS}{event.slug}/"
    first = organizer.patch(url, {"venue": "first"}, HTTP_IF_MATCH=organizer.get(url)["ETag"])
    assert first["ETag"] == organizer.get(url)["ETag"]
    # Edits chain on the ETag of the last answer, without reading again.
    second = organizer.patch(url, {"venue": "second"}, HTTP_IF_MATCH=first["ETag"])
    assert second.status_code == 200
    assert second["ETag"] not in (first["ETag"], None)
    assert_problem(
        organizer.patch(url, {"venue": "third"}, HTTP_IF_MATCH=first["ETag"]), 412, "precondition_failed"
    )


def test_a_refused_patch_sends_no_etag(own_event):
    event, organizer = own_event
    response = organizer.patch(f"{EVENTS}{event.slug}/", {"time_zone": "Mars/Olympus"})
    assert response.status_code == 400
    assert "ETag" not in response


def test_a_stale_if_match_on_delete_is_a_412(own_event):
    event, organizer = own_event
    etag = organizer.get(f"{EVENTS}{event.slug}/")["ETag"]
    organizer.patch(f"{EVENTS}{event.slug}/", {"venue": "moved"})
    assert_problem(organizer.delete(f"{EVENTS}{event.slug}/", HTTP_IF_MATCH=etag), 412, "precondition_failed")
    assert Event.objects.filter(pk=event.pk).exists()


def test_an_event_that_never_played_may_be_deleted_with_its_registrations(own_event):
    event, organizer = own_event
    PairFactory(event=event)
    RoundFactory(event=event)
    assert organizer.delete(f"{EVENTS}{event.slug}/").status_code == 204
    assert not Event.objects.filter(pk=event.pk).exists()


def test_an_event_with_matches_is_a_409_on_delete(own_event):
    event, organizer = own_event
    MatchFactory(round=RoundFactory(event=event, status=RoundStatus.PUBLISHED))
    assert_problem(organizer.delete(f"{EVENTS}{event.slug}/"), 409, "in_use")
    assert Event.objects.filter(pk=event.pk).exists()


# ---- roles -----------------------------------------------------------------------------------
def roles_url(event) -> str:
    return f"{EVENTS}{event.slug}/roles/"


def test_the_organizer_assigns_a_role_by_username(own_event):
    event, organizer = own_event
    referee = new_user("referee")
    response = organizer.post(roles_url(event), {"username": referee.username, "role": "referee"})
    assert response.status_code == 201
    assert response.json()["username"] == referee.username
    assert EventRole.objects.filter(event=event, user=referee, role=Role.REFEREE).exists()


def test_an_assigned_role_opens_the_draft_event():
    event = EventFactory()
    organizer = role_client(event, Role.ORGANIZER)
    referee = new_user("referee")
    organizer.post(roles_url(event), {"username": referee.username, "role": "referee"})
    assert client_for(referee).get(f"{EVENTS}{event.slug}/").status_code == 200


def test_an_unknown_username_is_a_400_unknown_user(own_event):
    event, organizer = own_event
    response = organizer.post(roles_url(event), {"username": "nobody", "role": "referee"})
    assert_problem(response, 400, "unknown_user")
    assert field_errors(response) == {"username": "unknown_user"}


def test_an_unknown_role_is_a_400(own_event):
    event, organizer = own_event
    response = organizer.post(roles_url(event), {"username": new_user().username, "role": "captain"})
    assert field_errors(response) == {"role": "invalid_choice"}


def test_assigning_a_role_again_updates_the_scorekeeper_tables(own_event):
    event, organizer = own_event
    keeper = new_user("keeper")
    organizer.post(roles_url(event), {"username": keeper.username, "role": "scorekeeper", "tables": [2]})
    response = organizer.post(
        roles_url(event), {"username": keeper.username, "role": "scorekeeper", "tables": [5, 3, 5]}
    )
    assert response.json()["tables"] == [3, 5]
    assert EventRole.objects.filter(event=event, user=keeper).count() == 1


def test_scorekeeper_tables_count_from_one(own_event):
    event, organizer = own_event
    response = organizer.post(
        roles_url(event), {"username": new_user().username, "role": "scorekeeper", "tables": [0]}
    )
    assert field_errors(response) == {"tables.0": "min_value"}


def test_the_organizer_lists_the_roles(own_event):
    event, organizer = own_event
    grant(event, Role.REFEREE)
    roles = [item["role"] for item in organizer.get(roles_url(event)).json()["results"]]
    assert sorted(roles) == ["organizer", "referee"]


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_only_organizers_see_the_roles(own_event, role):
    event, _ = own_event
    assert_problem(role_client(event, role).get(roles_url(event)), 403, "permission_denied")


def test_the_organizer_removes_a_role(own_event):
    event, organizer = own_event
    grant(event, Role.REFEREE)
    role = EventRole.objects.get(event=event, role=Role.REFEREE)
    assert organizer.delete(f"{roles_url(event)}{role.pk}/").status_code == 204
    assert not EventRole.objects.filter(pk=role.pk).exists()


def test_the_last_organizer_cannot_be_removed(own_event):
    event, organizer = own_event
    role = EventRole.objects.get(event=event, role=Role.ORGANIZER)
    assert_problem(organizer.delete(f"{roles_url(event)}{role.pk}/"), 409, "last_organizer")
    assert EventRole.objects.filter(pk=role.pk).exists()


def test_an_organizer_may_go_once_another_is_named(own_event):
    event, organizer = own_event
    grant(event, Role.ORGANIZER)
    role = EventRole.objects.get(event=event, user=organizer.user)
    assert organizer.delete(f"{roles_url(event)}{role.pk}/").status_code == 204


# ---- table tokens ----------------------------------------------------------------------------
def tokens_url(event) -> str:
    return f"{EVENTS}{event.slug}/table-tokens/"


def scan(url: str, path: str = "/api/v1/me/"):
    """What the table app does with a table's QR code (docs/table-app.md): the card opens the app
    (``/t/``), which takes the key from the URL fragment (the browser never sends it) and calls the
    API with ``Authorization: Table <key>`` (``path``: who it is; ``/api/v1/table/``: its match)."""
    address, _, fragment = url.partition("#")
    assert urlsplit(address).path == "/t/"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {parse_qs(fragment)['table_token'][0]}")
    return client.get(path)


def test_the_organizer_mints_a_table_token_whose_url_carries_it(own_event):
    event, organizer = own_event
    response = organizer.post(tokens_url(event), {"table": 3})
    assert response.status_code == 201
    body = response.json()
    assert body["table"] == 3
    assert body["revoked_at"] is None
    assert body["url"] == f"http://testserver/t/#table_token={body['key']}"


def test_the_qr_url_keeps_the_key_out_of_what_is_sent_to_servers(own_event):
    event, organizer = own_event
    body = organizer.post(tokens_url(event), {"table": 3}).json()
    parts = urlsplit(body["url"])
    assert body["key"] not in parts.path + parts.query  # what reaches proxies and their logs
    assert parse_qs(parts.fragment) == {"table_token": [body["key"]]}


def test_a_table_token_in_the_query_string_still_works_for_old_cards(own_event):
    event, organizer = own_event
    published_tables(event, 2)
    key = organizer.post(tokens_url(event), {"table": 2}).json()["key"]
    body = APIClient().get(f"{EVENTS}{event.slug}/matches/", {"table": 2, "table_token": key}).json()
    assert [match["table"] for match in body["results"]] == [2]


def published_tables(event, count: int = 2):
    round_ = RoundFactory(event=event, status=RoundStatus.PUBLISHED)
    return [MatchFactory(round=round_, table=table) for table in range(1, count + 1)]


def test_the_qr_url_reads_its_own_table(own_event):
    event, organizer = own_event
    published_tables(event, 3)
    url = organizer.post(tokens_url(event), {"table": 2}).json()["url"]
    assert scan(url, "/api/v1/table/").json()["table"] == 2


def test_the_qr_url_opens_a_draft_events_table(own_event):
    event, organizer = own_event
    published_tables(event, 2)
    url = organizer.post(tokens_url(event), {"table": 1}).json()["url"]
    event.status = "draft"
    event.save()
    assert scan(url, "/api/v1/table/").json()["table"] == 1
    anonymous = APIClient().get(f"{EVENTS}{event.slug}/matches/", {"table": 1})  # without the key
    assert_problem(anonymous, 404, "not_found")


def test_a_table_token_reads_only_its_own_tables_matches(own_event):
    event, organizer = own_event
    first, second = published_tables(event)
    key = organizer.post(tokens_url(event), {"table": 1}).json()["key"]
    table = APIClient()
    table.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    listed = table.get(f"{EVENTS}{event.slug}/matches/").json()["results"]
    assert [match["id"] for match in listed] == [first.pk]
    assert table.get(f"/api/v1/matches/{first.pk}/").status_code == 200
    assert_problem(table.get(f"/api/v1/matches/{second.pk}/"), 404, "not_found")


def test_a_table_token_sees_its_draft_event():
    event = EventFactory()
    organizer = role_client(event, Role.ORGANIZER)
    key = organizer.post(tokens_url(event), {"table": 1}).json()["key"]
    assert APIClient().get(f"{EVENTS}{event.slug}/", {"table_token": key}).status_code == 200


def test_a_revoked_token_is_a_401(own_event):
    event, organizer = own_event
    token = organizer.post(tokens_url(event), {"table": 1}).json()
    response = organizer.post(f"{tokens_url(event)}{token['id']}/revoke")
    assert response.status_code == 200
    assert response.json()["revoked_at"] is not None
    assert_problem(scan(token["url"]), 401, "invalid_token")


def test_minting_again_revokes_the_old_token(own_event):
    event, organizer = own_event
    old = organizer.post(tokens_url(event), {"table": 4}).json()
    new = organizer.post(tokens_url(event), {"table": 4}).json()
    assert new["key"] != old["key"]
    assert_problem(scan(old["url"]), 401, "invalid_token")
    assert scan(new["url"]).status_code == 200
    assert TableToken.objects.filter(event=event, table=4, revoked_at__isnull=True).count() == 1


def test_tokens_of_other_tables_stay_live(own_event):
    event, organizer = own_event
    other = organizer.post(tokens_url(event), {"table": 1}).json()
    organizer.post(tokens_url(event), {"table": 2})
    assert scan(other["url"]).status_code == 200


@pytest.mark.parametrize("table", [0, -1, "one", None])
def test_a_token_needs_a_table_number(own_event, table):
    event, organizer = own_event
    response = organizer.post(tokens_url(event), {"table": table}, format="json")
    assert response.status_code == 400
    assert set(field_errors(response)) == {"table"}


@pytest.mark.parametrize("role", [Role.CHIEF_REFEREE, Role.REFEREE, Role.SCOREKEEPER])
def test_only_organizers_mint_tokens(own_event, role):
    event, _ = own_event
    assert_problem(role_client(event, role).post(tokens_url(event), {"table": 1}), 403, "permission_denied")


def test_the_organizer_lists_the_tokens(own_event):
    event, organizer = own_event
    organizer.post(tokens_url(event), {"table": 2})
    organizer.post(tokens_url(event), {"table": 1})
    tables = [token["table"] for token in organizer.get(tokens_url(event)).json()["results"]]
    assert tables == [1, 2]


def test_a_token_cannot_be_revoked_through_another_event(own_event):
    event, organizer = own_event
    other = EventFactory(published=True)
    token = TableToken.objects.create(event=other, table=1)
    assert_problem(organizer.post(f"{tokens_url(event)}{token.pk}/revoke"), 404, "not_found")
    token.refresh_from_db()
    assert token.revoked_at is None


@pytest.mark.parametrize("key", ["nope", "a\x00b", "x" * 300, "ключ"])
def test_an_unknown_table_token_is_a_401(api_client, key):
    EventFactory(published=True)
    assert_problem(api_client.get(EVENTS, {"table_token": key}), 401, "invalid_token")


def test_a_table_header_without_a_key_is_a_401(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Table")
    response = api_client.get(EVENTS)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


def test_an_old_card_opened_in_a_browser_opens_the_table_app(own_event):
    """docs/table-app.md "The table card": a card printed before the app names the table's matches;
    a browser is sent to the app (a redirect keeps the URL's fragment, so the key arrives)."""
    event, _ = own_event
    published_tables(event, 2)
    response = APIClient().get(f"{EVENTS}{event.slug}/matches/", {"table": 2}, HTTP_ACCEPT=BROWSER)
    assert (response.status_code, response["Location"]) == (302, "/t/")
    assert "Accept" in response["Vary"]


@pytest.mark.parametrize("accept", ["application/json", "*/*", None])
def test_an_old_card_read_by_an_api_client_is_still_json(own_event, accept):
    event, organizer = own_event
    published_tables(event, 2)
    key = organizer.post(tokens_url(event), {"table": 2}).json()["key"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    headers = {"HTTP_ACCEPT": accept} if accept else {}
    body = client.get(f"{EVENTS}{event.slug}/matches/", {"table": 2}, **headers).json()
    assert [match["table"] for match in body["results"]] == [2]


@pytest.mark.parametrize(
    ("public", "expected"),
    [("", "http://testserver/t/"), ("http://192.168.1.10:8000", "http://192.168.1.10:8000/t/")],
)
def test_the_card_url_uses_the_public_url_when_set(own_event, settings, public, expected):
    """docs/deploy.md "Running at a venue": the cards carry PUBLIC_URL, not the printing host."""
    settings.PUBLIC_URL = public
    event, organizer = own_event
    body = organizer.post(tokens_url(event), {"table": 1}).json()
    assert body["url"] == f"{expected}#table_token={body['key']}"
