"""A member's public page (``/c/{club}/players/{id}/``, docs/clubs.md): their history as an
anonymous reader of the API sees it (``seasons.histories``), in either language of the pages."""

from __future__ import annotations

from django.http import HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import reverse

from scoring.pages.data import PUBLIC
from scoring.pages.framing import base_context, page
from seasons.histories import live_member_or_404, member_history


@page
def member_page(request, slug: str, pk: str):
    member = live_member_or_404(slug, int(pk))
    if member.merged_into_id is not None:  # the record lives on as the member it was merged into
        return HttpResponsePermanentRedirect(
            reverse("club-player-page", args=(slug, member.merged_into_id)) + _query(request)
        )
    history = member_history(PUBLIC, member)
    context = {**base_context(request), "club": member.club, "history": history}
    return render(request, "seasons/member.html", context)


def _query(request) -> str:
    """The language asked for (``?lang=``) follows the redirect."""
    query = request.META.get("QUERY_STRING", "")
    return f"?{query}" if query else ""
