"""core.fast.negotiation: without an Accept header (or with ``*/*``) and without ``?format=``, the renderer
and media type DRF's own negotiation gives, worked out without parsing; anything else is DRF's."""

from __future__ import annotations

import pytest
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from core.fast.negotiation import ContentNegotiation
from scoring.renderers import CSVRenderer, XLSXRenderer


class WithParameters(BaseRenderer):
    media_type = "text/plain; charset=utf-8"
    format = "txt"


class Anything(BaseRenderer):
    media_type = "*/*"
    format = "raw"


RENDERER_LISTS = [
    [JSONRenderer()],
    [JSONRenderer(), CSVRenderer(), XLSXRenderer()],
    [CSVRenderer(), JSONRenderer()],
    [BrowsableAPIRenderer(), JSONRenderer()],
    [WithParameters(), JSONRenderer()],
    [Anything(), JSONRenderer()],
]
HEADERS = [None, "*/*", "application/json", "text/html,*/*;q=0.8", "text/csv", "*/*; indent=4"]


def _request(accept: str | None, query: str = "") -> Request:
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    return Request(APIRequestFactory().get(f"/x/{query}", **headers))


def _outcome(negotiation, request, renderers):
    try:
        renderer, media_type = negotiation.select_renderer(request, renderers)
    except Exception as error:  # NotAcceptable or Http404: the same one from both
        return type(error)
    return renderer, media_type


@pytest.mark.parametrize("renderers", RENDERER_LISTS)
@pytest.mark.parametrize("accept", HEADERS)
@pytest.mark.parametrize("query", ["", "?format=csv", "?format=json"])
def test_the_renderer_chosen_is_drfs(renderers, accept, query):
    assert _outcome(ContentNegotiation(), _request(accept, query), renderers) == _outcome(
        DefaultContentNegotiation(), _request(accept, query), renderers
    )


def test_no_accept_header_parses_nothing(monkeypatch):
    def parsed(*args, **kwargs):
        raise AssertionError("parsed")

    monkeypatch.setattr(DefaultContentNegotiation, "_get_parsed_accept_list", parsed)
    renderer = JSONRenderer()
    assert ContentNegotiation().select_renderer(_request(None), [renderer]) == (renderer, "application/json")
