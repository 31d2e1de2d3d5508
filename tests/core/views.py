"""Tiny views used only by the plumbing tests (mounted with pytest.mark.urls)."""

from django.urls import path
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView


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


urlpatterns = [
    path("echo/", EchoView.as_view()),
    path("boom/", BoomView.as_view()),
    path("root-only/", SuperuserView.as_view()),
]
