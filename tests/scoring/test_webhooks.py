"""Webhooks: registration, signed deliveries on commit, retries with back-off, the delivery log.

scoring/webhooks.py, scoring/tasks.py, scoring/views/events.py (WebhookViewSet). Deliveries go to
a real HTTP server on 127.0.0.1 (settings_test allows private addresses). Celery runs eagerly,
and pytest-django wraps each test in a transaction, so on-commit work runs only where a test says
so: ``django_capture_on_commit_callbacks(execute=True)`` runs the callbacks that the code under
test registered, as a commit would (a rolled-back savepoint drops its own callbacks); the tests
about commit and rollback themselves use ``transaction=True``, real commits.
"""

from __future__ import annotations

import datetime
import json
import socket
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from unittest import mock

import pytest
from django.db import transaction
from django.utils import timezone

from scoring.models import DeliveryStatus, Webhook, WebhookDelivery
from scoring.tasks import deliver_due_webhooks, queue_event
from scoring.webhooks import MAX_ATTEMPTS, verify
from tests.scoring.conftest import API, NS_SWEEP, post_deals, result_url
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    actor_client,
    assert_problem,
    confirm,
    field_errors,
    role_client,
)
from tournaments.models import Role, RoundStatus

pytestmark = pytest.mark.django_db


# ---- a receiver ----------------------------------------------------------------------------------
@dataclass
class Received:
    path: str
    headers: dict[str, str]  # lower-cased names
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    """A club's web server: records every request and answers ``status``."""

    url: str
    status: int = 200
    requests: list[Received] = field(default_factory=list)

    @property
    def types(self) -> list[str]:
        return [r.headers["x-guandan-event"] for r in self.requests]


@pytest.fixture
def receiver():
    state = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            headers = {name.lower(): value for name, value in self.headers.items()}
            state.requests.append(Received(path=self.path, headers=headers, body=body))
            self.send_response(state.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    # shutdown() waits for serve_forever's next poll: the default 0.5 s was half a second a test.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_port}/hooks/guandan"
    yield state
    server.shutdown()
    server.server_close()
    thread.join()


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Clock:
    """``timezone.now()`` frozen at ``now``, moved by ``advance``."""

    def __init__(self, now: datetime.datetime):
        self.now = now

    def advance(self, **delta) -> None:
        self.now += datetime.timedelta(**delta)


@pytest.fixture
def clock():
    frozen = Clock(timezone.now().replace(microsecond=0))
    with mock.patch("django.utils.timezone.now", side_effect=lambda: frozen.now):
        yield frozen


# ---- helpers -------------------------------------------------------------------------------------
def hooks_url(event, *parts) -> str:
    return "/".join([f"{API}/events/{event.slug}/webhooks", *map(str, parts)]) + "/"


def register(organizer, event, url: str, **body) -> dict:
    response = organizer.post(hooks_url(event), {"url": url, **body}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def confirm_table_1(play, keeper, referee, capture) -> None:
    """Table 1 is played out, its scorekeeper submits, a referee confirms (and that commits)."""
    match = play["matches"][0]
    post_deals(keeper, match, NS_SWEEP)
    assert keeper.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    with capture(execute=True):
        response = referee.post(result_url(match, "/confirm"), {}, format="json")
    assert response.json()["status"] == "confirmed"


def queue_committed(capture, event, event_type: str = "standings.updated", data=None) -> WebhookDelivery:
    """One event queued, then the commit's callbacks run: the delivery (one hook) after its first attempt."""
    with capture(execute=True):
        queue_event(event, event_type, data or {"results_version": 1})
    return WebhookDelivery.objects.get()


@pytest.fixture
def hook(play, organizer, receiver) -> dict:
    """A hook of event ``play`` for every event type, as the API answered its registration."""
    return register(organizer, play["event"], receiver.url)


# ---- registration --------------------------------------------------------------------------------
def test_an_organizer_registers_a_webhook_and_gets_its_secret(play, organizer, receiver):
    body = register(organizer, play["event"], receiver.url, events=["round.published", "result.confirmed"])
    hook = Webhook.objects.get(pk=body["id"])
    assert body["url"] == receiver.url
    assert body["events"] == ["result.confirmed", "round.published"]
    assert body["active"] is True
    assert body["secret"] == hook.secret and len(hook.secret) >= 32
    assert (hook.event, hook.created_by) == (play["event"], organizer.user)


def test_two_hooks_get_different_secrets(play, organizer, receiver):
    first = register(organizer, play["event"], receiver.url)
    second = register(organizer, play["event"], receiver.url)
    assert first["secret"] != second["secret"]


@pytest.mark.parametrize(
    ("actor", "status", "code"),
    [
        ("anonymous", 401, "not_authenticated"),
        ("outsider", 403, "permission_denied"),
        ("referee", 403, "permission_denied"),
        ("chief_referee", 403, "permission_denied"),
        ("scorekeeper", 403, "permission_denied"),
        ("table_token", 403, "permission_denied"),
    ],
)
def test_only_organizers_register_webhooks(play, receiver, actor, status, code):
    client = actor_client(play["event"], actor)
    assert_problem(client.post(hooks_url(play["event"]), {"url": receiver.url}, format="json"), status, code)
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(
    ("actor", "status", "code"),
    [
        ("anonymous", 401, "not_authenticated"),
        ("referee", 403, "permission_denied"),
        ("scorekeeper", 403, "permission_denied"),
    ],
)
def test_only_organizers_read_webhooks_and_their_secrets(play, hook, actor, status, code):
    client = actor_client(play["event"], actor)
    assert_problem(client.get(hooks_url(play["event"])), status, code)
    assert_problem(client.get(hooks_url(play["event"], hook["id"])), status, code)


def test_a_non_http_url_is_not_allowed(play, organizer):
    response = organizer.post(hooks_url(play["event"]), {"url": "ftp://example.org/hook"}, format="json")
    assert_problem(response, 400, "url_not_allowed")
    assert field_errors(response) == {"url": "url_not_allowed"}


def test_a_private_address_is_not_allowed_when_the_setting_forbids_it(play, organizer, receiver, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    response = organizer.post(hooks_url(play["event"]), {"url": receiver.url}, format="json")
    assert_problem(response, 400, "url_not_allowed")
    assert field_errors(response) == {"url": "url_not_allowed"}
    assert not Webhook.objects.exists()


def test_a_url_changed_to_a_private_address_is_refused(play, organizer, hook, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    response = organizer.patch(
        hooks_url(play["event"], hook["id"]), {"url": "http://10.0.0.1/hook"}, format="json"
    )
    assert field_errors(response) == {"url": "url_not_allowed"}
    assert Webhook.objects.get(pk=hook["id"]).url == hook["url"]


def test_an_unknown_event_type_is_refused(play, organizer, receiver):
    response = organizer.post(
        hooks_url(play["event"]),
        {"url": receiver.url, "events": ["standings.updated", "deal.posted"]},
        format="json",
    )
    assert_problem(response, 400, "invalid_choice")
    assert field_errors(response) == {"events.1": "invalid_choice"}
    assert not Webhook.objects.exists()


# ---- what is delivered ---------------------------------------------------------------------------
def test_confirming_a_result_delivers_result_confirmed_and_standings_updated(
    play, keeper, referee, hook, receiver, django_capture_on_commit_callbacks
):
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    assert sorted(receiver.types) == ["result.confirmed", "standings.updated"]
    assert {r.path for r in receiver.requests} == {"/hooks/guandan"}


def test_a_hook_gets_only_the_event_types_it_asked_for(
    play, organizer, keeper, referee, receiver, django_capture_on_commit_callbacks
):
    register(organizer, play["event"], receiver.url, events=["standings.updated"])
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    assert receiver.types == ["standings.updated"]
    assert list(WebhookDelivery.objects.values_list("event_type", flat=True)) == ["standings.updated"]


def test_the_result_confirmed_data_names_the_match_and_the_version(
    play, keeper, referee, hook, receiver, django_capture_on_commit_callbacks
):
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    (request,) = [r for r in receiver.requests if r.headers["x-guandan-event"] == "result.confirmed"]
    match, pairs = play["matches"][0], play["pairs"]
    assert request.json()["data"] == {
        "match": match.pk,
        "round": 1,
        "table": 1,
        "version": 1,
        "corrects": None,
        "winner": "NS",
        "ns_pair": pairs[0].pk,
        "ew_pair": pairs[1].pk,
        "cause": None,  # a version someone submitted, not one a ruling made the service write
    }


def test_the_standings_updated_data_gives_the_results_version_and_where_to_read(
    play, keeper, referee, hook, receiver, django_capture_on_commit_callbacks
):
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    (request,) = [r for r in receiver.requests if r.headers["x-guandan-event"] == "standings.updated"]
    play["event"].refresh_from_db()
    assert request.json()["data"] == {
        "results_version": play["event"].results_version,
        "standings": "/api/v1/events/play/standings/",
    }


def test_publishing_a_round_delivers_round_published(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    event, pairs = play["event"], play["pairs"]
    for match in play["matches"]:  # round 1 settled: round 2 may be published (docs/events.md)
        confirm(match, match.ns_pair)
    second = RoundFactory(event=event, stage=play["stage"], number=2, status=RoundStatus.DRAFT)
    MatchFactory(round=second, table=1, ns_pair=pairs[0], ew_pair=pairs[2])
    MatchFactory(round=second, table=2, ns_pair=pairs[1], ew_pair=pairs[3])
    with django_capture_on_commit_callbacks(execute=True):
        assert organizer.post(f"{API}/events/play/rounds/2/publish").status_code == 200
    (request,) = receiver.requests
    assert request.headers["x-guandan-event"] == "round.published"
    assert request.json()["data"] == {"round": 2, "pairings": "/api/v1/events/play/matches/?round=2"}


def test_publishing_a_round_with_a_bye_delivers_standings_updated(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    event, pairs = play["event"], play["pairs"]
    late = PairFactory(event=event)  # five pairs: round 2 has a bye, which scores (G9)
    for match in play["matches"]:  # round 1 settled: round 2 may be published (docs/events.md)
        confirm(match, match.ns_pair)
    second = RoundFactory(event=event, stage=play["stage"], number=2, status=RoundStatus.DRAFT)
    MatchFactory(round=second, table=1, ns_pair=pairs[0], ew_pair=pairs[2])
    MatchFactory(round=second, table=2, ns_pair=pairs[1], ew_pair=pairs[3])
    MatchFactory(round=second, table=3, ns_pair=late, ew_pair=None)
    with django_capture_on_commit_callbacks(execute=True):
        assert organizer.post(f"{API}/events/play/rounds/2/publish").status_code == 200
    assert sorted(receiver.types) == ["round.published", "standings.updated"]
    (request,) = [r for r in receiver.requests if r.headers["x-guandan-event"] == "standings.updated"]
    event.refresh_from_db()
    assert request.json()["data"]["results_version"] == event.results_version
    assert organizer.get(f"{API}/events/play/standings/").json()["results_version"] == event.results_version


def test_withdrawing_a_pair_delivers_standings_updated(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    pair = play["pairs"][3]
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.patch(
            f"{API}/events/play/pairs/{pair.pk}/", {"status": "withdrawn"}, format="json"
        )
    assert response.status_code == 200
    assert receiver.types == ["standings.updated"]


def test_changing_the_events_tiebreaks_delivers_standings_updated(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        organizer.patch(f"{API}/events/play/", {"tiebreaks": ["wins"]}, format="json")
    assert receiver.types == ["standings.updated"]


def test_an_edit_the_standings_do_not_show_delivers_nothing(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        organizer.patch(f"{API}/events/play/", {"venue": "Tea House"}, format="json")
        organizer.post(
            f"{API}/events/play/pairs/", {"player_1": {"name": "A"}, "player_2": {"name": "B"}}, format="json"
        )
    assert receiver.requests == []


def test_a_hook_of_another_event_gets_nothing(
    play, keeper, referee, receiver, django_capture_on_commit_callbacks
):
    Webhook.objects.create(event=EventFactory(published=True), url=receiver.url)
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    assert receiver.requests == []
    assert not WebhookDelivery.objects.exists()


def test_the_body_is_json_with_id_type_event_created_at_and_data(
    play, hook, receiver, django_capture_on_commit_callbacks
):
    before = timezone.now()
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"], data={"results_version": 7})
    (request,) = receiver.requests
    assert request.headers["content-type"] == "application/json"
    body = request.json()
    assert set(body) == {"id", "type", "event", "created_at", "data"}
    assert (body["id"], body["type"], body["event"]) == (delivery.pk, "standings.updated", "play")
    assert body["data"] == {"results_version": 7}
    created_at = datetime.datetime.fromisoformat(body["created_at"])
    assert created_at.utcoffset() is not None
    assert before <= created_at <= timezone.now()


def test_the_event_and_delivery_headers_name_the_type_and_the_delivery(
    play, hook, receiver, django_capture_on_commit_callbacks
):
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"], "round.published")
    (request,) = receiver.requests
    assert request.headers["x-guandan-event"] == "round.published"
    assert request.headers["x-guandan-delivery"] == str(delivery.pk)


def test_the_signature_verifies_with_the_hook_secret(
    play, hook, receiver, django_capture_on_commit_callbacks
):
    queue_committed(django_capture_on_commit_callbacks, play["event"])
    (request,) = receiver.requests
    assert verify(hook["secret"], request.body, request.headers["x-guandan-signature"])


def test_a_tampered_body_does_not_verify(play, hook, receiver, django_capture_on_commit_callbacks):
    queue_committed(django_capture_on_commit_callbacks, play["event"])
    (request,) = receiver.requests
    tampered = request.body.replace(b'"results_version":1', b'"results_version":2')
    assert tampered != request.body
    assert not verify(hook["secret"], tampered, request.headers["x-guandan-signature"])


def test_another_secret_does_not_verify(play, hook, receiver, django_capture_on_commit_callbacks):
    other = Webhook.objects.create(event=EventFactory(), url=receiver.url)
    queue_committed(django_capture_on_commit_callbacks, play["event"])
    (request,) = receiver.requests
    assert not verify(other.secret, request.body, request.headers["x-guandan-signature"])


def test_an_old_signature_does_not_verify(play, hook, receiver, django_capture_on_commit_callbacks):
    queue_committed(django_capture_on_commit_callbacks, play["event"])
    (request,) = receiver.requests
    header = request.headers["x-guandan-signature"]
    signed_at = int(dict(part.split("=", 1) for part in header.split(","))["t"])
    assert verify(hook["secret"], request.body, header, now=signed_at + 300)
    assert not verify(hook["secret"], request.body, header, now=signed_at + 301)


def test_a_successful_delivery_is_recorded_as_delivered(
    play, hook, receiver, clock, django_capture_on_commit_callbacks
):
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"])
    assert delivery.status == DeliveryStatus.DELIVERED
    assert (delivery.attempts, delivery.response_status, delivery.last_error) == (1, 200, "")
    assert (delivery.delivered_at, delivery.next_attempt_at) == (clock.now, None)


# ---- commit and rollback (real transactions) -----------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_a_delivery_is_recorded_with_the_change_and_sent_after_the_commit(receiver):
    event = EventFactory(published=True)
    Webhook.objects.create(event=event, url=receiver.url)
    with transaction.atomic():
        queue_event(event, "standings.updated", {"results_version": 1})
        assert WebhookDelivery.objects.get().attempts == 0
        assert receiver.requests == []
    assert receiver.types == ["standings.updated"]
    assert WebhookDelivery.objects.get().status == DeliveryStatus.DELIVERED


@pytest.mark.django_db(transaction=True)
def test_nothing_is_delivered_when_the_transaction_rolls_back(receiver):
    event = EventFactory(published=True)
    Webhook.objects.create(event=event, url=receiver.url)
    with pytest.raises(RuntimeError), transaction.atomic():
        queue_event(event, "standings.updated", {"results_version": 1})
        raise RuntimeError("the change failed after queueing")
    assert not WebhookDelivery.objects.exists()
    assert receiver.requests == []


@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_after_commit_does_not_fail_the_confirmation(receiver):
    """The change committed and its delivery row is there for the sweep: the request succeeds."""
    event = EventFactory(published=True, slug="outage")
    Webhook.objects.create(event=event, url=receiver.url)
    match = MatchFactory(round=RoundFactory(event=event, status=RoundStatus.PUBLISHED), table=1)
    keeper = role_client(event, Role.SCOREKEEPER)
    referee = role_client(event, Role.REFEREE)
    post_deals(keeper, match, NS_SWEEP)
    keeper.post(result_url(match), {"side": "NS"}, format="json")
    with mock.patch("scoring.tasks.deliver_webhook.delay", side_effect=OSError("broker unreachable")):
        response = referee.post(result_url(match, "/confirm"), {}, format="json")
    assert response.status_code == 200
    assert sorted(WebhookDelivery.objects.values_list("event_type", "status", "attempts")) == [
        ("result.confirmed", "pending", 0),
        ("standings.updated", "pending", 0),
    ]
    assert deliver_due_webhooks() == 2
    assert sorted(receiver.types) == ["result.confirmed", "standings.updated"]


# ---- failures, retries, back-off -----------------------------------------------------------------
@pytest.fixture
def failing(play, hook, receiver, clock, django_capture_on_commit_callbacks) -> WebhookDelivery:
    """A delivery whose first attempt got a 500."""
    receiver.status = 500
    return queue_committed(django_capture_on_commit_callbacks, play["event"])


def test_a_failed_attempt_stays_pending_and_is_due_again_in_30_seconds(failing, clock):
    assert failing.status == DeliveryStatus.PENDING
    assert (failing.attempts, failing.response_status, failing.last_error) == (1, 500, "HTTP 500")
    assert failing.next_attempt_at == clock.now + datetime.timedelta(seconds=30)
    assert failing.delivered_at is None


def test_the_sweep_leaves_a_delivery_alone_before_it_is_due(failing, receiver, clock):
    clock.advance(seconds=29)
    assert deliver_due_webhooks() == 0
    assert len(receiver.requests) == 1
    failing.refresh_from_db()
    assert failing.attempts == 1


def test_the_sweep_retries_a_delivery_that_is_due(failing, receiver, clock):
    clock.advance(seconds=30)
    assert deliver_due_webhooks() == 1
    assert len(receiver.requests) == 2
    failing.refresh_from_db()
    assert (failing.status, failing.attempts) == (DeliveryStatus.PENDING, 2)


def test_a_retry_sends_the_same_delivery_freshly_signed(failing, receiver, clock, hook):
    clock.advance(seconds=30)
    deliver_due_webhooks()
    first, second = receiver.requests
    assert second.body == first.body
    assert second.headers["x-guandan-delivery"] == first.headers["x-guandan-delivery"] == str(failing.pk)
    assert verify(hook["secret"], second.body, second.headers["x-guandan-signature"])


def test_the_back_off_doubles_after_each_failure(failing, clock):
    waits = [(failing.next_attempt_at - clock.now).total_seconds()]
    for _ in range(4):
        clock.now = failing.next_attempt_at
        assert deliver_due_webhooks() == 1
        failing.refresh_from_db()
        waits.append((failing.next_attempt_at - clock.now).total_seconds())
    assert waits == [30, 60, 120, 240, 480]


def test_after_eight_failed_attempts_the_delivery_fails_and_the_sweep_leaves_it(failing, receiver, clock):
    for _ in range(MAX_ATTEMPTS - 1):
        clock.now = failing.next_attempt_at
        assert deliver_due_webhooks() == 1
        failing.refresh_from_db()
    assert MAX_ATTEMPTS == 8
    assert (failing.status, failing.attempts, failing.next_attempt_at) == (DeliveryStatus.FAILED, 8, None)
    assert failing.response_status == 500
    clock.advance(days=1)
    assert deliver_due_webhooks() == 0
    assert len(receiver.requests) == 8


def test_a_later_success_marks_the_delivery_delivered(failing, receiver, clock):
    receiver.status = 204
    clock.advance(seconds=30)
    assert deliver_due_webhooks() == 1
    failing.refresh_from_db()
    assert failing.status == DeliveryStatus.DELIVERED
    assert (failing.attempts, failing.response_status, failing.last_error) == (2, 204, "")
    assert (failing.delivered_at, failing.next_attempt_at) == (clock.now, None)
    clock.advance(hours=1)
    assert deliver_due_webhooks() == 0


def test_a_redirect_is_not_followed_and_counts_as_a_failure(
    play, hook, receiver, clock, django_capture_on_commit_callbacks
):
    receiver.status = 302
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"])
    assert (delivery.status, delivery.response_status, delivery.last_error) == ("pending", 302, "HTTP 302")
    assert len(receiver.requests) == 1


def test_an_unreachable_url_records_the_error(play, organizer, clock, django_capture_on_commit_callbacks):
    port = closed_port()
    register(organizer, play["event"], f"http://127.0.0.1:{port}/hook")
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"])
    assert (delivery.status, delivery.attempts, delivery.response_status) == (DeliveryStatus.PENDING, 1, None)
    assert f"port={port}" in delivery.last_error
    assert "Failed to establish a new connection" in delivery.last_error
    assert delivery.next_attempt_at == clock.now + datetime.timedelta(seconds=30)


def test_a_url_that_turned_private_is_not_called(
    play, hook, receiver, settings, clock, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    delivery = queue_committed(django_capture_on_commit_callbacks, play["event"])
    assert receiver.requests == []
    assert (delivery.status, delivery.attempts, delivery.response_status) == (DeliveryStatus.PENDING, 1, None)
    assert delivery.last_error == "127.0.0.1 resolves to a private address (127.0.0.1)."


# ---- the delivery log ----------------------------------------------------------------------------
def test_the_delivery_log_lists_the_hooks_deliveries_newest_first(
    play, organizer, hook, receiver, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        queue_event(play["event"], "round.published", {"round": 2})
    receiver.status = 500
    with django_capture_on_commit_callbacks(execute=True):
        queue_event(play["event"], "standings.updated", {"results_version": 3})
    response = organizer.get(f"{hooks_url(play['event'], hook['id'])}deliveries")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [
        (row["event_type"], row["status"], row["attempts"], row["response_status"], row["last_error"])
        for row in rows
    ] == [
        ("standings.updated", "pending", 1, 500, "HTTP 500"),
        ("round.published", "delivered", 1, 200, ""),
    ]
    assert rows[0]["payload"]["data"] == {"results_version": 3}
    assert response.json()["count"] == 2


def test_the_delivery_log_lists_only_this_hooks_deliveries(
    play, organizer, hook, receiver, django_capture_on_commit_callbacks
):
    other = register(organizer, play["event"], receiver.url, events=["round.published"])
    with django_capture_on_commit_callbacks(execute=True):
        queue_event(play["event"], "standings.updated", {"results_version": 3})
    assert organizer.get(f"{hooks_url(play['event'], other['id'])}deliveries").json()["results"] == []


@pytest.mark.parametrize(
    ("actor", "status", "code"),
    [
        ("anonymous", 401, "not_authenticated"),
        ("chief_referee", 403, "permission_denied"),
        ("referee", 403, "permission_denied"),
        ("scorekeeper", 403, "permission_denied"),
        ("table_token", 403, "permission_denied"),
    ],
)
def test_only_organizers_read_the_delivery_log(play, hook, actor, status, code):
    client = actor_client(play["event"], actor)
    assert_problem(client.get(f"{hooks_url(play['event'], hook['id'])}deliveries"), status, code)


def test_another_events_hook_is_not_found_under_this_event(play, receiver):
    other_event = EventFactory(published=True)
    other = Webhook.objects.create(event=other_event, url=receiver.url)
    organizer = role_client(play["event"], Role.ORGANIZER)
    assert_problem(organizer.get(f"{hooks_url(play['event'], other.pk)}deliveries"), 404, "not_found")
    assert_problem(organizer.get(hooks_url(play["event"], other.pk)), 404, "not_found")


# ---- inactive hooks ------------------------------------------------------------------------------
def test_an_inactive_hook_gets_nothing(
    play, organizer, keeper, referee, hook, receiver, django_capture_on_commit_callbacks
):
    response = organizer.patch(hooks_url(play["event"], hook["id"]), {"active": False}, format="json")
    assert response.status_code == 200 and response.json()["active"] is False
    confirm_table_1(play, keeper, referee, django_capture_on_commit_callbacks)
    assert receiver.requests == []
    assert not WebhookDelivery.objects.exists()


def test_a_hook_deactivated_while_a_delivery_waits_gets_no_retry(
    failing, organizer, play, hook, receiver, clock
):
    response = organizer.patch(hooks_url(play["event"], hook["id"]), {"active": False}, format="json")
    assert response.status_code == 200
    clock.advance(seconds=30)
    assert deliver_due_webhooks() == 0
    assert len(receiver.requests) == 1


def test_a_deleted_hook_gets_nothing_more(failing, organizer, play, hook, receiver, clock):
    assert organizer.delete(hooks_url(play["event"], hook["id"])).status_code == 204
    clock.advance(seconds=30)
    assert deliver_due_webhooks() == 0
    assert len(receiver.requests) == 1
    assert not WebhookDelivery.objects.exists()


def test_a_reactivated_hook_gets_its_waiting_delivery(failing, organizer, play, hook, receiver, clock):
    url = hooks_url(play["event"], hook["id"])
    organizer.patch(url, {"active": False}, format="json")
    receiver.status = 200
    clock.advance(seconds=30)
    deliver_due_webhooks()
    organizer.patch(url, {"active": True}, format="json")
    assert deliver_due_webhooks() == 1
    failing.refresh_from_db()
    assert (failing.status, failing.attempts) == (DeliveryStatus.DELIVERED, 2)


def test_the_verification_snippet_of_the_docs_accepts_our_signature_and_refuses_a_forgery():
    from pathlib import Path

    from scoring.webhooks import sign

    text = (Path(__file__).resolve().parents[2] / "docs" / "scoring.md").read_text(encoding="utf-8")
    snippet = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(snippet, namespace)  # the receiver's code, exactly as documented
    body = b'{"type":"standings.updated"}'
    header = sign("s3cret", body)
    assert namespace["verified"]("s3cret", body, header)
    assert not namespace["verified"]("s3cret", body + b" ", header)
    assert not namespace["verified"]("other", body, header)


# ---- public unicast addresses only (docs/scoring.md §6; issue 35 item 5) -------------------------
@pytest.mark.parametrize(
    "host",
    [
        "224.0.0.1",  # multicast, which Python counts as global
        "239.255.255.250",
        "[ff02::1]",
        "[ff0e::1]",
        "[::ffff:224.0.0.1]",  # IPv4-mapped
        "[2002:e000:1::1]",  # 6to4 carrying 224.0.0.1
        "[2002:a00:1::1]",  # 6to4 carrying 10.0.0.1
        "[64:ff9b::e000:1]",  # NAT64 carrying 224.0.0.1
    ],
)
def test_a_multicast_or_wrapped_private_address_is_refused_at_creation(play, organizer, settings, host):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    response = organizer.post(hooks_url(play["event"]), {"url": f"http://{host}/h"}, format="json")
    assert_problem(response, 400, "url_not_allowed")
    assert field_errors(response) == {"url": "url_not_allowed"}
    assert not Webhook.objects.exists()


def test_a_public_unicast_address_is_accepted(play, organizer, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    response = organizer.post(hooks_url(play["event"]), {"url": "http://93.184.216.34/h"}, format="json")
    assert response.status_code == 201, response.json()


def test_a_host_that_turned_multicast_is_not_called(
    play, organizer, settings, clock, django_capture_on_commit_callbacks
):
    settings.WEBHOOK_ALLOW_PRIVATE = False

    def resolving(address: str) -> list:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 80))]

    with mock.patch("scoring.webhooks.socket.getaddrinfo", return_value=resolving("93.184.216.34")):
        register(organizer, play["event"], "http://hooks.example.org/h")  # public when registered
    multicast = resolving("224.0.0.1")  # …and multicast when delivered
    with (
        mock.patch("scoring.webhooks.socket.getaddrinfo", return_value=multicast),
        mock.patch("scoring.webhooks.requests.post") as sent,
    ):
        delivery = queue_committed(django_capture_on_commit_callbacks, play["event"])
    sent.assert_not_called()
    assert (delivery.status, delivery.attempts, delivery.response_status) == (DeliveryStatus.PENDING, 1, None)
    assert delivery.last_error == "hooks.example.org resolves to a multicast address (224.0.0.1)."
