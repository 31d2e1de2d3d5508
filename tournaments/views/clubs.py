"""Clubs, their staff and their members (docs/clubs.md).

Anyone reads a club (slug, name) and its members' names and affiliations; an account creates a
club and organises it; its organisers rename it, manage its staff and its members (with their
member numbers and contact data), and merge two records of one person.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response

from core.idempotency import IdempotentMixin
from core.permissions import Permission
from core.schema import ByCaller, problems
from tournaments import club_selectors as selectors
from tournaments.clubs import ClubPermission, request_organises_club
from tournaments.models import Club, Member
from tournaments.permissions import EventPermission
from tournaments.serializers.clubs import (
    ClubPrivateSerializer,
    ClubSerializer,
    ClubStaffSerializer,
    ClubUpdateSerializer,
    MemberMergeSerializer,
    MemberSerializer,
    PublicMemberSerializer,
)
from tournaments.services import clubs as services
from tournaments.views.base import ID, WriteETagMixin

CLUB_SLUG = r"[-a-zA-Z0-9_]+"


class ClubScopedMixin(IdempotentMixin, WriteETagMixin):
    """For views under ``/clubs/{club_slug}/``: the club by its slug (a 404 when there is none)."""

    request: Any
    kwargs: dict[str, Any]
    lookup_value_regex = ID

    def get_club(self) -> Club:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular inspecting, no real request
            return Club(pk=0, slug="schema")
        if not hasattr(self, "_club"):
            self._club = selectors.club_or_404(self.kwargs["club_slug"])
        return self._club

    @property
    def organises(self) -> bool:
        return request_organises_club(self.request, self.get_club())


class ClubViewSet(
    ClubScopedMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Clubs: anyone reads them; an account creates one and organises it; its organisers rename it."""

    lookup_field = "slug"
    lookup_url_kwarg = "club_slug"
    lookup_value_regex = CLUB_SLUG
    http_method_names = ["get", "post", "patch", "head", "options"]
    read_permission = Permission.PUBLIC

    @property
    def write_permission(self) -> str:
        return ClubPermission.ORGANIZER if "club_slug" in self.kwargs else EventPermission.ACCOUNT

    def get_queryset(self):
        return selectors.clubs()

    def get_object(self) -> Club:
        return self.get_club()

    def get_serializer_class(self):
        if self.action == "partial_update":
            return ClubUpdateSerializer
        if self.action == "retrieve" and self.organises:
            return ClubPrivateSerializer
        return ClubSerializer

    def representation(self, instance) -> dict:
        return ClubPrivateSerializer(instance, context=self.get_serializer_context()).data

    @extend_schema(request=ClubSerializer, responses={201: ClubPrivateSerializer, **problems(400, 401, 403)})
    def create(self, request, *args, **kwargs):
        serializer = ClubSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = services.club_create(by=request.user, **serializer.validated_data)
        return Response(self.representation(club), status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: ByCaller(ClubPrivateSerializer, ClubSerializer)})
    def retrieve(self, request, *args, **kwargs):
        """A club: its slug and name; its organisers read its staff too (``staff``, as
        ``GET …/staff/`` lists it)."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(request=ClubUpdateSerializer, responses={200: ClubPrivateSerializer, **problems(400, 412)})
    def partial_update(self, request, *args, **kwargs):
        with self.locked_write(self.get_club()) as club:
            serializer = ClubUpdateSerializer(club, data=request.data, partial=True)
            serializer.is_valid(raise_exception=True)
            club = services.club_update(club=club, **serializer.validated_data)
        return Response(self.representation(club))


class ClubStaffViewSet(
    ClubScopedMixin, mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet
):
    """Who runs the club. Its organisers read and manage its staff."""

    serializer_class = ClubStaffSerializer
    read_permission = ClubPermission.ORGANIZER
    write_permission = ClubPermission.ORGANIZER

    def get_queryset(self):
        return selectors.club_staff(self.get_club())

    @extend_schema(
        request=ClubStaffSerializer, responses={201: ClubStaffSerializer, **problems(400, 401, 403)}
    )
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        staff = services.staff_add(club=self.get_club(), username=data["user"]["username"], role=data["role"])
        return Response(self.get_serializer(staff).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, **problems(403, 404, 409)})
    def destroy(self, request, *args, **kwargs):
        services.staff_remove(staff=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemberViewSet(
    ClubScopedMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """A club's members: anyone reads their names and affiliations; its organisers their member
    numbers and contact data, and create, edit and merge them."""

    http_method_names = ["get", "post", "patch", "head", "options"]
    read_permission = Permission.PUBLIC
    write_permission = ClubPermission.ORGANIZER

    def get_serializer_class(self):
        if self.request.method not in ("GET", "HEAD") or self.organises:
            return MemberSerializer
        return PublicMemberSerializer

    def get_queryset(self):
        search = self.request.query_params.get("search", "") if self.action == "list" else ""
        return selectors.club_members(self.get_club(), search=search.strip(), private=self.organises)

    def get_object(self) -> Member:
        return selectors.club_member_or_404(self.get_club(), int(self.kwargs["pk"]))

    def representation(self, instance) -> dict:
        return MemberSerializer(instance, context=self.get_serializer_context()).data

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "search",
                str,
                required=False,
                description="Members whose name or affiliation holds this; for the club's organisers "
                "also the member number (exactly), email or phone.",
            )
        ],
        responses={200: ByCaller(MemberSerializer, PublicMemberSerializer)},
    )
    def list(self, request, *args, **kwargs):
        """The club's live members by name: id, name and affiliation; the club's organisers read each
        one's ``member_number``, ``email``, ``phone`` and ``created_at`` too."""
        return super().list(request, *args, **kwargs)

    @extend_schema(responses={200: ByCaller(MemberSerializer, PublicMemberSerializer)})
    def retrieve(self, request, *args, **kwargs):
        """A member, live or merged: a merged one's ``merged_into`` names the member it became. The
        club's organisers read its ``member_number``, ``email``, ``phone`` and ``created_at`` too."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(request=MemberSerializer, responses={201: MemberSerializer, **problems(400, 401, 403)})
    def create(self, request, *args, **kwargs):
        serializer = MemberSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        member = services.member_create(club=self.get_club(), **serializer.validated_data)
        return Response(self.representation(member), status=status.HTTP_201_CREATED)

    @extend_schema(request=MemberSerializer, responses={200: MemberSerializer, **problems(400, 409, 412)})
    def partial_update(self, request, *args, **kwargs):
        with self.locked_write(self.get_object()) as member:
            serializer = MemberSerializer(member, data=request.data, partial=True)
            serializer.is_valid(raise_exception=True)
            member = services.member_update(member=member, **serializer.validated_data)
        return Response(self.representation(member))

    @extend_schema(
        summary="Merge this member into another record of the same person",
        request=MemberMergeSerializer,
        responses={200: MemberSerializer, **problems(400, 401, 403, 409)},
        description="Merge this member into another of the club (two records of one person), all or "
        "nothing: every entry of this one in the club's events becomes the other's, and this one "
        "stays, its `merged_into` naming the survivor. Answers the survivor.",
    )
    @action(detail=True, methods=["post"])
    def merge(self, request, *args, **kwargs):
        serializer = MemberMergeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        into = selectors.club_member(self.get_club(), serializer.validated_data["into"])
        if into is None:
            raise ValidationError({"into": [ErrorDetail("The club has no such member.", "does_not_exist")]})
        survivor = services.member_merge(member=self.get_object(), into=into)
        return Response(self.representation(survivor))
