"""The season's API under /api/v1/: series, club members' histories, ratings."""

from django.urls import URLPattern, URLResolver, re_path

from seasons.views import MemberHistoryView

urlpatterns: list[URLPattern | URLResolver] = [
    re_path(
        r"^clubs/(?P<club_slug>[-a-zA-Z0-9_]+)/members/(?P<pk>\d+)/history(?:/)?$",
        MemberHistoryView.as_view(),
        name="club-member-history",
    ),
]
