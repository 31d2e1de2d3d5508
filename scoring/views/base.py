"""Views about one match (``/matches/{id}/…``): the match as its caller may see it."""

from __future__ import annotations

from django.http import Http404
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from scoring.actors import actor_of
from scoring.permissions import ScoringPermission
from scoring.selectors.access import visible_match
from tournaments.models import Event, Match
from tournaments.permissions import EventPermission


class MatchScopedView(IdempotentMixin, ConditionalMixin, APIView):
    """A match the caller can see (else a 404, as ``GET /matches/{id}/`` answers)."""

    # One permission name, or several of which any one admits (core.permissions).
    read_permission: str | tuple[str, ...] = (EventPermission.VISIBLE,)
    write_permission: str | tuple[str, ...] = ScoringPermission.SCOREKEEPER

    # ``atomic_post`` (IdempotentMixin): a POST is one transaction, and the match it writes is
    # loaded locked, once, by the permission step that first asks for it; the service takes that
    # locked match as it is (``scoring.services.common.lock_match``). A table token is loaded by
    # that same query (``defers_table_token``; ``scoring.selectors.access.visible_match``).
    # ``reads_state``: the POST's service plays on the match's derived state, read and locked with it
    # (``visible_match(…, state=True)``, ``scoring.services.sheet_store``).
    reads_state = False

    def defers_table_token(self, request) -> bool:
        return self.atomic_post and request.method == "POST"

    def get_match(self) -> Match:
        if getattr(self, "swagger_fake_view", False):
            return Match(pk=0)
        if not hasattr(self, "_match"):
            lock = self.atomic_post and self.request.method == "POST"
            match = visible_match(self.request, self.kwargs["pk"], lock=lock, state=lock and self.reads_state)
            if match is None:
                raise Http404(f"No {Match._meta.object_name} matches the given query.")
            self._match, self._event = match, match.round.event
        return self._match

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            self.get_match()
        return self._event

    @property
    def actor(self):
        return actor_of(self.request, self.get_event())
