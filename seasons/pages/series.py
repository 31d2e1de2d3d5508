"""The public series pages (``/s/{slug}/``, docs/series.md "Pages"): the standings (as of an event
too), the events, the qualifiers of each final, and the embeddable standings for club websites.

Thin views over the API's selectors, framed as the event pages are (``scoring.pages.framing``: the
language, the HTML 404, ``Vary``). A draft series is a 404 here whoever asks: the pages are what an
anonymous API caller reads.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.clickjacking import xframe_options_exempt

from core.errors import DomainError
from engine.scoring.ranking.series import SERIES_METRICS
from scoring.pages.framing import base_context, page
from seasons.models import Series
from seasons.selectors import series as selectors


def public_series(slug: str) -> Series:
    series = selectors.series_by_slug(slug)
    if series is None or not series.is_public:
        raise Http404("no such series")
    return series


def _table(series: Series, as_of: str | None) -> dict[str, Any]:
    """The standings as the API gives them, with the chain's labels in the page's language; an
    ``as_of`` that names no event of the series is a 404 page."""
    try:
        table = selectors.series_standings(series, as_of=as_of)
    except DomainError as exc:
        raise Http404("no such event in the series") from exc
    table["columns"] = [{"key": key, "name": gettext(SERIES_METRICS[key])} for key in table["tiebreaks"]]
    names = {column["key"]: column["name"] for column in table["columns"]}
    names["points"] = gettext("Points")
    for row in table["rows"]:
        row["decided_by_name"] = names.get(row["decided_by"] or "", "")
    return table


def _context(request, series: Series, **extra: Any) -> dict[str, Any]:
    return {**base_context(request), "series": series, **extra}


@page
def series_home(request, slug):
    series = public_series(slug)
    as_of = request.GET.get("as_of") or None
    table = _table(series, as_of)
    events = [entry for entry in selectors.series_events(series) if entry.event.is_public]
    context = _context(request, series, table=table, events=events, as_of=as_of)
    return render(request, "seasons/series.html", context)


@page
def series_qualifiers(request, slug):
    series = public_series(slug)
    finals = []
    for final_slug in dict.fromkeys(link.final.slug for link in selectors.series_links(series)):
        try:
            links = selectors.final_links(series, final_slug, public=True)
        except DomainError:
            continue  # a draft final, or one whose feeders publish no standings yet
        computed = selectors.qualifiers(series, links)
        passed_over = [
            {**skip, "feeder": feeder["event"], "why": _why(skip)}
            for feeder in computed["feeders"]
            for skip in feeder["skipped"]
        ]
        finals.append({"event": links[0].final, **computed, "passed_over": passed_over})
    return render(request, "seasons/qualifiers.html", _context(request, series, finals=finals))


def _why(skip: dict[str, Any]) -> str:
    """Why a pair was passed over, in the page's language (docs/series.md "Links: who goes on")."""
    goes = skip["goes_with"]
    if goes is not None:
        other = goes["name"] or " / ".join(goes["players"])
        if skip["reason"] == "member_qualified":
            return gettext("%(player)s goes on with %(pair)s from %(feeder)s (place %(place)s).") % {
                "player": skip["player"] or "",
                "pair": other,
                "place": goes["place"],
                "feeder": goes["feeder"],
            }
        return gettext("goes on from %(feeder)s (place %(place)s).") % {
            "place": goes["place"],
            "feeder": goes["feeder"],
        }
    return {
        "withdrawn": gettext("withdrew from the event."),
        "disqualified": gettext("was disqualified."),
        "declined": gettext("declined the final."),
    }.get(skip["reason"], skip["reason"])


@xframe_options_exempt
@page
def embed_standings(request, slug):
    series = public_series(slug)
    table = _table(series, request.GET.get("as_of") or None)
    return render(request, "seasons/embed_standings.html", _context(request, series, table=table))
