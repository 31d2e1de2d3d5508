from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from core.error_views import page_not_found
from scoring.table.cards import old_card
from seasons.pages.urls import club_urlpatterns, series_urlpatterns

api_v1: list[URLPattern | URLResolver] = [
    path("", include("core.urls")),
    path("", include("referee.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("seasons.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # Our template: drf-spectacular's links Google Fonts; every asset here is served by the app itself.
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="schema", template_name="core/redoc.html"),
        name="redoc",
    ),
]

urlpatterns = [
    # A printed card of before the table app (its QR code names the table's matches): a browser gets
    # the app, with the key in the fragment kept; an API client still gets the JSON.
    re_path(r"^api/v1/events/(?P<event_slug>[-a-zA-Z0-9_]+)/matches/?$", old_card),
    path("api/v1/", include(api_v1)),
    # The table app (docs/table-app.md): the phone at a table, opened from its card.
    path("t/", include("scoring.table.urls")),
    path("admin/", admin.site.urls),
    # The public event pages (docs/pages.md): HTML, with their own HTML 404 for anything under e/.
    path("e/", include("scoring.pages.urls")),
    # A club's season (docs/series.md): its series' pages and its own (members, ratings).
    path("s/", include(series_urlpatterns)),
    path("c/", include(club_urlpatterns)),
    # Logging in to the pages (the organisers' table cards): Django's auth views, any account.
    path("accounts/", include("scoring.pages.accounts")),
    # The staff's desks (docs/desk.md): HTML pages for a logged-in account, with their own HTML 404.
    path("desk/", include("desk.urls")),
    # Anything else is a problem+json 404, with DEBUG on too (Django's debug 404 page is HTML), and
    # for every method: CSRF-exempt, so that a POST to an unknown URL is a 404, not a 403. Because
    # it matches every such path, CommonMiddleware's APPEND_SLASH never redirects an API request
    # (a redirect would lose a POST's body): `POST /api/v1/events` is a 404 naming `/api/v1/events/`.
    re_path(r"^(?!static/|admin/|e/|s/|c/|desk/|t/)", csrf_exempt(page_not_found)),
]

# Django's own error pages are problem+json too: an API client never sees HTML.
handler400 = "core.error_views.bad_request"
handler403 = "core.error_views.permission_denied"
handler404 = "core.error_views.page_not_found"
handler500 = "core.error_views.server_error"
