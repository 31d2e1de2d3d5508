"""The table app without a network (docs/table-app.md "Offline"), in Chromium at phone size: three
deals entered offline (Chrome DevTools' network emulation) wait in a visible queue, survive a reload,
and go out once through ``/sync`` when the network is back; the server restarted under the app."""

from __future__ import annotations

import contextlib
import socket
from unittest import mock

import pytest
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler
from pytest_django.live_server_helper import LiveServer

from scoring.models import Deal
from tests.pages.conftest import API, SLUG, seed
from tests.table.phone import Phone
from tests.tournaments.conftest import role_client
from tournaments.models import Match, Role

pytestmark = pytest.mark.e2e


def mint(base_url: str, settings) -> tuple[Match, dict]:
    settings.PUBLIC_URL = base_url
    settings.TABLE_APP_POLL_SECONDS = 600  # what these tests wait for comes from their own acts
    event = seed()
    card = role_client(event, Role.ORGANIZER).post(f"{API}/events/{SLUG}/table-tokens/", {"table": 6}).json()
    return Match.objects.get(round__event=event, round__number=1, table=6), card


def enter(phone: Phone, seats: list[str]) -> None:
    for seat in seats:
        phone.tap(f'button[data-seat="{seat}"]')
    phone.tap("#send")


def deals_of(match: Match, phone: Phone) -> list[tuple[int, int, list[str]]]:
    phone.idle()
    rows = Deal.objects.filter(match=match).order_by("number", "version")
    return [(deal.number, deal.version, deal.record["finishing_order"]) for deal in rows]


def test_three_deals_entered_offline_are_kept_across_a_reload_and_sent_once(
    phone, transactional_db, live_server, settings
):
    match, card = mint(live_server.url, settings)
    phone.open(card["url"])
    phone.wait(lambda: phone.driver.execute_script("return !!navigator.serviceWorker.controller"), 20)
    phone.network(offline=True)
    for number, seats in enumerate((["N", "S"], ["E", "W"], ["N", "E", "S"]), start=1):
        phone.wait(lambda n=number: f"{n}" in phone.text(".entry h2"))
        enter(phone, seats)
        # Offline, a deal joins the queue once its send has failed: slow beside a busy CI machine.
        phone.wait(lambda n=number: len(phone.all(".queue li")) == n, timeout=45)
    assert len(phone.all(".queue li.waiting")) == 3
    phone.shot("offline-queue")

    phone.driver.refresh()  # offline: the service worker's copy of the app
    phone.wait(lambda: len(phone.all(".queue li.waiting")) == 3)
    phone.shot("offline-reloaded")
    assert deals_of(match, phone) == []

    phone.network(offline=False)  # the network is back: the app sends the queue by itself
    phone.wait(lambda: not phone.all(".queue li"), 20)
    assert deals_of(match, phone) == [
        (1, 1, ["N", "S", "E", "W"]),
        (2, 1, ["E", "W", "N", "S"]),
        (3, 1, ["N", "E", "S", "W"]),
    ]
    phone.wait_next(4)
    phone.shot("offline-sent")
    # Sent again (a phone that lost the answer): the same keys, nothing more is recorded.
    phone.driver.refresh()
    phone.wait_next(4)
    assert len(deals_of(match, phone)) == 3


class Server:
    """A live server that can go down as a process does: its connections dropped too (a kept-alive
    connection of the browser's would otherwise still be served by its thread)."""

    def __init__(self, port: int):
        self.port = port
        self.up()

    def up(self) -> None:
        def reusing(thread, connections_override=None):  # a restart binds its port again at once
            return thread.server_class(
                (thread.host, thread.port),
                QuietWSGIRequestHandler,
                allow_reuse_address=True,
                connections_override=connections_override,
            )

        with mock.patch.object(LiveServerThread, "_create_server", reusing):
            self.live = LiveServer(f"127.0.0.1:{self.port}")
        self.sockets: list = []
        httpd = self.live.thread.httpd
        accept = httpd.process_request

        def tracked(request, client_address):
            self.sockets.append(request)
            return accept(request, client_address)

        httpd.process_request = tracked

    def down(self) -> None:
        self.live.stop()
        for connection in self.sockets:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self.live = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def test_the_server_restarted_under_the_app(phone, transactional_db, free_tcp_port, settings):
    server = Server(free_tcp_port)
    try:
        match, card = mint(server.url, settings)
        phone.open(card["url"])
        enter(phone, ["N", "S"])
        phone.wait_next(2)
        phone.idle()
        server.down()  # the laptop's service goes down mid-round
        enter(phone, ["E", "W"])
        phone.wait(lambda: len(phone.all(".queue li.waiting")) == 1)
        phone.shot("restart-down")
        server.up()  # and comes back
        phone.tap(".queue button")
        phone.wait(lambda: not phone.all(".queue li"), 20)
        phone.wait_next(3)
        assert [(n, v) for n, v, _ in deals_of(match, phone)] == [(1, 1), (2, 1)]
    finally:
        if server.live is not None:
            server.down()
