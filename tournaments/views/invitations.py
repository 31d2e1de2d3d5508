"""Invitations to a role in the event (docs/events.md "Invitations") and a person's own password.

The invitee opens the link in a browser: its page (``/desk/invite/{key}/``, the desk app) makes
the account through ``tournaments.services.invitations.invitation_accept``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from core.schema import problems
from tournaments.permissions import EventPermission
from tournaments.selectors import rows
from tournaments.serializers.invitations import (
    InvitationInputSerializer,
    InvitationSerializer,
    NewInvitationSerializer,
    PasswordChangeSerializer,
)
from tournaments.services import invitations as services
from tournaments.views.base import EventScopedMixin

INVITE_PATH = "/desk/invite/{key}/"


class InvitationViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """The event's invitations, newest first: their role, for whom, and whether they are still good."""

    serializer_class = InvitationSerializer
    read_permission = EventPermission.ORGANIZER

    def get_queryset(self):
        return rows.event_invitations(self.get_event())

    @extend_schema(
        request=InvitationInputSerializer, responses={201: NewInvitationSerializer, **problems(400, 401, 403)}
    )
    def create(self, request, *args, **kwargs):
        """Invite a person to a role: the answer holds the one-time link (shown only here)."""
        serializer = InvitationInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invitation, key = services.invitation_create(
            event=self.get_event(), **serializer.validated_data, by=request.user
        )
        invitation.key = key
        invitation.url = request.build_absolute_uri(INVITE_PATH.format(key=key))
        return Response(NewInvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Revoke an invitation",
        request=None,
        responses={200: InvitationSerializer, **problems(403, 409)},
    )
    @action(detail=True, methods=["post"])
    def revoke(self, request, *args, **kwargs):
        invitation = services.invitation_revoke(invitation=self.get_object())
        return Response(InvitationSerializer(invitation).data)


class PasswordView(APIView):
    """``POST /me/password``: the caller changes their own password (an account, not a table token)."""

    write_permission = EventPermission.ACCOUNT

    @extend_schema(
        summary="Change your own password",
        operation_id="me_password",
        request=PasswordChangeSerializer,
        responses={204: None, **problems(400, 401, 403)},
        tags=["me"],
    )
    def post(self, request):
        serializer = PasswordChangeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.password_change(user=request.user, **serializer.validated_data)
        return Response(status=status.HTTP_204_NO_CONTENT)
