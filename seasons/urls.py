"""The season's API under /api/v1/: series, club members and their histories, ratings."""

from django.urls import URLPattern, URLResolver

urlpatterns: list[URLPattern | URLResolver] = []
