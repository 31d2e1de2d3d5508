"""The season's API under /api/v1/: series (docs/series.md), club members' histories
(docs/clubs.md) and ratings (docs/ratings.md)."""

from django.urls import URLPattern, URLResolver, re_path

from seasons.views.history import MemberHistoryView
from seasons.views.ratings import MemberRatingsView, RatingTableView
from seasons.views.series import (
    QualifiersView,
    SeriesEventViewSet,
    SeriesLinkViewSet,
    SeriesStandingsView,
    SeriesViewSet,
)
from tournaments.urls import Router
from tournaments.views.clubs import CLUB_SLUG

CLUB = rf"clubs/(?P<club_slug>{CLUB_SLUG})"
SERIES = r"series/(?P<series_slug>[-a-zA-Z0-9_]+)"

router = Router(use_regex_path=True)
router.register("series", SeriesViewSet, basename="series")
router.register(f"{SERIES}/events", SeriesEventViewSet, basename="series-event")
router.register(f"{SERIES}/links", SeriesLinkViewSet, basename="series-link")

urlpatterns: list[URLPattern | URLResolver] = [
    re_path(rf"^{SERIES}/standings/?$", SeriesStandingsView.as_view(), name="series-standings"),
    re_path(
        rf"^{SERIES}/finals/(?P<final_slug>[-a-zA-Z0-9_]+)/qualifiers/?$",
        QualifiersView.as_view(),
        name="series-qualifiers",
    ),
    *router.urls,
    # A club's routes name it ``club_slug`` and a member ``pk``, as its members' own (tournaments.urls).
    re_path(rf"^{CLUB}/ratings/?$", RatingTableView.as_view(), name="club-ratings"),
    re_path(
        rf"^{CLUB}/members/(?P<pk>\d+)/ratings/?$", MemberRatingsView.as_view(), name="club-member-ratings"
    ),
    re_path(
        rf"^{CLUB}/members/(?P<pk>\d+)/history/?$", MemberHistoryView.as_view(), name="club-member-history"
    ),
]
