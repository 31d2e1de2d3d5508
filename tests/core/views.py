"""Tiny views used only by the plumbing tests (mounted with pytest.mark.urls)."""

from django.contrib.auth.models import Group
from django.urls import path
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.idempotency import IdempotentMixin


class EchoSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=5)
    count = serializers.IntegerField(min_value=1)
    items = serializers.ListField(child=serializers.IntegerField(), required=False)


class EchoView(APIView):
    read_permission = "public"
    write_permission = "authenticated"

    def get(self, request):
        return Response({"ok": True})

    def post(self, request):
        serializer = EchoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data, status=201)


class BoomView(APIView):
    read_permission = "public"

    def get(self, request):
        raise RuntimeError("secret internal detail")


class SuperuserView(APIView):
    read_permission = "superuser"

    def get(self, request):
        return Response({"ok": True})


class GroupCreateView(IdempotentMixin, APIView):
    """Creates a group per call: makes double processing visible."""

    def post(self, request):
        name = request.data.get("name")
        if not name:
            return Response({"detail": "no name"}, status=400)
        group = Group.objects.create(name=f"{name}-{Group.objects.count()}")
        return Response({"id": group.pk, "name": group.name}, status=201)


def plain_boom(request):
    """A plain Django view (not DRF) that fails."""
    raise RuntimeError("plain failure")


urlpatterns = [
    path("plain-boom/", plain_boom),
    path("groups/", GroupCreateView.as_view()),
    path("echo/", EchoView.as_view()),
    path("boom/", BoomView.as_view()),
    path("root-only/", SuperuserView.as_view()),
]
