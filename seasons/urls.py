"""The season's API under /api/v1/: series, club members and their histories, ratings."""

from django.urls import URLPattern, URLResolver, path

from seasons import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("clubs/<slug:slug>/ratings/", views.RatingTableView.as_view(), name="club-ratings"),
    path(
        "clubs/<slug:slug>/members/<int:member_id>/ratings/",
        views.MemberRatingsView.as_view(),
        name="club-member-ratings",
    ),
]
