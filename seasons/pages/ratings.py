"""A club's public pages: its rating table (/c/{slug}/ratings/, docs/ratings.md)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from core.errors import DomainError
from scoring.pages.framing import base_context, page
from seasons.selectors import ratings as selectors
from tournaments.club_selectors import club_or_404


@page
def club_ratings(request, slug: str):
    """The rating table, of every event of the club, of those ``?events=`` names (comma-separated)
    or of the club's series ``?series=``."""
    club = club_or_404(slug)
    try:
        events = selectors.scope(
            club, events=request.GET.get("events") or "", series=request.GET.get("series") or ""
        )
    except DomainError as exc:  # a scope the page cannot show: no such page
        raise Http404(str(exc)) from exc
    run = selectors.run_of(club)
    context = {
        "club": club,
        "series": request.GET.get("series") or "",
        "rows": selectors.rating_table(club, None if events is None else [event.pk for event in events]),
        "computed_at": run.computed_at if run else None,
        "rated_matches": run.matches if run else 0,
    }
    return render(request, "seasons/ratings.html", {**base_context(request), **context})
