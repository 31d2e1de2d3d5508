"""Views about one match (``/matches/{id}/…``): the match as its caller may see it."""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from scoring.actors import actor_of
from scoring.permissions import ScoringPermission
from tournaments.models import Event, Match
from tournaments.permissions import EventPermission
from tournaments.selectors import visible_events, visible_matches


class MatchScopedView(IdempotentMixin, ConditionalMixin, APIView):
    """A match the caller can see (else a 404, as ``GET /matches/{id}/`` answers)."""

    read_permission = (EventPermission.VISIBLE,)
    write_permission = ScoringPermission.SCOREKEEPER

    def get_match(self) -> Match:
        if getattr(self, "swagger_fake_view", False):
            return Match(pk=0)
        if not hasattr(self, "_match"):
            candidates = Match.objects.filter(
                Q(round__event__in=visible_events(self.request)), pk=self.kwargs["pk"]
            ).select_related("round__event", "round__stage")
            found = get_object_or_404(candidates)
            self._event = found.round.event
            self._match = get_object_or_404(
                visible_matches(self.request, self._event, Match.objects.filter(pk=found.pk)).select_related(
                    "round__event", "round__stage", "ns_pair", "ew_pair"
                )
            )
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
