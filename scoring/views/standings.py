"""Standings (G10) and results, as JSON, CSV or XLSX (docs/scoring.md).

Anyone may read them once the event publishes them; an ``ETag`` comes with every answer and a
matching ``If-None-Match`` gets a 304, so club websites can poll cheaply. The standings' ETag is
worked out from the event's ``results_version`` (``VersionETagMixin``), so that 304 reads the event
and nothing else: no table is built, read from the cache or serialised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.generics import GenericAPIView
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from core.conditional import READS, etag_of
from core.errors import NotFound
from core.filters import SMALLINT_MAX
from core.problems import Problem
from core.schema import problems
from scoring.labels import COLUMNS, column_label, metric_label
from scoring.permissions import ScoringPermission
from scoring.renderers import CSVRenderer, XLSXRenderer
from scoring.schema import TabularSchema
from scoring.selectors.results import results_table
from scoring.selectors.standings import (
    CACHE_GENERATION,
    served_version,
    shown_tiebreaks,
    standings_table,
    units_table,
    version_keys,
)
from scoring.serializers.standings import ResultsTableSerializer, StandingsSerializer, UnitStandingsSerializer
from tournaments import gate
from tournaments.models import Event
from tournaments.selectors import EVENT_FIELDS, event_columns, is_played_round, public_event
from tournaments.views.base import EventScopedMixin

ROUND_NUMBER = {"type": "integer", "minimum": 1, "maximum": SMALLINT_MAX}
ROUND = OpenApiParameter("round", ROUND_NUMBER, description="Standings as of this round (G10).")
FORMAT = OpenApiParameter(
    "format", str, enum=["json", "csv", "xlsx"], description="json (default), csv, xlsx."
)


def as_of_round(request) -> int | None:
    value = request.query_params.get("round")
    if value in (None, ""):
        return None
    if not value.isdigit() or not 1 <= int(value) <= SMALLINT_MAX:
        raise Problem("round is a round number (1 or more).", "invalid", field="round")
    return int(value)


def published_round(event, request) -> int | None:
    """``?round=N`` of one of the event's published (or closed) rounds, or None when not asked.

    Another number (``?round=99`` of a six-round event, a draft round) is a 404 ``round_not_found``:
    a table "as of" a round that was never played would be the last one under a wrong name."""
    number = as_of_round(request)
    if number is not None and not is_played_round(event.pk, number):
        raise NotFound(f"The event has no published round {number}.", "round_not_found", field="round")
    return number


def penalty_column(table: dict) -> list[str]:
    """``penalty_points`` as a column of its own once a referee's ruling gave or took match points
    (G12); without one the column would only show zeros."""
    return ["penalty_points"] if any(row.get("penalty_points") for row in table["rows"]) else []


class TabularView(EventScopedMixin, GenericAPIView):
    """Rows of the event (standings, unit standings, results) as JSON, or as a CSV or XLSX file."""

    renderer_classes = [JSONRenderer, CSVRenderer, XLSXRenderer]
    schema = TabularSchema()
    summary = ""  # the operation's, in the OpenAPI document (its export's says "as a file")
    pagination_class = None
    filter_backends = ()
    kind = ""
    export = False  # the …/export address: a file (CSV unless ?format=xlsx)

    def perform_content_negotiation(self, request, force=False):
        # ``?format=`` names the representation outright and wins over ``Accept`` (a link on a club's
        # page sends the browser's Accept): DRF would answer 406 when the two disagree.
        wanted = request.query_params.get("format") or ("csv" if self.export else None)
        if wanted is not None:  # else DRF's, without building the renderers twice
            for renderer in self.get_renderers():
                if renderer.format == wanted:
                    return renderer, renderer.media_type
        return super().perform_content_negotiation(request, force)

    def finalize_response(self, request, response, *args, **kwargs):
        # The ETag hashes the data (core.conditional); a file of the same data is another
        # representation, with its header row in the caller's language, so it needs its own ETag:
        # a 304 must not tell a cache holding the JSON (or the English file) that it may serve it.
        renderer = getattr(request, "accepted_renderer", None)
        if isinstance(renderer, CSVRenderer | XLSXRenderer) and response.status_code == 200:
            response.data = {**response.data, "representation": [renderer.format, get_language()]}
        return super().finalize_response(request, response, *args, **kwargs)

    def export_name(self, data: dict) -> str:
        suffix = f"-round-{data['as_of_round']}" if data.get("as_of_round") else ""
        return f"{data['event']}-{self.kind}{suffix}"

    def column_labels(self, keys) -> list[dict]:
        return [{"key": key, "name": column_label(key)} for key in keys]

    @staticmethod
    def label(key: str | None) -> str | None:
        return None if key is None else metric_label(key)

    def named_rows(self, table: dict) -> list[dict]:
        """The table's rows with ``decided_by_name``, each key's label translated once (a few keys,
        thousands of rows)."""
        names = {key: self.label(key) for key in {row["decided_by"] for row in table["rows"]}}
        return [{**row, "decided_by_name": names[row["decided_by"]]} for row in table["rows"]]


#: What an anonymous read of the standings reads of the event before it answers a 304 or the bytes
#: kept under its ETag: whether the public sees them (``standings_visible``) and the version.
GATE_FIELDS = event_columns("id", "slug", "status", "publish_standings", "results_version")


class VersionETagMixin:
    """The ETag of a standings answer, from what the table is a function of: the event's
    ``results_version`` (moved by every result, ruling, registration, round and event change, the
    publish flags included: tournaments.changes), the table asked for (``kind``, ``?round=``), the
    representation (JSON, CSV, XLSX; a file or not) and the language of its labels, and the
    standings cache's generation (a release that computes tables otherwise starts a new one).

    The table itself is cached under the same version (scoring.selectors.standings), so a 304 is
    exactly as fresh as a 200 would be, and it is answered before any table is read or built. The
    version is the one ``served_version`` chooses: while a refresh of a new version is pending or
    running, the last table computed, whose version the ETag then names; a 200 whose table turns
    out to be of another version (the earlier one left the cache meanwhile) carries that one's. A
    JSON answer is kept rendered under its ETag too (``core.conditional.cached_answer``): the next
    club website polling without the ETag gets those bytes, nothing built, serialised or rendered.
    A file is built every time: its name travels in a header the kept bytes do not carry.
    """

    kind: str  # the view's (TabularView)
    table_kind: str  # the selector's name of the table: pairs or units
    export: bool
    representation_seconds: int | None = 120
    cached_answer: Callable[..., Response]  # ConditionalMixin's (EventScopedMixin)
    _etag: str | None  # core.conditional.ConditionalMixin's
    # EventScopedMixin's (through TabularView)
    request: Any
    kwargs: dict[str, Any]
    _event: Event

    def get_event(self) -> Event:
        """An anonymous reader's event is read with ``GATE_FIELDS`` alone: all a 304 or an answer
        kept under its ETag needs. A table to build reads the whole event (``full_event``)."""
        if not hasattr(self, "_event") and self._anonymous_read():
            self._event = public_event(self.kwargs["event_slug"], GATE_FIELDS)
        return super().get_event()  # type: ignore[misc]  # EventScopedMixin's

    def read_ahead_keys(self, request) -> list[str]:
        """An anonymous read's event row and stamp (``public_event``) and the keys of the version it is
        served (``served_version``), read with its rate limit in one round trip (core.fast.read_ahead)."""
        slug = self.kwargs.get("event_slug", "")
        event_id = gate.known_event(slug)
        if event_id is None or not self._anonymous_read():
            return []
        keys = gate.ahead_keys(slug, GATE_FIELDS)
        if request.query_params.get("round") in (None, ""):  # as of a round: always the event's version
            keys += version_keys(event_id, self.table_kind)
        return keys

    def _anonymous_read(self) -> bool:
        return (
            self.request.method in READS
            and not getattr(self, "swagger_fake_view", False)
            and not self.request.user.is_authenticated
        )

    def full_event(self) -> Event:
        """The event with every field, for building a table: read again when ``get_event`` read the
        gate's fields alone. It may be of a later version than the ETag's (``served_table``)."""
        event = self.get_event()
        if event.get_deferred_fields():
            self._event = event = public_event(self.kwargs["event_slug"], EVENT_FIELDS)
        return event

    def answer(self, request, build: Callable[[], Response]) -> Response:
        """``build()``'s answer, or for JSON the bytes an earlier answer with this ETag rendered."""
        if getattr(getattr(request, "accepted_renderer", None), "format", None) != "json":
            return build()
        return self.cached_answer(request, build)

    def get_etag(self, request, *args, **kwargs) -> str:
        event = self.get_event()
        self.served_version = served_version(event, self.table_kind, published_round(event, request))
        return self.etag_of_version(request, self.served_version)

    def etag_of_version(self, request, version: int) -> str:
        event = self.get_event()
        renderer = getattr(request, "accepted_renderer", None)
        return etag_of(
            [
                CACHE_GENERATION,
                self.kind,
                event.pk,
                version,
                as_of_round(request),
                getattr(renderer, "format", None),
                self.export,
                get_language(),
            ]
        )

    def served_table(self, request, read) -> dict:
        """``read(event, upto=…, version=…)``'s table of the version the ETag names, the ETag
        moved to the table's own version when that one was gone."""
        table = read(self.full_event(), upto=as_of_round(request), version=self.served_version)
        if table["results_version"] != self.served_version:
            self._etag = self.etag_of_version(request, table["results_version"])
        return table


class StandingsView(VersionETagMixin, TabularView):
    """``GET /events/{slug}/standings/``: pairs by match points, then the event's tiebreak chain."""

    read_permission = ScoringPermission.STANDINGS
    summary = "Read the standings of the pairs"
    kind = "standings"
    table_kind = "pairs"

    @extend_schema(
        parameters=[ROUND, FORMAT],
        responses={200: StandingsSerializer, **problems(400, 404)},
        tags=["standings"],
    )
    def get(self, request, *args, **kwargs):
        return self.answer(request, lambda: self.build(request))

    def build(self, request) -> Response:
        table = self.served_table(request, standings_table)
        rows = self.named_rows(table)
        columns = self.column_labels(["match_points", *penalty_column(table), *shown_tiebreaks(table)])
        return Response({**table, "rows": rows, "columns": columns})

    def export_columns(self, data: dict) -> list[tuple[str, str | Promise]]:
        return [
            ("rank", COLUMNS["rank"]),
            ("pair.number", COLUMNS["pair_number"]),
            ("pair.name", COLUMNS["pair_name"]),
            ("pair.unit", COLUMNS["unit"]),
            ("match_points", metric_label("match_points")),
            *((key, COLUMNS[key]) for key in penalty_column(data)),
            *((f"tiebreaks.{key}", metric_label(key)) for key in shown_tiebreaks(data)),
            ("played", COLUMNS["played"]),
            ("wins", COLUMNS["wins"]),
            ("draws", COLUMNS["draws"]),
            ("losses", COLUMNS["losses"]),
            ("decided_by_name", COLUMNS["decided_by"]),
        ]


class UnitStandingsView(VersionETagMixin, TabularView):
    """``GET /events/{slug}/standings/units/``: units by their pairs' totals (all, or the best K)."""

    read_permission = ScoringPermission.STANDINGS
    summary = "Read the standings of the units"
    kind = "unit-standings"
    table_kind = "units"

    @extend_schema(
        parameters=[ROUND, FORMAT],
        responses={200: UnitStandingsSerializer, **problems(400, 404)},
        tags=["standings"],
    )
    def get(self, request, *args, **kwargs):
        return self.answer(request, lambda: self.build(request))

    def build(self, request) -> Response:
        table = self.served_table(request, units_table)
        rows = self.named_rows(table)
        return Response({**table, "rows": rows})

    def export_columns(self, data: dict) -> list[tuple[str, str | Promise]]:
        return [
            ("rank", COLUMNS["rank"]),
            ("unit.name", COLUMNS["unit"]),
            ("match_points", metric_label("match_points")),
            ("level_points", metric_label("level_points")),
            ("pairs", COLUMNS["pairs"]),
            ("decided_by_name", COLUMNS["decided_by"]),
        ]


class ResultsView(TabularView):
    """``GET /events/{slug}/results/``: the published rounds' matches, official results and points."""

    read_permission = ScoringPermission.RESULTS
    summary = "Read the results of the published rounds"
    kind = "results"

    @extend_schema(
        parameters=[OpenApiParameter("round", ROUND_NUMBER, description="Only this round."), FORMAT],
        responses={200: ResultsTableSerializer, **problems(400, 404)},
        tags=["standings"],
    )
    def get(self, request, *args, **kwargs):
        event = self.get_event()
        return Response(results_table(event, only=published_round(event, request)))

    def export_name(self, data: dict) -> str:
        suffix = f"-round-{data['round']}" if data.get("round") else ""
        return f"{data['event']}-results{suffix}"

    def export_columns(self, data: dict) -> list[tuple[str, str | Promise]]:
        return [
            ("round", COLUMNS["round"]),
            ("table", COLUMNS["table"]),
            ("ns_pair.number", COLUMNS["ns_pair"]),
            ("ns_pair.name", COLUMNS["pair_name"]),
            ("ew_pair.number", COLUMNS["ew_pair"]),
            ("ew_pair.name", COLUMNS["pair_name"]),
            ("levels.NS", COLUMNS["ns_level"]),
            ("levels.EW", COLUMNS["ew_level"]),
            ("winner", COLUMNS["winner"]),
            ("level_difference", COLUMNS["level_difference"]),
            ("deals_played", COLUMNS["deals_played"]),
            ("match_points.NS", COLUMNS["ns_match_points"]),
            ("match_points.EW", COLUMNS["ew_match_points"]),
            ("level_points.NS", COLUMNS["ns_level_points"]),
            ("level_points.EW", COLUMNS["ew_level_points"]),
            ("status", COLUMNS["status"]),
        ]
