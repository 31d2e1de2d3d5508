"""The desks' landing page (``/desk/``): the events the logged-in person holds a role in, each with
the desk sections those roles see."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from . import selectors
from .framing import desk_context, desk_page
from .sections import sections_for


@desk_page
def home(request):
    events = [
        {
            "event": entry.event,
            "roles": entry.roles,
            "sections": [
                {"label": section.label, "url": reverse(f"desk:{section.url_name}", args=[entry.event.slug])}
                for section in sections_for(entry.roles)
            ],
        }
        for entry in selectors.desk_events(request.user)
    ]
    return render(request, "desk/home.html", {**desk_context(request), "events": events})


@desk_page
def not_found(request, rest=""):
    """Anything else under ``/desk/``: the desk's own HTML 404, never the API's problem+json."""
    raise Http404("no desk page here")
