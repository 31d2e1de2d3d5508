"""What every event-scoped view shares: finding the event, ETags (on reads and on writes) and If-Match."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404
from rest_framework import viewsets

from core.conditional import ConditionalMixin, etag_of
from core.idempotency import IdempotentMixin
from tournaments.auth import TableUser
from tournaments.models import Event
from tournaments.permissions import is_account, is_staff

ID = r"\d+"  # numeric ids: anything else is a 404 before it reaches the database


def visible_events(request):
    """Events the caller may see: published ones, plus those where the caller has a role."""
    user = request.user
    public = ~Q(status="draft")
    if isinstance(user, TableUser):  # a table token sees its own event
        return Event.objects.filter(public | Q(pk=user.token.event_id))
    if user and user.is_superuser:
        return Event.objects.all()
    if is_account(request):
        return Event.objects.filter(public | Q(roles__user=user)).distinct()
    return Event.objects.filter(public)


class WriteETagMixin(ConditionalMixin):
    """ConditionalMixin, and the ``ETag`` on the answer of a successful write of one resource.

    The answer of a PUT, a PATCH or an operation (``POST …/{id}/publish``) on one resource is what
    a GET of it would read, so its ETag is the one that GET would send: a client chains edits with
    ``If-Match`` without reading again. Only views that read single resources (``retrieve``) get it.
    Listed after IdempotentMixin in a view's bases, it sets the ETag before the answer's headers are
    stored with its ``Idempotency-Key``, so a replayed answer carries it too.
    """

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if (
            request.method in ("PUT", "PATCH", "POST")
            and response.status_code == 200
            and getattr(self, "detail", False)
            and hasattr(self, "retrieve")
            and isinstance(response.data, dict)
        ):
            response["ETag"] = etag_of(response.data)
        return response


class EventScopedMixin(IdempotentMixin, WriteETagMixin):
    """For views under ``/events/{event_slug}/``: a hidden event is a 404, not a 403.

    POSTs honour ``Idempotency-Key`` (a retried draw or import replays the first answer).
    """

    read_permission = "event.visible"
    write_permission = "event.organizer"
    lookup_value_regex = ID

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            self._event = get_object_or_404(visible_events(self.request), slug=self.kwargs["event_slug"])
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
    """CRUD under an event. Edits and deletes honour ``If-Match`` (412 when it is stale)."""

    def locked(self, instance):
        return type(instance).objects.select_for_update().get(pk=instance.pk)

    def representation(self, instance) -> dict:
        """What a GET of ``instance`` answers (its ETag is what ``If-Match`` compares)."""
        return self.get_serializer(instance).data

    def perform_update(self, serializer):
        with transaction.atomic():
            serializer.instance = self.locked(serializer.instance)
            self.check_if_match(self.representation(serializer.instance))
            self.save_update(serializer)

    def save_update(self, serializer):
        serializer.save()

    def perform_destroy(self, instance):
        with transaction.atomic():
            instance = self.locked(instance)
            self.check_if_match(self.representation(instance))
            self.destroy_locked(instance)

    def destroy_locked(self, instance) -> None:
        instance.delete()
