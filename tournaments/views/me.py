"""``GET /me/``: who a token is, so an app learns its user and roles without asking for a name."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.permissions import Permission
from core.schema import problems
from tournaments.selectors import who
from tournaments.serializers.events import MeSerializer


class MeView(ConditionalMixin, APIView):
    """The caller: an account (its username and its roles per event) or a table token (its table)."""

    read_permission = Permission.AUTHENTICATED

    @extend_schema(
        summary="Who the credential is",
        operation_id="me_retrieve",
        responses={200: MeSerializer, **problems(401)},
        tags=["me"],
    )
    def get(self, request):
        return Response(MeSerializer(who(request.user)).data)
