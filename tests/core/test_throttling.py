"""Rate limits count the caller, not what the caller writes in X-Forwarded-For (core/throttling.py)."""

from types import SimpleNamespace

import pytest
from django.core.cache import cache

from core.throttling import AnonRateThrottle, UserRateThrottle, client_address

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.core.views")]


NOW = 1_800_000_030.0  # 30 s into a minute: no test straddles two windows


@pytest.fixture
def anon_limit(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "rate", "3/min", raising=False)
    monkeypatch.setattr(AnonRateThrottle, "timer", staticmethod(lambda: NOW))
    return 3


@pytest.fixture
def num_proxies(settings):
    def set_to(value: int) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": value}

    return set_to


def get(client, forwarded: str | None = None, address: str = "203.0.113.7"):
    extra = {"REMOTE_ADDR": address}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.get("/echo/", **extra)


def test_rotating_x_forwarded_for_does_not_escape_the_anonymous_limit(api_client, anon_limit):
    answers = [get(api_client, forwarded=f"198.51.100.{n}").status_code for n in range(anon_limit + 2)]
    assert answers == [200] * anon_limit + [429, 429]


def test_another_address_has_its_own_count(api_client, anon_limit):
    for _ in range(anon_limit):
        get(api_client, address="203.0.113.7")
    assert get(api_client, address="203.0.113.7").status_code == 429
    assert get(api_client, address="203.0.113.8").status_code == 200


def test_behind_one_proxy_the_address_it_appended_is_counted(api_client, anon_limit, num_proxies):
    num_proxies(1)
    proxy = "10.0.0.2"  # every request comes from the proxy; it appends the client's address
    for n in range(anon_limit):
        assert get(api_client, forwarded=f"spoof-{n}, 198.51.100.1", address=proxy).status_code == 200
    assert get(api_client, forwarded="spoof-x, 198.51.100.1", address=proxy).status_code == 429
    assert get(api_client, forwarded="198.51.100.2", address=proxy).status_code == 200


def test_client_address(num_proxies):
    def request(forwarded=None, remote="10.0.0.2"):
        meta = {"REMOTE_ADDR": remote}
        if forwarded is not None:
            meta["HTTP_X_FORWARDED_FOR"] = forwarded
        return SimpleNamespace(META=meta)

    assert client_address(request("1.1.1.1, 2.2.2.2")) == "10.0.0.2"  # NUM_PROXIES = 0 by default
    num_proxies(1)
    assert client_address(request("1.1.1.1, 2.2.2.2")) == "2.2.2.2"
    assert client_address(request()) == "10.0.0.2"
    num_proxies(2)
    assert client_address(request("1.1.1.1, 2.2.2.2, 3.3.3.3")) == "2.2.2.2"


def test_requests_are_counted_by_one_counter_per_window(api_client, anon_limit):
    get(api_client)
    get(api_client)
    key = f"throttle_anon_203.0.113.7:{int(NOW // 60)}"
    assert cache.get(key) == 2  # a number, incremented atomically, not a list of timestamps


def test_retry_after_is_the_rest_of_the_window(api_client, anon_limit):
    for _ in range(anon_limit):
        get(api_client)
    response = get(api_client)
    assert response.status_code == 429
    assert response["Retry-After"] == "30"  # the rest of the minute


def test_a_cache_that_does_not_answer_does_not_take_the_api_down(api_client, anon_limit, monkeypatch):
    def refuse(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(AnonRateThrottle.cache, "add", refuse)
    assert get(api_client).status_code == 200


def test_table_tokens_are_counted_each_on_their_own():
    def request(ident):
        user = SimpleNamespace(is_authenticated=True, pk=None, throttle_ident=ident)
        return SimpleNamespace(user=user)

    throttle = UserRateThrottle()
    assert throttle.get_cache_key(request("table-1"), None) != throttle.get_cache_key(
        request("table-2"), None
    )
