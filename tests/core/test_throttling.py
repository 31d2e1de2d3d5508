"""Rate limits count the caller, not what the caller writes in X-Forwarded-For (core/throttling.py)."""

from types import SimpleNamespace

import pytest
from django.core.cache import cache, caches

from core.throttling import AnonRateThrottle, UserRateThrottle, client_address, counted

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

    for operation in ("add", "incr", "set"):
        monkeypatch.setattr(AnonRateThrottle.cache, operation, refuse)
    assert get(api_client).status_code == 200


def test_an_anonymous_request_is_counted_once_by_address(api_client, anon_limit):
    get(api_client)
    window = int(NOW // 60)
    assert cache.get(f"throttle_anon_203.0.113.7:{window}") == 1
    assert cache.get(f"throttle_user_203.0.113.7:{window}") is None  # not counted a second time


def test_an_account_is_counted_by_the_user_scope_alone(db):
    user = SimpleNamespace(is_authenticated=True, pk=7)
    request = SimpleNamespace(user=user, META={"REMOTE_ADDR": "203.0.113.7"})
    assert AnonRateThrottle().get_cache_key(request, None) is None
    assert UserRateThrottle().get_cache_key(request, None) == "throttle_user_7"


def test_the_windows_first_request_creates_its_counter_and_the_next_increment_it():
    cache.clear()
    assert [counted(cache, "throttle_test:1", timeout=120) for _ in range(3)] == [1, 2, 3]


@pytest.mark.redis
def test_with_redis_a_request_is_counted_in_one_pipeline_that_sets_the_expiry(redis_url, settings):
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location},
    }
    redis = caches["throttle"]
    redis.clear()
    try:
        assert [counted(redis, "throttle_test:1", timeout=120) for _ in range(3)] == [1, 2, 3]
        assert redis.get("throttle_test:1") == 3  # a plain integer, as Django's incr leaves it
        name = redis.make_and_validate_key("throttle_test:1")
        assert 0 < redis._cache.get_client(name).ttl(name) <= 120
    finally:
        redis.clear()


def test_table_tokens_are_counted_each_on_their_own():
    def request(ident):
        user = SimpleNamespace(is_authenticated=True, pk=None, throttle_ident=ident)
        return SimpleNamespace(user=user)

    throttle = UserRateThrottle()
    assert throttle.get_cache_key(request("table-1"), None) != throttle.get_cache_key(
        request("table-2"), None
    )


@pytest.mark.redis
def test_the_default_cache_on_redis_is_counted_in_one_pipeline_through_its_proxy(
    redis_url, settings, monkeypatch
):
    """DRF's throttles hold ``django.core.cache.cache``, a proxy: the Redis behind it is still
    counted with one pipeline, not Django's EXISTS and INCR."""
    location = redis_url.rsplit("/", 1)[0] + "/15"
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "core.fast.redis.RedisCache", "LOCATION": location},
    }
    cache.clear()
    monkeypatch.setattr(type(caches["default"]), "incr", lambda *a, **k: pytest.fail("Django's incr"))
    try:
        assert [counted(AnonRateThrottle.cache, "throttle_test:2", timeout=120) for _ in range(2)] == [1, 2]
    finally:
        cache.clear()
