"""A member's public page (``/c/{club}/players/{id}/``, docs/clubs.md): their history as an
anonymous reader of the API sees it (``seasons.histories``), in either language of the pages."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import reverse

from scoring.pages.data import PUBLIC
from scoring.pages.framing import base_context, page
from seasons.histories import live_member_or_404, member_history
from tournaments.substitutes import stand_in_names, substitutions_of


@page
def member_page(request, slug: str, pk: str):
    member = live_member_or_404(slug, int(pk))
    if member.merged_into_id is not None:  # the record lives on as the member it was merged into
        return HttpResponsePermanentRedirect(
            reverse("club-player-page", args=(slug, member.merged_into_id)) + _query(request)
        )
    history = with_stand_ins(member_history(PUBLIC, member))
    context = {**base_context(request), "club": member.club, "history": history}
    return render(request, "seasons/member.html", context)


def with_stand_ins(history: dict[str, Any]) -> dict[str, Any]:
    """Each match of the history with who played in whose place that round (docs/events.md
    "Substitutes"): ``stand_ins`` of the member's own side, ``opponent_stand_ins`` of the other;
    one query for the whole page (``substitutions_of``)."""
    listed = [entry for entry in history["events"] if entry["results"]]
    ids = {entry["pair"]["id"] for entry in listed}
    ids |= {
        opponent["id"] for entry in listed for result in entry["results"] for opponent in result["opponents"]
    }
    substitutions = substitutions_of(ids) if ids else {}
    for entry in listed:
        for result in entry["results"]:
            number = result["round"]
            result["stand_ins"] = stand_in_names(substitutions, entry["pair"]["id"], number)
            result["opponent_stand_ins"] = [
                name
                for opponent in result["opponents"]
                for name in stand_in_names(substitutions, opponent["id"], number)
            ]
    return history


def _query(request) -> str:
    """The language asked for (``?lang=``) follows the redirect."""
    query = request.META.get("QUERY_STRING", "")
    return f"?{query}" if query else ""
