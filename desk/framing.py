"""What every desk page shares (docs/desk.md): a logged-in account (else Django's login at
``/accounts/login/``, coming back here), the language (``?lang=``, then the cookie it sets, then
``Accept-Language``, as the public pages), an HTML 404 or 403 page, pages never kept by a cache, and
the context the desk's base template (``core/templates/desk/base.html``) starts from: the user, the
event, the user's roles there and the sections those roles see.

Who may see a section is the API's rule: the roles come from ``tournaments.permissions.event_roles``
(a superuser is every event's organizer), and each section names the roles of the API's permission
its page acts under (``desk.sections``).
"""

from __future__ import annotations

import functools
from urllib.parse import urlencode

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_vary_headers

from scoring.pages.i18n import activate, remember
from tournaments.models import Event, Role
from tournaments.permissions import event_roles, is_account

from .sections import sections_for

# The switch's entries, Chinese first (the events' own language), each named in its own language.
SWITCH = (("zh-hans", "简体中文", "zh-Hans"), ("en", "English", "en"))


def desk_page(view):
    """A desk page: logged in, in the asked language, 404/403 as HTML pages, never cached."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        code = None
        try:
            code = activate(request)
            if not is_account(request):
                query = urlencode({"next": request.get_full_path()})
                return HttpResponseRedirect(f"{reverse('login')}?{query}")
            response = view(request, *args, **kwargs)
        except Http404:
            response = render(request, "desk/404.html", desk_context(request), status=404)
        except PermissionDenied:
            response = render(request, "desk/403.html", desk_context(request), status=403)
        remember(response, code)
        add_never_cache_headers(response)  # staff pages: what a person may do changes by the minute
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.setdefault("Content-Language", translation.get_language())
        return response

    return wrapper


def desk_event(request, slug: str, roles: tuple[str, ...]) -> Event:
    """The event ``slug`` for a holder of one of ``roles``; a 404 for an event the caller has no role
    in (as the API's staff reads: it is not theirs to know of), a 403 for one where they hold others."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404("no such event")
    held = event_roles(request, event)
    if not held:
        raise Http404("no role in this event")
    if not set(held) & set(roles):
        raise PermissionDenied("not this desk")
    return event


def desk_context(request, event: Event | None = None, *, current: str = "") -> dict:
    """The base template's context: the languages, the user, and at an event the sections the
    user's roles there see (``current``: the key of the section shown)."""
    path = request.path
    held = event_roles(request, event) if event is not None and is_account(request) else {}
    labels = dict(Role.choices)
    return {
        "event": event,
        "roles": [labels[role] for role in Role.values if role in held],
        "role_keys": [role for role in Role.values if role in held],
        "sections": [
            {
                "key": section.key,
                "label": section.label,
                "url": reverse(f"desk:{section.url_name}", args=[event.slug]),
                "current": section.key == current,
            }
            for section in sections_for(held)
        ]
        if event is not None
        else [],
        "languages": [
            {"code": code, "name": name, "lang": lang, "url": f"{path}?lang={code}"}
            for code, name, lang in SWITCH
        ],
        "language": translation.get_language(),
        "html_lang": "zh-Hans" if translation.get_language() == "zh-hans" else "en",
    }
