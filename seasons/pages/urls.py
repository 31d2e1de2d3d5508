"""Public pages of series (mounted at /s/) and of clubs (mounted at /c/): anything else under either
is an HTML 404 page, as under /e/."""

from django.urls import URLPattern, URLResolver, path, re_path

from seasons.pages import views

series_urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/", views.series_home, name="series-page"),
    path("<slug:slug>/qualifiers/", views.series_qualifiers, name="series-page-qualifiers"),
    path("<slug:slug>/embed/standings", views.embed_standings, name="series-page-embed"),
    re_path(r"^.*$", views.not_found),
]
club_urlpatterns: list[URLPattern | URLResolver] = [
    re_path(r"^.*$", views.not_found),
]
