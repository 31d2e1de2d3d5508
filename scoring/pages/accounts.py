"""``/accounts/login/`` and ``/accounts/logout/``: Django's own auth views in the pages' look.

The organisers' table cards (``/e/{slug}/print/table-cards``) are for an event's organisers logged
in to this site; any account may log in here with its password (an organiser made with
``manage.py apitoken`` sets one with ``manage.py changepassword``), staff or not: what it may then
see is decided by its roles in each event, as in the API. With ``DEBUG`` off the session and CSRF
cookies are ``Secure``, so the login needs HTTPS (docs/deploy.md "Logging in needs TLS").
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from .views import base_context, page


class LoginView(auth_views.LoginView):
    template_name = "pages/login.html"
    redirect_authenticated_user = False  # a logged-in visitor sees who they are, and may log out

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), **base_context(self.request)}


urlpatterns = [
    path("login/", page(LoginView.as_view()), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="login"), name="logout"),
]
