"""The scoring app is installed and its URLs are mounted under /api/v1/ (results arrive with scorekeeping)."""

from django.apps import apps
from django.urls import get_resolver


def test_scoring_app_is_installed():
    assert apps.get_app_config("scoring").name == "scoring"


def test_scoring_urls_are_mounted_under_the_api():
    api = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/")
    modules = {p.urlconf_name.__name__ for p in api.url_patterns if hasattr(p, "urlconf_name")}
    assert {"core.urls", "referee.urls", "tournaments.urls", "scoring.urls"} <= modules
