"""The yardsticks of ``bench.server``: bare DRF views, as issue 21 defines them.

No middleware (``bench.wsgi`` serves ``/bench/…`` through a handler without any), no
authentication, no permission, no throttle; DRF's JSON parser and renderer. What the API's
views cost on top of them, middleware and authentication included, is what the benchmark reports.
"""

from __future__ import annotations

from auditlog.context import disable_auditlog
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import Unit


class Bare(APIView):
    """Nothing of ours: no authentication, permission or throttle; JSON in and out."""

    authentication_classes = ()
    permission_classes = ()
    throttle_classes = ()
    parser_classes = (JSONParser,)
    renderer_classes = (JSONRenderer,)


class BareView(Bare):
    """``GET /bench/bare/``: a tiny JSON answer."""

    def get(self, request):
        return Response({"ok": True})


class InsertView(Bare):
    """``POST /bench/insert/``: one row, one transaction (``{"event": id, "name": …}``).

    A Unit, without its audit entry: a single-row ORM insert is the yardstick of every write.
    """

    def post(self, request):
        with disable_auditlog():
            unit = Unit.objects.create(event_id=int(request.data["event"]), name=str(request.data["name"]))
        return Response({"id": unit.pk}, status=201)
