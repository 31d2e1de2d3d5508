"""core.conditional.cached_answer: the bytes an answer rendered, kept under its ETag, are the answer."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core.conditional import ConditionalMixin

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
