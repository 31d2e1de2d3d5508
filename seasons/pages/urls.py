"""Public pages of series (mounted at /s/) and of clubs (mounted at /c/).

Anything else under either is the pages' HTML 404 (``scoring.pages.views.not_found``, which also
sends an address without its trailing slash to the page it names), as under /e/."""

from django.urls import URLPattern, URLResolver, path, re_path

from scoring.pages.views import not_found
from seasons.pages import views

series_urlpatterns: list[URLPattern | URLResolver] = [re_path(r"^.*$", not_found)]
club_urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/ratings/", views.club_ratings, name="club-ratings-page"),
    re_path(r"^.*$", not_found),
]
