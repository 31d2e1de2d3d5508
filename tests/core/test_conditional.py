"""core.conditional: ETags worked out before the answer (get_etag), and ETags on write answers."""

from __future__ import annotations

import pytest
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core.conditional import ConditionalMixin, etag_of

factory = APIRequestFactory()
THING = {"id": 1, "name": "table one"}


class Public:
    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []


class Cheap(Public, ConditionalMixin, APIView):
    """An ETag from a version, known before the answer is built."""

    built = 0

    def get_etag(self, request, *args, **kwargs):
        return '"v7"'

    def get(self, request):
        type(self).built += 1
        return Response(THING)


class Hashed(Public, ConditionalMixin, APIView):
    def get(self, request):
        return Response(THING)

    def post(self, request):
        return Response(THING, status=201)

    def put(self, request):
        return Response(THING)


class Declared(Hashed):
    write_answer_is_representation = True


class Things(Public, ConditionalMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    def retrieve(self, request, *args, **kwargs):
        return Response(THING)

    def update(self, request, *args, **kwargs):
        return Response(THING)

    def create(self, request, *args, **kwargs):
        return Response(THING, status=201)

    def destroy(self, request, *args, **kwargs):
        return Response(status=204)

    @action(detail=True, methods=["post"])
    def publish(self, request, *args, **kwargs):
        return Response(THING)

    @action(detail=True, methods=["post"])
    def refuse(self, request, *args, **kwargs):
        return Response({"code": "nope"}, status=409)

    @action(detail=False, methods=["post"])
    def batch(self, request, *args, **kwargs):
        return Response(THING)


class Tokens(Public, ConditionalMixin, viewsets.GenericViewSet):
    """No GET of one token: a write of one answers no ETag to compare with."""

    @action(detail=True, methods=["post"])
    def revoke(self, request, *args, **kwargs):
        return Response(THING)


def test_a_matching_if_none_match_is_a_304_before_the_answer_is_built():
    Cheap.built = 0
    response = Cheap.as_view()(factory.get("/", HTTP_IF_NONE_MATCH='"v6", W/"v7"'))
    assert (response.status_code, response["ETag"], Cheap.built) == (304, '"v7"', 0)


def test_a_200_carries_the_early_etag_not_a_hash_of_the_answer():
    Cheap.built = 0
    response = Cheap.as_view()(factory.get("/", HTTP_IF_NONE_MATCH='"v6"'))
    assert (response.status_code, response["ETag"], Cheap.built) == (200, '"v7"', 1)


def test_without_get_etag_the_etag_is_a_hash_of_the_answer():
    response = Hashed.as_view()(factory.get("/"))
    assert response["ETag"] == etag_of(THING)
    again = Hashed.as_view()(factory.get("/", HTTP_IF_NONE_MATCH=response["ETag"]))
    assert again.status_code == 304


@pytest.mark.parametrize(
    "method, actions, kwargs, etag",
    [
        ("put", {"put": "update"}, {"pk": 1}, True),  # an edit answers the resource
        ("patch", {"patch": "update"}, {"pk": 1}, True),
        ("post", {"post": "publish"}, {"pk": 1}, True),  # an operation on the resource
        ("post", {"post": "refuse"}, {"pk": 1}, False),  # a refusal
        ("post", {"post": "create"}, {}, True),  # a new resource: its validators (RFC 9110 §15.3.2)
        ("post", {"post": "batch"}, {}, False),  # not one resource
        ("delete", {"delete": "destroy"}, {"pk": 1}, False),  # nothing left to read
    ],
)
def test_a_write_of_one_resource_answers_the_etag_a_get_would_send(method, actions, kwargs, etag):
    view = Things.as_view(actions, detail=bool(kwargs))  # as the router makes it
    response = view(getattr(factory, method)("/", {}, format="json"), **kwargs)
    read = Things.as_view({"get": "retrieve"}, detail=True)(factory.get("/"), pk=1)
    assert response.get("ETag") == (read["ETag"] if etag else None)


def test_no_write_etag_where_no_get_reads_the_resource():
    response = Tokens.as_view({"post": "revoke"}, detail=True)(factory.post("/", {}, format="json"), pk=1)
    assert response.get("ETag") is None


def test_an_api_view_declares_whether_its_write_answers_the_resource():
    assert Hashed.as_view()(factory.put("/", {}, format="json")).get("ETag") is None
    for method in ("put", "post"):
        response = Declared.as_view()(getattr(factory, method)("/", {}, format="json"))
        assert response["ETag"] == Hashed.as_view()(factory.get("/"))["ETag"]
