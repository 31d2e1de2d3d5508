"""A person's own account at the desk (docs/desk.md "Invitations and passwords"): the page an
invitation's one-time link opens (``/desk/invite/{key}/``: make the account, with a password of
one's own, and take the role), and the page where a logged-in person changes their password.
Both call the services the API calls (``tournaments.services.invitations``); a refusal is the
service's own message, shown on the form's field."""

from __future__ import annotations

from django.contrib.auth import login, update_session_auth_hash
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.views.decorators.debug import sensitive_post_parameters

from core.errors import DomainError
from scoring.pages.i18n import activate, remember
from tournaments.services import invitations as services

from .framing import desk_context, desk_page


@sensitive_post_parameters("password", "password_again")
def invite(request, key: str):
    """Open to anyone holding the link: the key is the credential, and it is good once."""
    code = activate(request)
    context = desk_context(request)
    try:
        invitation = services.invitation_by_key(key)
    except DomainError:
        invitation = None
    state = invitation.state() if invitation else "unknown"
    errors: dict[str, str] = {}
    username = ""
    if request.method == "POST" and state == "pending":
        username = request.POST.get("username", "").strip()
        password = request.POST.get("password", "")
        if password != request.POST.get("password_again", ""):
            errors["password_again"] = translation.gettext("The two passwords differ.")
        elif not username:
            errors["username"] = translation.gettext("Choose a username.")
        else:
            try:
                role = services.invitation_accept(key=key, username=username, password=password)
            except DomainError as exc:
                errors[exc.field or "username"] = str(exc.detail)
            else:
                login(request, role.user, backend="django.contrib.auth.backends.ModelBackend")
                redirect = HttpResponseRedirect(reverse("desk:home"))
                remember(redirect, code)
                return redirect
    status = {"pending": 400 if errors else 200, "unknown": 404}.get(state, 410)  # 410: used up
    response = render(
        request,
        "desk/accounts/invite.html",
        {**context, "invitation": invitation, "state": state, "errors": errors, "username": username},
        status=status,
    )
    remember(response, code)
    add_never_cache_headers(response)
    return response


@desk_page
@sensitive_post_parameters("old_password", "new_password", "new_password_again")
def password(request):
    errors: dict[str, str] = {}
    done = False
    if request.method == "POST":
        new = request.POST.get("new_password", "")
        if new != request.POST.get("new_password_again", ""):
            errors["new_password_again"] = translation.gettext("The two passwords differ.")
        else:
            try:
                services.password_change(
                    user=request.user, old_password=request.POST.get("old_password", ""), new_password=new
                )
            except DomainError as exc:
                errors[exc.field or "new_password"] = str(exc.detail)
            else:
                update_session_auth_hash(request, request.user)  # stay logged in here
                done = True
    return render(
        request,
        "desk/accounts/password.html",
        {**desk_context(request), "errors": errors, "done": done},
        status=400 if errors else 200,
    )
