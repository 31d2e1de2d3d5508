"""Public pages of series (mounted at /s/) and of clubs (mounted at /c/).

Anything else under either is the pages' HTML 404 (``scoring.pages.views.not_found``, which also
sends an address without its trailing slash to the page it names), as under /e/: that pattern stays
the last of each list."""

from django.urls import URLPattern, URLResolver, path, re_path

from scoring.pages.views import not_found
from seasons.pages import members, ratings, series

series_urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/", series.series_home, name="series-page"),
    path("<slug:slug>/qualifiers/", series.series_qualifiers, name="series-page-qualifiers"),
    path("<slug:slug>/embed/standings", series.embed_standings, name="series-page-embed"),
    re_path(r"^.*$", not_found),
]
club_urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/ratings/", ratings.club_ratings, name="club-ratings-page"),
    re_path(r"^(?P<slug>[-\w]+)/players/(?P<pk>\d{1,18})/$", members.member_page, name="club-player-page"),
    re_path(r"^.*$", not_found),
]
