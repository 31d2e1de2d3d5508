"""The public event pages, the big screen, the embeddable standings and the organisers' print pages.

Thin views: the data comes from ``scoring.pages.data`` (the API's selectors and visibility rules),
the markup from ``scoring/templates/pages/``. Every public page sends an ``ETag`` worked out before
anything is built — the event's ``results_version`` (moved by every result, registration, round and
event change), the address, the language and the pages' own code — and answers a matching
``If-None-Match`` with a 304 after one query. The big screen polls ``…/screen/live`` that way.
A page rendered for a GET is kept in Django's cache under that ETag, so the next reader without
it (another phone) gets the same bytes after that one query, with nothing read or rendered again.

An unknown event, round, page or language is an HTML 404 page, never a 500.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from django.core.cache import cache
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponsePermanentRedirect,
)
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.views.decorators.clickjacking import xframe_options_exempt

from core.conditional import _matches, etag_of
from core.errors import NotFound
from core.filters import SMALLINT_MAX
from scoring.pages import data, printing
from scoring.pages.duplicate import hand_record
from scoring.selectors import duplicate as duplicate_selectors
from tournaments.models import Event, Round, RoundStatus
from tournaments.permissions import is_staff

from .framing import base_context, page

_APP = Path(__file__).resolve().parent.parent


def _code_version() -> str:
    """A digest of the pages' templates and static files: a new release never answers a 304 for a
    page its templates now render otherwise."""
    folders = (_APP / "templates" / "pages", _APP / "static" / "pages", Path(__file__).parent)
    files = [
        path
        for folder in folders
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.suffix in {".html", ".css", ".js", ".py"}
    ]
    return hashlib.sha256(b"".join(path.name.encode() + path.read_bytes() for path in files)).hexdigest()[:16]


CODE_VERSION = _code_version()
#: How often the big screen asks whether anything changed (seconds): docs/pages.md.
SCREEN_POLL_SECONDS = 3
SCREEN_CYCLE_SECONDS = 12
#: How long a rendered page is kept under its ETag (a new results version names new pages anyway),
#: the largest page kept, and the query parameters a kept page may have been asked with (any other
#: is rendered every time, so made-up parameters cannot fill the cache).
PAGE_CACHE_SECONDS = 10 * 60
PAGE_CACHE_MAX_BYTES = 4 * 1024 * 1024
PAGE_CACHE_QUERY = frozenset({"lang", "page"})
#: Rows of the standings page: about 130 kB of HTML at 640 bytes a row.
STANDINGS_PAGE_ROWS = 200


def page_etag(path: str, query, event: Event, parts=()) -> str:
    """What a page shows depends on: its address (``?lang=`` aside: the language itself counts), the
    language, the event's ``results_version`` and the pages' code."""
    asked = sorted((key, value) for key, value in query.items() if key != "lang")
    return etag_of(
        [path, asked, translation.get_language(), event.pk, event.results_version, CODE_VERSION, *parts]
    )


def conditional(request, event: Event, build, *, etag_parts=()):
    """A 304 when the client holds this page as it stands, else ``build()``'s page with its ETag."""
    etag = page_etag(request.path, request.GET, event, etag_parts)
    if_none_match = request.headers.get("If-None-Match")
    fresh = bool(if_none_match) and _matches(if_none_match, etag)
    response = HttpResponseNotModified() if fresh else _kept(request, etag, build)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # keep it, but ask again (a 304 is cheap)
    return response


def _kept(request, etag: str, build):
    """``build()``'s page, or the bytes it rendered for an earlier GET with the same ETag. The ETag
    names everything a page shows (that is what makes its 304 right), so those bytes are the page,
    for any reader; a 404 or a page too large to keep is built every time."""
    if request.method not in ("GET", "HEAD") or not set(request.GET) <= PAGE_CACHE_QUERY:
        return build()
    key = "page:" + hashlib.sha256(etag.encode()).hexdigest()[:40]
    content = cache.get(key)
    if content is not None:
        return HttpResponse(content)  # render()'s own content type: text/html; charset=utf-8
    response = build()
    if response.status_code == 200 and len(response.content) <= PAGE_CACHE_MAX_BYTES:
        cache.set(key, response.content, PAGE_CACHE_SECONDS)
    return response


def _page(request, event: Event, template: str, context_of):
    return conditional(
        request, event, lambda: render(request, template, {**base_context(request, event), **context_of()})
    )


def _round_number(number: str) -> int:
    value = int(number)
    if value < 1:
        raise Http404("no such round")
    return value


def _published(slug: str, section: str, number: str | None = None) -> tuple[Event, Round | None]:
    """The public event, with its published round ``number`` when one is named, if it publishes
    ``section`` (``data.SECTIONS``); else a 404."""
    event = data.public_event(slug)
    round_ = None if number is None else data.published_round(event, _round_number(number))
    if not data.publishes(event, section):
        raise Http404(f"{section} not published")
    return event, round_


# ---- the public pages --------------------------------------------------------------------------


@page
def event_home(request, slug):
    event = data.public_event(slug)
    return _page(
        request,
        event,
        "pages/event.html",
        lambda: {"rounds": data.published_rounds(event), "current": data.current_round(event)},
    )


@page
def round_pairings(request, slug, number):
    event, round_ = _published(slug, "pairings", number)
    return _page(
        request,
        event,
        "pages/pairings.html",
        lambda: {
            "round": round_,
            "rounds": data.published_rounds(event),
            "matches": data.pairings(event, round_.number),
        },
    )


@page
def round_results(request, slug, number):
    event, round_ = _published(slug, "results", number)
    return _page(
        request,
        event,
        "pages/results.html",
        lambda: {
            "round": round_,
            "rounds": data.published_rounds(event),
            "rows": data.results(event, round_.number),
            "sheet_kind": data.sheet_kind(event),
            # A duplicate round's travellers and hand records (docs/duplicate.md "Pages").
            "travellers": duplicate_selectors.round_boards(round_) is not None,
        },
    )


@page
def standings(request, slug):
    """The pair standings, ``STANDINGS_PAGE_ROWS`` rows a page (``?page=``) so that a phone reads at
    most about 150 kB of a 5,000-pair event; page 1 of a smaller event is the whole table."""
    event, _ = _published(slug, "standings")
    number = _page_number(request)

    def context():
        table, count = data.standings_page(event, number, STANDINGS_PAGE_ROWS)
        links = [{"number": n, "url": f"{request.path}?page={n}"} for n in range(1, count + 1)]
        return {"table": table, "pages": links if count > 1 else [], "page_number": number}

    return _page(request, event, "pages/standings.html", context)


def _page_number(request) -> int:
    """``?page=``: 1 when not given; anything but a page number is a 404."""
    value = request.GET.get("page") or "1"
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= SMALLINT_MAX:
        raise Http404("no such page")
    return int(value)


@page
def unit_standings(request, slug):
    event, _ = _published(slug, "standings")
    return _page(request, event, "pages/units.html", lambda: {"table": data.unit_standings(event)})


@page
def rulings(request, slug):
    event = data.public_event(slug)
    shown = data.rulings(event)
    # Rulings do not all move results_version (a warning changes no standings): the rows name it.
    context = {**base_context(request, event), "incidents": shown}
    digest = [
        [i["id"], i["status"], i["ruling"] and [i["ruling"]["rule"], str(i["ruling"]["made_at"])]]
        for i in shown
    ]
    return conditional(
        request, event, lambda: render(request, "pages/rulings.html", context), etag_parts=(digest,)
    )


# ---- the big screen and the widget -------------------------------------------------------------


def _live_context(event: Event) -> dict:
    shows = data.shows(event)
    current = data.current_round(event)
    context: dict = {"current": current, "matches": [], "results": {}, "table": None}
    if current is not None and shows["pairings"]:
        context["matches"] = data.pairings(event, current.number)
        if shows["results"]:
            context["results"] = {row["table"]: row for row in data.round_outcomes(event, current.number)}
    if shows["standings"]:
        context["table"] = data.standings(event)
    return context


@page
def screen(request, slug):
    event = data.public_event(slug)
    return _page(
        request,
        event,
        "pages/screen.html",
        lambda: {
            **_live_context(event),
            "live_etag": page_etag(reverse("pages:screen-live", args=[event.slug]), {}, event),
            "poll_seconds": SCREEN_POLL_SECONDS,
            "cycle_seconds": SCREEN_CYCLE_SECONDS,
        },
    )


@page
def screen_live(request, slug):
    """The big screen's moving part, polled with If-None-Match: a 304 until a result or a round
    changes it, then the new fragment."""
    event = data.public_event(slug)
    return _page(request, event, "pages/screen_live.html", lambda: _live_context(event))


@xframe_options_exempt
@page
def embed_standings(request, slug):
    event, _ = _published(slug, "standings")
    return _page(request, event, "pages/embed_standings.html", lambda: {"table": data.standings(event)})


# ---- duplicate (docs/duplicate.md "Pages") ------------------------------------------------------


@page
def round_deals(request, slug, number):
    """``/e/{slug}/rounds/{n}/deals/``: every deal of a duplicate round, its traveller and (once the
    round is closed, or for the staff) its hand record. The ETag adds the round's posted deals."""
    event, round_ = _published(slug, "results", number)
    boards = duplicate_selectors.round_boards(round_)
    if boards is None:
        raise Http404("no deal set")
    staff = is_staff(request, event)

    def build():
        shown = round_.status == RoundStatus.CLOSED or staff
        records = (
            {deal.number: hand_record(deal) for deal in duplicate_selectors.round_set_deals(boards)}
            if shown
            else {}
        )
        deals = [
            {"board": n, "traveller": duplicate_selectors.deal_traveller(round_, n), "record": records.get(n)}
            for n in boards.numbers
        ]
        context = {"round": round_, "deals": deals, "hands_shown": shown}
        return render(request, "pages/duplicate_deals.html", {**base_context(request, event), **context})

    parts = (*duplicate_selectors.deals_stamp(round=round_), round_.status, staff)
    return conditional(request, event, build, etag_parts=parts)


@page
def screen_percentages(request, slug):
    """``/e/{slug}/screen/duplicate``: the running percentages on the big screen (it reloads itself)."""
    event, _ = _published(slug, "standings")

    def build():
        table = duplicate_selectors.duplicate_standings(event)
        return render(
            request, "pages/duplicate_screen.html", {**base_context(request, event), "table": table}
        )

    return conditional(request, event, build, etag_parts=duplicate_selectors.deals_stamp(event=event))


@page
def deal_slips(request, slug, pk):
    """``/e/{slug}/print/deal-sets/{id}/slips``: one slip per deal and seat (the seat's 27 cards as
    players sort them), for the staff who fill the boxes (牌盒) before the session; anyone else
    finds nothing."""
    event = duplicate_selectors.event_named(slug)
    if event is None or not is_staff(request, event):
        raise Http404("no such event")
    try:
        deal_set = duplicate_selectors.deal_set_of(event, int(pk))
    except NotFound:
        raise Http404("no such deal set") from None
    records = [hand_record(deal) for deal in duplicate_selectors.set_deals(deal_set, staff=True)]
    context = {**base_context(request, event), "deal_set": deal_set, "records": records}
    return render(request, "pages/print/deal_slips.html", context)


# ---- printing ----------------------------------------------------------------------------------


@page
def print_index(request, slug):
    event = data.public_event(slug)
    return _page(request, event, "pages/print/index.html", lambda: {"rounds": data.published_rounds(event)})


@page
def print_pairings(request, slug, number):
    event, round_ = _published(slug, "pairings", number)
    return _page(
        request,
        event,
        "pages/print/pairings.html",
        lambda: {"round": round_, "matches": data.pairings(event, round_.number)},
    )


@page
def print_scoresheets(request, slug, number):
    event, round_ = _published(slug, "pairings", number)
    return _page(
        request,
        event,
        "pages/print/scoresheets.html",
        lambda: {
            "round": round_,
            "matches": [m for m in data.pairings(event, round_.number) if not m["is_bye"]],
            "rules": printing.rules_summary(event),
            "deal_rows": printing.deal_rows(event),
            "dealers": printing.table_dealers(event) if event.at_tables else [],
        },
    )


@page
def print_standings(request, slug):
    event, _ = _published(slug, "standings")

    def context():
        table = data.standings(event)
        return {"table": table, "certificates": printing.certificates(table)}

    return _page(request, event, "pages/print/standings.html", context)


@page
def not_found(request, *args, **kwargs):
    """Anything else under ``/e/``: a page's address without its trailing slash is sent to it."""
    if not request.path_info.endswith("/"):
        try:
            match = resolve(request.path_info + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not not_found:
            return HttpResponsePermanentRedirect(request.path + "/")
    raise Http404("no such page")
