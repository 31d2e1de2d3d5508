"""The yardsticks of ``bench.server``: DRF with nothing of ours behind it.

Both go through the whole stack the API uses (middleware, authentication, the declared
permission, throttles, content negotiation, the JSON renderer): what the API's views cost on
top of them is what the benchmark reports.
"""

from __future__ import annotations

from auditlog.context import disable_auditlog
from rest_framework.response import Response
from rest_framework.views import APIView

from core.permissions import Permission
from tournaments.models import Unit


class BareView(APIView):
    """``GET /bench/bare/``: a tiny JSON answer."""

    read_permission = Permission.PUBLIC

    def get(self, request):
        return Response({"ok": True})


class InsertView(APIView):
    """``POST /bench/insert/`` with a token: one row, one transaction (``{"event": id, "name": …}``).

    A Unit, without its audit entry: a single-row insert is the yardstick of every write.
    """

    write_permission = Permission.AUTHENTICATED

    def post(self, request):
        with disable_auditlog():
            unit = Unit.objects.create(event_id=int(request.data["event"]), name=str(request.data["name"]))
        return Response({"id": unit.pk}, status=201)
