"""Tiny views used only by the plumbing tests (mounted with pytest.mark.urls)."""

import time

from django.contrib.auth.models import Group
from django.http import JsonResponse
from django.urls import path
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictFloatField,
    StrictIntegerField,
)
from core.idempotency import IdempotentMixin
from core.parsers import FormParser, JSONParser
from core.permissions import Permission


class EchoSerializer(serializers.Serializer):
    name = StrictCharField(max_length=5)
    count = StrictIntegerField(min_value=1)
    items = serializers.ListField(child=StrictIntegerField(), required=False)
    flag = StrictBooleanField(required=False)
    ratio = StrictFloatField(required=False)
    colour = StrictChoiceField(choices=["red", "black"], required=False)


class EchoView(APIView):
    read_permission = Permission.PUBLIC
    write_permission = Permission.AUTHENTICATED
    parser_classes = [JSONParser, MultiPartParser, FormParser]  # the parsers' own tests send all three

    def get(self, request):
        return Response({"ok": True})

    def post(self, request):
        serializer = EchoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data, status=201)


class BoomView(APIView):
    read_permission = Permission.PUBLIC

    def get(self, request):
        raise RuntimeError("secret internal detail")


class SuperuserView(APIView):
    read_permission = Permission.SUPERUSER

    def get(self, request):
        return Response({"ok": True})


class GroupCreateView(IdempotentMixin, APIView):
    """Creates a group per call: makes double processing visible.

    ``{"name": "x", "then": 409}`` creates the group and then answers 409 (the write must not
    persist); ``"sleep": 0.5`` keeps the transaction open that long after the write.
    """

    parser_classes = [JSONParser, MultiPartParser, FormParser]  # retried uploads are tested here too

    def post(self, request, **kwargs):
        name = request.data.get("name")
        if not name:
            return Response({"detail": "no name"}, status=400)
        group = Group.objects.create(name=f"{name}-{Group.objects.count()}")
        time.sleep(float(request.data.get("sleep", 0)))
        return Response({"id": group.pk, "name": group.name}, status=request.data.get("then", 201))


def plain_database(request):
    """A plain Django view (not DRF) that reads the database."""
    return JsonResponse({"groups": Group.objects.count()})


def plain_form(request):
    """A plain Django view (not DRF) that reads a form body."""
    return JsonResponse({"fields": len(request.POST)})


class DatabaseTouchingMiddleware:
    """A middleware that reads the database before the view (as session or auth middleware may)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        Group.objects.exists()
        return self.get_response(request)


def plain_boom(request):
    """A plain Django view (not DRF) that fails."""
    raise RuntimeError("plain failure")


urlpatterns = [
    path("plain-boom/", plain_boom),
    path("plain-database/", plain_database),
    path("plain-form/", plain_form),
    path("groups/", GroupCreateView.as_view()),
    path("groups/<path:tail>", GroupCreateView.as_view()),
    path("echo/", EchoView.as_view()),
    path("boom/", BoomView.as_view()),
    path("root-only/", SuperuserView.as_view()),
]
