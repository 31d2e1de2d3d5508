"""What every event-scoped view shares: finding the event, ETags (on reads and on writes) and If-Match.

What a caller may see is read by tournaments.selectors (``visible_events`` is re-exported here for
the modules that import it from this one); a write is ``locked_write`` (core.conditional) around
one service call.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from enum import StrEnum
from typing import Any

from rest_framework import viewsets

from core import jobs
from core.conditional import ConditionalMixin, etag_of
from core.fast.read_ahead import ReadAheadMixin
from core.idempotency import IdempotentMixin
from core.jobs_api import accepted
from tournaments.models import Event
from tournaments.permissions import EventPermission, is_staff
from tournaments.selectors import visible_event_or_404, visible_events

__all__ = ["ID", "EventScopedMixin", "EventScopedViewSet", "WriteETagMixin", "visible_events"]

ID = r"\d+"  # numeric ids: anything else is a 404 before it reaches the database


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


class EventScopedMixin(ReadAheadMixin, IdempotentMixin, WriteETagMixin):
    """For views under ``/events/{event_slug}/``: a hidden event is a 404, not a 403.

    POSTs honour ``Idempotency-Key`` (a retried draw or import replays the first answer).
    """

    read_permission: StrEnum = EventPermission.VISIBLE  # a view may name another app's check
    write_permission: StrEnum = EventPermission.ORGANIZER
    lookup_value_regex = ID

    # Set by the view this is mixed into (a DRF GenericAPIView; its request is a DRF Request,
    # which Django's View types as an HttpRequest).
    request: Any
    kwargs: dict[str, Any]

    def get_event(self) -> Event:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            self._event = visible_event_or_404(self.request, self.kwargs["event_slug"])
        return self._event

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if "event_slug" in self.kwargs:
            context["event"] = self.get_event()
        return context

    def start_job(self, kind: str, params: dict[str, Any], content: bytes = b""):
        """Answer ``202 Accepted`` with a new job of ``kind`` for the event (core.jobs): the work
        is queued for a worker once the request's transaction commits."""
        job = jobs.start(
            request=self.request, kind=kind, event_id=self.get_event().pk, params=params, content=content
        )
        return accepted(job)

    @property
    def is_staff(self) -> bool:
        return is_staff(self.request, self.get_event())


class EventScopedViewSet(EventScopedMixin, viewsets.ModelViewSet, metaclass=ABCMeta):
    """CRUD under an event through the services: every viewset names them in ``create_record``,
    ``update_record`` and ``delete_record`` (abstract: a viewset that forgets one cannot be built).
    Edits and deletes honour ``If-Match`` (412 when it is stale)."""

    @abstractmethod
    def create_record(self, **fields):
        """Create through the service; ``fields`` are the serializer's validated data."""

    @abstractmethod
    def update_record(self, instance, **fields):
        """Edit ``instance`` (locked, If-Match checked) through the service."""

    @abstractmethod
    def delete_record(self, instance) -> None:
        """Delete ``instance`` (locked, If-Match checked) through the service."""

    def perform_create(self, serializer):
        serializer.instance = self.create_record(**serializer.validated_data)

    def perform_update(self, serializer):
        with self.locked_write(serializer.instance) as locked:
            serializer.instance = self.update_record(locked, **serializer.validated_data)

    def perform_destroy(self, instance):
        with self.locked_write(instance) as locked:
            self.delete_record(locked)
