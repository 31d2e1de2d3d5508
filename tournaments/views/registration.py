"""Units, players and pairs; pair imports and the singles draw (docs/rules/guandan.md G11)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from core.fields import StrictIntegerField
from core.jobs_api import JOB_PARAMETERS, accepted_response
from core.parsers import FormParser, UploadParser
from core.schema import ByCaller, problems
from tournaments import jobs
from tournaments.models import Pair
from tournaments.permissions import sees_contacts
from tournaments.selectors import rows
from tournaments.serializers.registration import (
    PairCreateSerializer,
    PairImportSerializer,
    PairPrivateSerializer,
    PairSerializer,
    PairUpdateSerializer,
    PlayerSerializer,
    PublicPlayerSerializer,
    SinglesDrawSerializer,
    UnitSerializer,
)
from tournaments.services import registration as services
from tournaments.services.imports import pairs_import
from tournaments.views.base import EventScopedViewSet


class UnitViewSet(EventScopedViewSet):
    serializer_class = UnitSerializer

    def get_queryset(self):
        return rows.event_units(self.get_event())

    def create_record(self, **fields):
        return services.unit_create(event=self.get_event(), **fields)

    def update_record(self, instance, **fields):
        return services.unit_update(unit=instance, **fields)

    def delete_record(self, instance):
        services.unit_delete(unit=instance)


def _sees_contacts(view) -> bool:
    return sees_contacts(view.request, view.get_event())


#: Organisers and the chief referee read players with their contacts; anyone else without.
PLAYERS = ByCaller(PlayerSerializer, PublicPlayerSerializer)


@extend_schema_view(
    list=extend_schema(responses={200: PLAYERS}), retrieve=extend_schema(responses={200: PLAYERS})
)
class PlayerViewSet(EventScopedViewSet):
    """Players. Contact data (email, phone) is shown to organizers and the chief referee only."""

    filterset_fields = ["unit"]

    def get_serializer_class(self):
        if self.request.method not in ("GET", "HEAD") or _sees_contacts(self):
            return PlayerSerializer
        return PublicPlayerSerializer

    def get_queryset(self):
        return rows.event_players(self.get_event())

    def create_record(self, **fields):
        return services.player_create(event=self.get_event(), **fields)

    def update_record(self, instance, **fields):
        return services.player_update(player=instance, **fields)

    def delete_record(self, instance):
        services.player_delete(player=instance)


#: Organisers and the chief referee read pairs with their players' contacts and the pair's PIN.
PAIRS = ByCaller(PairPrivateSerializer, PairSerializer)


@extend_schema_view(
    list=extend_schema(responses={200: PAIRS}), retrieve=extend_schema(responses={200: PAIRS})
)
class PairViewSet(EventScopedViewSet):
    """Pairs: register by hand, import a list, or pair singles by lot. Never deleted once they played."""

    filterset_fields = ["status", "unit"]

    def get_serializer_class(self):
        if self.action in ("update", "partial_update"):
            return PairUpdateSerializer
        if self.action == "create":
            return PairCreateSerializer
        return PairPrivateSerializer if _sees_contacts(self) else PairSerializer

    def get_queryset(self):
        return rows.event_pairs(self.get_event())

    def _out(self, pair: Pair, code: int = 200) -> Response:
        return Response(PairPrivateSerializer(pair, context=self.get_serializer_context()).data, status=code)

    @extend_schema(
        request=PairCreateSerializer, responses={201: PairPrivateSerializer, **problems(400, 401, 403)}
    )
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return self._out(self.create_record(**serializer.validated_data), 201)

    @extend_schema(request=PairUpdateSerializer, responses={200: PairPrivateSerializer, **problems(400, 412)})
    def update(self, request, *args, **kwargs):
        """Edit a pair; ``status`` withdraws, disqualifies or reinstates it (its history stays)."""
        with self.locked_write(self.get_object()) as pair:
            serializer = PairUpdateSerializer(pair, data=request.data, partial=kwargs.get("partial", False))
            serializer.is_valid(raise_exception=True)
            return self._out(self.update_record(pair, **serializer.validated_data))

    def create_record(self, **fields):
        return services.pair_create(event=self.get_event(), **fields)

    def update_record(self, instance, **fields):
        return services.pair_update(pair=instance, **fields)

    def delete_record(self, instance):
        services.pair_delete(pair=instance)

    def representation(self, instance) -> dict:
        return PairPrivateSerializer(instance, context=self.get_serializer_context()).data

    @extend_schema(
        summary="Import pairs from a CSV or XLSX file",
        request={"multipart/form-data": PairImportSerializer},
        responses={
            201: inline_serializer(
                "PairImportResult",
                {"imported": StrictIntegerField(), "pairs": PairPrivateSerializer(many=True)},
            ),
            200: OpenApiResponse(
                inline_serializer(
                    "PairImportDryRun",
                    {
                        "imported": StrictIntegerField(help_text="0: nothing was imported."),
                        "valid_rows": StrictIntegerField(help_text="The rows checked, every one valid."),
                        "pairs": serializers.ListField(child=PairPrivateSerializer(), max_length=0),
                    },
                ),
                description="Dry run: every row is valid; nothing was imported.",
            ),
            **accepted_response("JOB_IMPORT_ROWS rows (2,000 by default)"),
            **problems(400, 401, 403),
        },
        parameters=JOB_PARAMETERS,
        description="Import pairs from CSV or XLSX. Every row is checked; either all rows are "
        "imported or none, and the 400 lists each bad row as `rows.<n>.<column>`. A larger file "
        "is a job (202): its result or its problem is what this answers at once for a smaller one.",
    )
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[UploadParser, FormParser])
    def import_(self, request, *args, **kwargs):
        serializer = PairImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload, dry_run = serializer.validated_data["file"], serializer.validated_data["dry_run"]
        content, filename = upload.read(), upload.name or ""
        content_type = getattr(upload, "content_type", "") or ""
        if jobs.import_is_job(request, content=content, filename=filename, content_type=content_type):
            params = {"filename": filename, "content_type": content_type, "dry_run": dry_run}
            return self.start_job(jobs.IMPORT, params, content)
        count, pairs = pairs_import(
            event=self.get_event(),
            content=content,
            filename=filename,
            content_type=content_type,
            dry_run=dry_run,
        )
        code, body = jobs.import_answer(count, pairs, dry_run=dry_run, context=self.get_serializer_context())
        return Response(body, status=code)

    @extend_schema(
        summary="Pair the players registered alone by a seeded draw",
        request=SinglesDrawSerializer,
        responses={
            201: inline_serializer(
                "SinglesDrawResult",
                {
                    "seed": StrictIntegerField(),
                    "pairs": PairPrivateSerializer(many=True),
                    "unpaired": StrictIntegerField(allow_null=True),
                },
            ),
            **accepted_response("JOB_DRAW_PAIRS players waiting (1,000 by default)"),
            **problems(400, 401, 403),
        },
        parameters=JOB_PARAMETERS,
        description="Pair the players registered alone by a seeded draw (同号码为一对).",
    )
    @action(detail=False, methods=["post"], url_path="draw-singles")
    def draw_singles(self, request, *args, **kwargs):
        serializer = SinglesDrawSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        seed = serializer.validated_data["seed"]
        if jobs.singles_is_job(request, self.get_event()):
            return self.start_job(jobs.SINGLES, {"seed": seed})
        pairs, seed, left = services.singles_draw(event=self.get_event(), seed=seed)
        code, body = jobs.singles_answer(pairs, seed, left, context=self.get_serializer_context())
        return Response(body, status=code)
