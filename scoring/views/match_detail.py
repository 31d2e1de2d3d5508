"""``/matches/{id}/``: one table of a round, with its level line and result (G8).

It shows what scoring records, so it is scoring's view (the tournaments layer does not import scoring);
what an organizer may change of a draft round's table is the tournaments layer's
(``tournaments.services.draft_tables``).
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.response import Response

from core.conditional import ConditionalMixin
from core.idempotency import IdempotentMixin
from core.schema import problems
from scoring.serializers.matches import MatchDetailSerializer
from tournaments.models import Event, Match
from tournaments.permissions import EventPermission
from tournaments.selectors import match_details, match_of_visible_event
from tournaments.serializers.schedule import MatchWriteSerializer
from tournaments.services import draft_tables
from tournaments.views.base import ID

#: ``PUT`` and ``PATCH`` take the same body (all of it, or part of it).
WRITE = extend_schema(
    request=MatchWriteSerializer, responses={200: MatchDetailSerializer, **problems(400, 403, 409, 412)}
)


@extend_schema_view(update=WRITE, partial_update=WRITE)
class MatchViewSet(
    IdempotentMixin,
    ConditionalMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """``/matches/{id}/``: one table of a round, as its event allows the caller to see it.

    While its round is a draft, an organizer may change who plays there (``PATCH``/``PUT``
    with ``ns_pair`` and ``ew_pair``) or remove it (``DELETE``); the draw is re-checked.
    """

    serializer_class = MatchDetailSerializer  # a single table shows its level line and result (G8)
    read_permission = EventPermission.VISIBLE
    write_permission = EventPermission.ORGANIZER
    lookup_value_regex = ID
    http_method_names = ["get", "put", "patch", "delete", "head", "options"]

    def get_event(self):
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Event(pk=0, slug="schema")
        if not hasattr(self, "_event"):
            match = match_of_visible_event(self.request, self.kwargs["pk"])
            if match is None:
                raise Http404(f"No {Match._meta.object_name} matches the given query.")
            self._event = match.round.event
        return self._event

    def get_queryset(self):
        return match_details(self.request, self.get_event())

    def update(self, request, *args, **kwargs):
        match = self.get_object()
        with self.locked_write(match, lock=match.round):
            serializer = MatchWriteSerializer(data=request.data, partial=kwargs.get("partial", False))
            serializer.is_valid(raise_exception=True)
            data = {"ns_pair": match.ns_pair_id, "ew_pair": match.ew_pair_id, **serializer.validated_data}
            match = draft_tables.match_update(match=match, ns_pair=data["ns_pair"], ew_pair=data["ew_pair"])
            return Response(self.get_serializer(match).data)

    @extend_schema(responses={204: None, **problems(403, 409, 412)})
    def destroy(self, request, *args, **kwargs):
        match = self.get_object()
        with self.locked_write(match, lock=match.round):
            draft_tables.match_delete(match=match)
        return Response(status=204)
