"""core.fast.postgresql: a kept connection is health-checked before a request only after sitting idle."""

from __future__ import annotations

import pytest

from core.fast.postgresql import base

SETTINGS = {
    "NAME": "x",
    "USER": "",
    "PASSWORD": "",
    "HOST": "",
    "PORT": "",
    "OPTIONS": {},
    "TIME_ZONE": None,
    "CONN_MAX_AGE": 60,
    "CONN_HEALTH_CHECKS": True,
    "AUTOCOMMIT": True,
    "ATOMIC_REQUESTS": False,
    "TEST": {},
}


@pytest.fixture
def wrapper(monkeypatch, settings):
    """A wrapper holding a connection, whose health checks are counted, on a clock the test moves."""
    settings.DB_HEALTH_CHECK_IDLE_SECONDS = 10
    clock = [1000.0]
    monkeypatch.setattr(base.time, "monotonic", lambda: clock[0])
    connection = base.DatabaseWrapper(dict(SETTINGS))
    connection.connection = object()  # kept from an earlier request
    connection.health_check_enabled = True  # as connect() sets it from CONN_HEALTH_CHECKS
    connection.checks = []
    monkeypatch.setattr(connection, "is_usable", lambda: connection.checks.append(clock[0]) or True)
    connection.clock = clock
    return connection


def next_request(connection, seconds_later: float) -> None:
    connection.clock[0] += seconds_later
    connection.health_check_done = False  # what close_if_unusable_or_obsolete does at each request
    connection.close_if_health_check_failed()


def test_a_connection_never_checked_is_checked(wrapper):
    next_request(wrapper, 0)
    assert wrapper.checks == [1000.0]


def test_a_connection_busy_a_moment_ago_is_used_as_it_is(wrapper):
    next_request(wrapper, 0)
    for _ in range(5):
        next_request(wrapper, 2)
    assert wrapper.checks == [1000.0]  # no SELECT 1 while requests keep coming


def test_a_connection_idle_longer_than_the_setting_is_checked_again(wrapper):
    next_request(wrapper, 0)
    next_request(wrapper, 11)
    assert wrapper.checks == [1000.0, 1011.0]


def test_a_connection_that_fails_its_check_is_closed(wrapper, monkeypatch):
    closed = []
    monkeypatch.setattr(wrapper, "is_usable", lambda: False)
    monkeypatch.setattr(wrapper, "close", lambda: closed.append(True))
    next_request(wrapper, 0)
    assert closed == [True]


def test_once_per_request(wrapper):
    next_request(wrapper, 0)
    wrapper.clock[0] += 60
    wrapper.close_if_health_check_failed()  # a second query in the same request
    assert wrapper.checks == [1000.0]
