"""What every event-scoped view shares: finding the event, and ETags."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from rest_framework import viewsets

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from tournaments.models import Event
from tournaments.permissions import is_staff


def visible_events(request):
    """Events the caller may see: published ones, plus those where the caller has a role."""
    user = request.user
    if user and user.is_superuser:
        return Event.objects.all()
    public = ~Q(status="draft")
    if user and user.is_authenticated and getattr(user, "pk", None):
        return Event.objects.filter(public | Q(roles__user=user)).distinct()
    token = getattr(user, "token", None)
    if token is not None:  # a table token sees its own event
        return Event.objects.filter(public | Q(pk=token.event_id))
    return Event.objects.filter(public)


class EventScopedMixin(IdempotentMixin, ConditionalMixin):
    """For views under ``/events/{event_slug}/``: a hidden event is a 404, not a 403."""

    read_permission = "event.visible"
    write_permission = "event.organizer"

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            slug = self.kwargs["event_slug"]
            event = get_object_or_404(Event, slug=slug)
            if not (event.is_public or is_staff(self.request, event)):
                raise Http404
            self._event = event
        return self._event

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if "event_slug" in self.kwargs:
            context["event"] = self.get_event()
        return context

    @property
    def is_staff(self) -> bool:
        return is_staff(self.request, self.get_event())


class EventScopedViewSet(EventScopedMixin, viewsets.ModelViewSet):
    pass
