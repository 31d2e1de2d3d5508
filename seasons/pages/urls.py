"""Public pages of series (mounted at /s/) and of clubs (mounted at /c/).

Anything else under /c/ is the pages' HTML 404 (``scoring.pages.views.not_found``, which sends an
address without its trailing slash to the page it names): that pattern stays the last of
``club_urlpatterns``."""

from django.urls import URLPattern, URLResolver, re_path

from scoring.pages.views import not_found
from seasons.pages.views import member_page

series_urlpatterns: list[URLPattern | URLResolver] = []
club_urlpatterns: list[URLPattern | URLResolver] = [
    re_path(r"^(?P<slug>[-\w]+)/players/(?P<pk>\d{1,18})/$", member_page, name="club-player-page"),
    re_path(r"^.*$", not_found),
]
