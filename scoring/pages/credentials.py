"""The print pages that carry credentials (docs/pages.md "Printing"): the table cards, whose QR
codes hold the tables' tokens, and the pair cards, which hold the pairs' PINs (docs/scoring.md "One
phone at the table"). Only the event's people who hold them in the API see them, logged in; the
pages are never cached (``private, no-store``)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from scoring.pages import printing
from scoring.pages.framing import base_context, page
from tournaments.cards import base_url, is_loopback
from tournaments.models import Event, Role
from tournaments.permissions import has_role
from tournaments.selectors import event_by_slug, event_tables
from tournaments.services.events import table_tokens_mint_missing


def _private_print(request, slug: str, *roles: str) -> Event | HttpResponse:
    """The event of a print page that carries credentials, for a logged-in holder of ``roles``: an
    anonymous visitor is sent to the login page, anyone else gets a 404 (as if it did not exist)."""
    event = event_by_slug(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if event is None or not has_role(request, event, *roles):
        raise Http404("no role in this event that sees this page")
    return event


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "private, no-store"  # the page carries credentials
    return response


@page
@require_http_methods(["GET", "HEAD", "POST"])
def print_table_cards(request, slug):
    """The table cards with their QR codes: each carries its table's token, so only the event's
    organisers see them (logged in to this site, as in the admin). POST mints a token for every
    table of the event that has none."""
    event = _private_print(request, slug, Role.ORGANIZER)
    if isinstance(event, HttpResponse):
        return event
    tables = event_tables(event)
    if request.method == "POST":
        table_tokens_mint_missing(event=event, tables=tables, by=request.user)
        return HttpResponseRedirect(request.path)
    cards = printing.table_cards(request, event, tables)
    missing = [card["table"] for card in cards if not card["url"]]
    base = base_url(request)
    context = {
        **base_context(request, event),
        "cards": cards,
        "missing": missing,
        "loopback": base if is_loopback(base) else None,
    }
    return _no_store(render(request, "pages/print/table_cards.html", context))


@page
@require_http_methods(["GET", "HEAD"])
def print_pair_cards(request, slug):
    """The pair cards with their PINs (docs/scoring.md "One phone at the table"): for the people who
    see the PINs in the API, the event's organisers and chief referee, logged in."""
    event = _private_print(request, slug, Role.ORGANIZER, Role.CHIEF_REFEREE)
    if isinstance(event, HttpResponse):
        return event
    context = {**base_context(request, event), "cards": printing.pair_cards(event)}
    return _no_store(render(request, "pages/print/pair_cards.html", context))
