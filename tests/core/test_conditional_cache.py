"""core.conditional.cached_answer: the bytes an answer rendered, kept under its ETag, are the answer."""

from __future__ import annotations

import gzip

import pytest
from django.core.cache import cache
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core import representations
from core.conditional import ConditionalMixin
from core.fast import representations as fast_representations
from core.fast.representations import ProcessStore

factory = APIRequestFactory()


class Page(ConditionalMixin, APIView):
    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []
    representation_seconds = 60
    version = 1
    status = 200
    built = 0
    body: dict = {"results": ["一", 2, None]}

    def get_etag(self, request, *args, **kwargs):
        return f'"v{self.version}"'

    def get(self, request):
        return self.cached_answer(request, self.build)

    def build(self):
        type(self).built += 1
        return Response(self.body, status=self.status)


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()
    Page.version, Page.status, Page.built, Page.body = 1, 200, 0, {"results": ["一", 2, None]}


def get(**headers):
    response = Page.as_view()(factory.get("/page/", **headers))
    response.render()
    return response


def test_the_second_reader_gets_the_first_answers_bytes_and_headers():
    first, second = get(), get()
    assert Page.built == 1
    assert (second.status_code, second.content, second["ETag"], second["Content-Type"]) == (
        first.status_code,
        first.content,
        first["ETag"],
        first["Content-Type"],
    )
    assert sorted(second.items()) == sorted(first.items())


def test_a_new_etag_builds_anew():
    get()
    Page.version, Page.body = 2, {"results": ["changed"]}
    assert get().content == b'{"results":["changed"]}'
    assert Page.built == 2


def test_an_if_none_match_is_still_a_304():
    etag = get()["ETag"]
    response = get(HTTP_IF_NONE_MATCH=etag)
    assert (response.status_code, Page.built) == (304, 1)


def test_another_rendering_is_kept_apart():
    plain = get()
    indented = get(HTTP_ACCEPT="application/json; indent=2")
    assert indented.content != plain.content and Page.built == 2
    assert get(HTTP_ACCEPT="application/json; indent=2").content == indented.content
    assert Page.built == 2


def test_what_is_not_a_200_or_too_large_is_not_kept(settings):
    Page.status = 202
    get(), get()
    assert Page.built == 2
    Page.status = 200
    settings.REPRESENTATION_MAX_BYTES = 10
    get(), get()
    assert Page.built == 4


def test_a_view_without_representation_seconds_keeps_nothing(monkeypatch):
    monkeypatch.setattr(Page, "representation_seconds", None)
    get(), get()
    assert Page.built == 2


# ---- each process's copy, and gzip (core.representations) --------------------------------------
LARGE = {"results": [f"row {n} 掼蛋" for n in range(3000)]}  # past GZIP_MIN_BYTES


def test_a_large_kept_answer_goes_out_gzipped_to_a_client_that_accepts_it():
    Page.body = LARGE
    plain = get()
    packed = get(HTTP_ACCEPT_ENCODING="br, gzip;q=0.8")
    assert len(plain.content) >= representations.GZIP_MIN_BYTES and Page.built == 1
    assert packed["Content-Encoding"] == "gzip" and gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content) // 5
    # A compressed copy is another representation: weak ETag; both answers vary by Accept-Encoding.
    assert packed["ETag"] == f"W/{plain['ETag']}"
    assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"]
    assert get(HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=packed["ETag"]).status_code == 304


def test_gzip_is_compressed_once_per_etag_and_kept(monkeypatch):
    Page.body = LARGE
    get()
    first = get(HTTP_ACCEPT_ENCODING="gzip").content
    monkeypatch.setattr(representations.gzip, "compress", lambda *a, **k: pytest.fail("compressed again"))
    assert get(HTTP_ACCEPT_ENCODING="gzip").content == first


@pytest.mark.parametrize("header", ["", "identity", "gzip;q=0", "x-gzip-not"])
def test_without_gzip_accepted_the_answer_goes_out_plain(header):
    Page.body = LARGE
    first = get()
    again = get(HTTP_ACCEPT_ENCODING=header)
    assert not again.has_header("Content-Encoding") and again.content == first.content


def test_a_small_answer_is_never_compressed():
    get()
    again = get(HTTP_ACCEPT_ENCODING="gzip")
    assert (
        not again.has_header("Content-Encoding") and again.content == b'{"results":["\xe4\xb8\x80",2,null]}'
    )


def test_the_process_copy_is_served_without_carrying_the_bytes_from_the_shared_cache(monkeypatch):
    first = get()
    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("bytes read from the shared cache"))
    assert get().content == first.content and Page.built == 1


def test_the_process_copy_is_served_without_asking_the_shared_cache(monkeypatch):
    first = get()
    monkeypatch.setattr(cache, "has_key", lambda *a, **k: pytest.fail("asked the shared cache"))
    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("asked the shared cache"))
    assert get().content == first.content and Page.built == 1


def test_another_process_takes_the_bytes_from_the_shared_cache():
    first = get()
    representations.PROCESS.clear()  # a process that has not served this answer yet
    assert get().content == first.content and Page.built == 1


def test_the_process_store_drops_the_least_recently_used_past_its_size(settings):
    settings.REPRESENTATION_PROCESS_BYTES = 10
    store = ProcessStore()
    store.put("a", b"aaaa", 60)
    store.put("b", b"bbbb", 60)
    assert store.get("a") == b"aaaa"  # a is now the most recently used
    store.put("c", b"cccc", 60)
    assert (store.get("a"), store.get("b"), store.get("c")) == (b"aaaa", None, b"cccc")
    store.put("big", b"x" * 11, 60)  # larger than the whole store: not kept, nothing dropped
    assert store.get("big") is None and store.get("a") == b"aaaa"


def test_the_process_store_forgets_an_entry_after_its_seconds(monkeypatch):
    store = ProcessStore()
    now = [1000.0]
    monkeypatch.setattr(fast_representations.time, "monotonic", lambda: now[0])
    store.put("a", b"aaaa", 60)
    now[0] += 59
    assert store.get("a") == b"aaaa"
    now[0] += 2
    assert store.get("a") is None
