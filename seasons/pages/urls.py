"""Public pages of series (mounted at /s/) and of clubs (mounted at /c/)."""

from django.urls import URLPattern, URLResolver

series_urlpatterns: list[URLPattern | URLResolver] = []
club_urlpatterns: list[URLPattern | URLResolver] = []
