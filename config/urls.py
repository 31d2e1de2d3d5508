from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

api_v1 = [
    path("", include("core.urls")),
    path("", include("referee.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("admin/", admin.site.urls),
]

# Django's own error pages are problem+json too: an API client never sees HTML.
handler400 = "core.problems.bad_request"
handler403 = "core.problems.permission_denied"
handler404 = "core.problems.page_not_found"
handler500 = "core.problems.server_error"
