"""``/desk/…``: the staff's desks (docs/desk.md). Each desk includes its own URLs here; anything
else under ``/desk/`` is the desk's HTML 404."""

from django.urls import include, path, re_path

from . import accounts, views

app_name = "desk"
urlpatterns = [
    path("", views.home, name="home"),
    path("events/<slug:slug>/referee/", include("desk.referee.urls")),
    path("invite/<str:key>/", accounts.invite, name="invite"),
    path("password/", accounts.password, name="password"),
    re_path(r"^(?P<rest>.*)$", views.not_found, name="not-found"),
]
