"""``/t/``: the table app (docs/table-app.md)."""

from django.urls import path, re_path

from scoring.table import views

app_name = "table"
urlpatterns = [
    path("sw.js", views.service_worker, name="service-worker"),
    re_path(r"^$", views.app, name="app"),
]
