"""What ScoringConfig.ready and scoring/urls.py wire up: every scoring route is served under
/api/v1/ by a scoring view, and the app's messages reach the problem bodies."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from scoring import urls as scoring_urls


def _patterns(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            yield pattern


NAMED = sorted({p.name for p in _patterns(scoring_urls.urlpatterns) if p.name})


@pytest.mark.parametrize("name", NAMED)
def test_every_scoring_route_is_served_under_the_api_by_a_scoring_view(name):
    resolver = get_resolver()
    candidates = resolver.reverse_dict.getlist(name)
    assert candidates, f"{name} is not mounted"
    (possibility, *_), *_ = candidates
    path, params = possibility[0]
    url = "/" + path % {param: "1" if param in ("pk", "number", "board") else "e" for param in params}
    assert url.startswith("/api/v1/")
    match = resolve(url)
    assert match.url_name == name
    assert match.func.__module__.startswith("scoring.views")


def test_scoring_has_routes():
    assert len(NAMED) >= 8


def test_the_scoring_messages_are_registered_with_the_problem_renderer():
    from core.problems import ENGINE_MESSAGES
    from scoring.messages import MESSAGES

    assert MESSAGES and all(ENGINE_MESSAGES[code] is message for code, message in MESSAGES.items())
