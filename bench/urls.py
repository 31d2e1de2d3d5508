"""The API's URLs plus the two yardsticks of ``bench.server`` (bench-only, never deployed)."""

from django.urls import path

from bench.views import BareView, InsertView
from config.urls import handler400, handler403, handler404, handler500
from config.urls import urlpatterns as api_urlpatterns

urlpatterns = [
    path("bench/bare/", BareView.as_view()),
    path("bench/insert/", InsertView.as_view()),
    *api_urlpatterns,
]

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]
