"""DRF's session authentication, answering at once a request that carries no session cookie: the
fast path ``cookieless_session`` (off, DRF's for every request)."""

from __future__ import annotations

from django.conf import settings
from rest_framework import authentication

from core import fast


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's, without reading the session of a request that sent no session cookie.

    Such a request's session is a new, empty one, in which Django finds no user: DRF's check then
    asks it through the request's lazy user and the auth backend's session lookup, a twentieth of
    an anonymous 304's time (bench/HISTORY.md "Large reads"), to answer nobody. The session still
    counts as read (``accessed``), as that lookup made it, so the answer varies on ``Cookie`` all
    the same: a cache never serves it to a signed-in browser.
    """

    def authenticate(self, request):
        django_request = request._request
        if (
            fast.on("cookieless_session")
            and settings.SESSION_COOKIE_NAME not in django_request.COOKIES
            and hasattr(django_request, "session")
        ):
            django_request.session.accessed = True
            return None
        return super().authenticate(request)
