"""Stages, rounds (draw, edit, publish, close) and an event's matches (the tables list); one table,
``/matches/{id}/``, shows its result and level line and is scoring's (scoring.views.match_detail)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from core.conditional import etag_of
from core.fast import lean_filters
from core.jobs_api import JOB_PARAMETERS, accepted_response
from core.pagination import LARGEST_OFFSET, PageNumberPagination
from core.schema import problems
from tournaments import gate, jobs
from tournaments.models import Event, Round
from tournaments.permissions import EventPermission
from tournaments.selectors import (
    ALL_ROUNDS,
    PUBLIC_EVENT_FIELDS,
    PUBLISHED_ROUNDS,
    match_answers,
    match_page,
    match_visibility,
    public_event,
    rows,
    visible_matches,
    visible_rounds,
    with_count,
)
from tournaments.selectors.checkin import check_in_sheet, left_out_ids
from tournaments.selectors.explain import draw_figures
from tournaments.serializers.checkin import (
    CheckInAnswerSerializer,
    CheckInMarksSerializer,
    CheckInSheetSerializer,
    sheet_document,
)
from tournaments.serializers.explain import DrawFiguresSerializer
from tournaments.serializers.schedule import (
    ClockExtendSerializer,
    DrawRequestSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    PublishRequestSerializer,
    RoundSerializer,
    RoundUpdateSerializer,
    StageSerializer,
    SwapSerializer,
)
from tournaments.services import checkin, clock, draft_tables, stages
from tournaments.services import rounds as services
from tournaments.views.base import EventScopedMixin, EventScopedViewSet
from tournaments.views.match_filters import MatchFilter


class StageViewSet(EventScopedViewSet):
    serializer_class = StageSerializer

    def get_queryset(self):
        return rows.event_stages(self.get_event())

    def create_record(self, **fields):
        return stages.stage_create(event=self.get_event(), **fields)

    def update_record(self, instance, **fields):
        return stages.stage_update(stage=instance, **fields)

    def delete_record(self, instance):
        stages.stage_delete(stage=instance)


class RoundViewSet(EventScopedViewSet):
    """Rounds by number. Organizers and referees see drafts; others, published and closed rounds."""

    serializer_class = RoundSerializer
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return visible_rounds(self.request, self.get_event())

    def create_record(self, *, stage, number=None, starts_at=None, **_ignored):
        return services.round_create(event=self.get_event(), stage=stage, number=number, starts_at=starts_at)

    def update_record(self, instance, **fields):
        return services.round_update(round_=instance, **fields)

    def delete_record(self, instance):
        services.round_delete(round_=instance)

    @extend_schema(request=RoundUpdateSerializer, responses={200: RoundSerializer, **problems(400, 409, 412)})
    def partial_update(self, request, *args, **kwargs):
        """Change the start time, or the stage of a draft (its draw is then discarded)."""
        serializer = RoundUpdateSerializer(data=request.data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        return self._state_change(services.round_update, **serializer.validated_data)

    def _state_change(self, operation, **kwargs) -> Response:
        with self.locked_write(self.get_object()) as round_:
            round_ = operation(round_=round_, **kwargs)
            return Response(self.get_serializer(rows.round_again(round_)).data)

    @extend_schema(
        summary="Draw a draft round",
        request=DrawRequestSerializer,
        responses={
            200: RoundSerializer,
            **accepted_response("JOB_DRAW_PAIRS active pairs (1,000 by default)"),
            **problems(400, 403, 409, 412),
        },
        parameters=JOB_PARAMETERS,
    )
    @action(detail=True, methods=["post"])
    def draw(self, request, *args, **kwargs):
        """Make the pairings and table numbers of a draft round (G11); redrawing replaces them.

        A large field's draw is a job (202): its result is the round this answers at once for a
        smaller one, and a refusal (a round no longer a draft: 409) is its problem."""
        serializer = DrawRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        seed = serializer.validated_data["seed"]
        reason = serializer.validated_data.get("unsettled_reason")
        round_ = self.get_object()
        if jobs.draw_is_job(request, round_):
            with self.locked_write(round_):  # a stale If-Match is a 412 now, not the job's problem
                params = {"round": round_.pk, "seed": seed, "unsettled_reason": reason}
                return self.start_job(jobs.DRAW, params)
        return self._state_change(services.round_draw, seed=seed, unsettled_reason=reason)

    @extend_schema(
        summary="Swap two pairs, or move a match to another table, in a draft",
        request=SwapSerializer,
        responses={200: RoundSerializer, **problems(400, 403, 409, 412)},
    )
    @action(detail=True, methods=["post"])
    def swap(self, request, *args, **kwargs):
        """Edit a draft: swap two pairs, or move a match to another table. The draw is re-checked."""
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "pair_a" in data:
            return self._state_change(services.round_swap, pair_a=data["pair_a"], pair_b=data["pair_b"])
        return self._state_change(services.round_move, table=data["table"], to_table=data["to_table"])

    @extend_schema(
        summary="Publish a drafted round",
        request=PublishRequestSerializer,
        responses={200: RoundSerializer, **problems(400, 403, 409, 412)},
    )
    @action(detail=True, methods=["post"])
    def publish(self, request, *args, **kwargs):
        """Freeze the draft and show it to the tables and the public. A Swiss round over unsettled
        tables of an earlier round is 409 results_pending, unless the event allows an override and
        the body gives its unsettled_reason (docs/events.md "Unsettled rounds")."""
        serializer = PublishRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        reason = serializer.validated_data.get("unsettled_reason")
        return self._state_change(self.publishing(), unsettled_reason=reason)

    def publishing(self) -> Callable[..., Round]:
        """The operation that publishes: the scoring layer's, which also forfeits absent pairs
        (scoring.views.rounds), is served in place of this one."""
        return services.round_publish

    @extend_schema(
        summary="Close a round", request=None, responses={200: RoundSerializer, **problems(403, 409, 412)}
    )
    @action(detail=True, methods=["post"])
    def close(self, request, *args, **kwargs):
        return self._state_change(services.round_close)

    # The round clock (docs/events.md "The round clock") and the check-in: the organizer's or the
    # chief referee's; the check-in sheet is read by the event's referees too.
    CHIEF_ACTIONS = ("clock_start", "clock_pause", "clock_extend", "check_in")

    @property
    def write_permission(self):
        if getattr(self, "action", None) in self.CHIEF_ACTIONS:
            return EventPermission.CHIEF_REFEREE
        return EventPermission.ORGANIZER

    @property
    def read_permission(self):
        if getattr(self, "action", None) == "check_in":
            return EventPermission.REFEREE
        return EventPermission.VISIBLE

    @extend_schema(
        summary="The round's check-in sheet",
        methods=["GET"],
        request=None,
        responses={200: CheckInSheetSerializer, **problems(403)},
    )
    @extend_schema(
        summary="Check entrants in (present, late, absent)",
        methods=["POST"],
        request=CheckInMarksSerializer,
        responses={200: CheckInAnswerSerializer, **problems(400, 403, 409, 412)},
    )
    @action(detail=True, methods=["get", "post"], url_path="check-in")
    def check_in(self, request, *args, **kwargs):
        """The check-in (检录) before the round: every pair of its stage with its mark. A POST
        marks some (one transaction); an absent pair is left out of the draw or forfeited as the
        event says (``absent_pairs``), and ``check_in_required`` makes the draw wait for every mark."""
        round_ = self.get_object()
        if request.method == "POST":
            serializer = CheckInMarksSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            marks = [checkin.Mark(**mark) for mark in serializer.validated_data["marks"]]
            with self.locked_write(round_) as locked:
                done = self.checking_in()(round_=locked, marks=marks, user=request.user)
            sheet = check_in_sheet(done.round)
            return Response(sheet_document(done.round, sheet, left_out_ids(done.round), done.tables))
        return Response(sheet_document(round_, check_in_sheet(round_), left_out_ids(round_)))

    def checking_in(self) -> Callable[..., checkin.CheckedIn]:
        """The operation that checks in: the scoring layer's, which also forfeits (or gives back)
        the matches of a published round (scoring.views.rounds), is served in place of this one."""

        def marks_only(**arguments) -> checkin.CheckedIn:
            return checkin.CheckedIn(checkin.check_in(**arguments), [])

        return marks_only

    @extend_schema(summary="The round's pairings in figures", responses={200: DrawFiguresSerializer})
    @action(detail=True, methods=["get"])
    def explain(self, request, *args, **kwargs):
        """Each table's pairs with the points they carried in and their score group, and how far a
        float went (docs/events.md "Readings of the draw"); the score groups and their sizes."""
        return Response(draw_figures(self.get_object()))

    @extend_schema(
        summary="Start or resume the round clock",
        request=None,
        responses={200: RoundSerializer, **problems(403, 409, 412)},
    )
    @action(detail=True, methods=["post"], url_path="clock/start")
    def clock_start(self, request, *args, **kwargs):
        """Start the clock of a published round (every table's time limit, G8), or resume it."""
        return self._state_change(clock.clock_start)

    @extend_schema(
        summary="Pause the round clock",
        request=None,
        responses={200: RoundSerializer, **problems(403, 409, 412)},
    )
    @action(detail=True, methods=["post"], url_path="clock/pause")
    def clock_pause(self, request, *args, **kwargs):
        return self._state_change(clock.clock_pause)

    @extend_schema(
        summary="Add time to the round clock",
        request=ClockExtendSerializer,
        responses={200: RoundSerializer, **problems(400, 403, 409, 412)},
    )
    @action(detail=True, methods=["post"], url_path="clock/extend")
    def clock_extend(self, request, *args, **kwargs):
        serializer = ClockExtendSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return self._state_change(clock.clock_extend, minutes=serializer.validated_data["minutes"])


class EventMatchViewSet(EventScopedMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    """The tables of the event's rounds, filtered with ``?round=``, ``?table=``, ``?status=``, and
    found by a pair's number (``?pair=``) or by a table's or a pair's number (``?number=``).

    Organizers may add a table to a draft round by hand (``POST``); the draw is re-checked.
    """

    # A page is read as plain rows: its matches (with their count, in the same query), then for an
    # answer their pairs with both players. An anonymous read's ETag comes from the stamp of the
    # event's tables and the event's version, with a shared cache (tournaments.gate): a 304, or the
    # answer kept under it, reads no match. Otherwise its ETag is a hash of the match rows and the
    # event's version, so a matching If-None-Match is a 304 after that one query, before anything is built;
    # an answer is built from the rows by the serializers' lean twins, without model objects.
    # The reads are prepared (tournaments.selectors): compiled to SQL once, not on every request.
    serializer_class = MatchSerializer
    filterset_class = MatchFilter
    representation_seconds = 120

    def get_event(self) -> Event:
        if not hasattr(self, "_event") and self._public_read():
            self._event = public_event(self.kwargs["event_slug"])
        return super().get_event()

    def read_ahead_keys(self, request) -> list[str]:
        """An anonymous read's event row and stamp (``public_event``) and the stamp of its tables,
        read with its rate limit in one round trip (core.fast.read_ahead)."""
        if not self._public_read():
            return []
        slug = self.kwargs["event_slug"]
        return [*gate.ahead_keys(slug, PUBLIC_EVENT_FIELDS), *gate.tables_ahead_keys(slug)]

    def _public_read(self) -> bool:
        """An anonymous read of the list: the event is read with only what such a read uses."""
        return (
            self.action == "list"
            and self.request.method in ("GET", "HEAD")
            and not getattr(self, "swagger_fake_view", False)
            and not self.request.user.is_authenticated
        )

    def get_queryset(self):
        event = self.get_event()
        matches = rows.event_matches(event)
        return visible_matches(self.request, event, matches).order_by("round__number", "table")

    def get_etag(self, request, *args, **kwargs):
        if self.action != "list":
            return None
        event = self.get_event()
        stamp = gate.tables_stamp(event.pk) if self._public_read() else None
        if stamp is not None:
            # Read before the rows, and moved by every write of one of the event's matches once it
            # commits (tournaments.gate, moved by tournaments.changes): the rows are not read for it, and
            # an answer kept under it is never older than it.
            return etag_of([request.build_absolute_uri(), "tables", stamp, event.results_version])
        count, rows = self._page = self._read_matches()
        # The pairs and players on the page are not read for this: the event's results_version
        # moves whenever a pair, player, unit, round or the event is written (tournaments.changes,
        # the standings cache's generation), so it stands for them.
        version = self.get_event().results_version
        return etag_of([request.build_absolute_uri(), count, rows, version])

    def _read_matches(self) -> tuple[int | None, list[tuple]]:
        """The page's match rows and the count of all (None when the list is not paginated)."""
        lookups = lean_filters.filter_lookups(self.filterset_class, self.request.query_params)
        if lookups is None or list(self.filter_backends) != [DjangoFilterBackend]:
            # a value to clean or refuse: the filter set's call
            return self._paginate_rows(self.filter_queryset(self.get_queryset()))
        visibility = match_visibility(self.request, self.get_event())
        if visibility in (ALL_ROUNDS, PUBLISHED_ROUNDS):
            page = self._prepared_page(visibility, lookups)
            if page is not None:
                return page
        return self._paginate_rows(self.get_queryset().filter(**lookups))

    @property
    def _pages(self) -> PageNumberPagination | None:
        """The view's paginator: the project's (settings' DEFAULT_PAGINATION_CLASS), or None."""
        return cast("PageNumberPagination | None", self.paginator)

    def _page_asked(self) -> tuple[int, int] | None:
        """(page number, size) when the page asked for is plainly a number; else None."""
        paginator = self._pages
        size = paginator.get_page_size(self.request) if paginator is not None else None
        if not size or paginator is None:
            return None
        number = self.request.query_params.get(paginator.page_query_param) or "1"
        if number.isascii() and number.isdigit() and 1 <= int(number) <= LARGEST_OFFSET // size + 1:
            return int(number), size
        return None  # DRF's pagination counts, and answers a page past the last with a 404

    def _counted_page(self, page: list[tuple], number: int, size: int) -> tuple[int, list[tuple]]:
        """The paginator set up for the page of ``page``'s rows, each ending with the count of all."""
        paginator = self._pages
        assert paginator is not None  # a page was asked (_page_asked)
        django_paginator = paginator.django_paginator_class((), size)
        django_paginator.count = page[0][-1]  # known: no COUNT query
        paginator.page = django_paginator.page(number)
        paginator.request = self.request
        return django_paginator.count, [row[:-1] for row in page]

    def _prepared_page(self, visibility: str, lookups: dict) -> tuple[int, list[tuple]] | None:
        """The page through the prepared read (one query); None when it has no rows (then DRF's
        pagination answers: the count, or a 404 for a page out of range)."""
        asked = self._page_asked()
        if asked is None:
            return None
        number, size = asked
        event = self.get_event().pk
        page = match_page(event, visibility, lookups, start=(number - 1) * size, size=size)
        return self._counted_page(page, number, size) if page else None

    def _paginate_rows(self, matches) -> tuple[int | None, list[tuple]]:
        """A page of ``matches`` as rows of ``MatchSerializer.COLUMNS``, and their count, in one
        query (``with_count``) when the page asked for is plainly a number and has rows;
        else DRF's pagination (a count first, a 404 for a page out of range)."""
        matches = matches.annotate(**MatchSerializer.ANNOTATIONS)
        columns = MatchSerializer.COLUMNS
        paginator = self._pages
        if paginator is None or not paginator.get_page_size(self.request):
            return None, list(matches.values_list(*columns))
        asked = self._page_asked()
        if asked is not None:
            number, size = asked
            start = (number - 1) * size
            counted = with_count(matches).values_list(*columns, "_count")
            page = list(counted[start : start + size])
            if page:
                return self._counted_page(page, number, size)
        rows = self.paginate_queryset(matches.values_list(*columns))
        assert rows is not None and paginator.page is not None  # a page size is set (above)
        return paginator.page.paginator.count, rows

    @extend_schema(
        responses={
            200: MatchSerializer(many=True),
            302: OpenApiResponse(
                description="A browser (it prefers `text/html`) opening a table card printed before the "
                "table app, with `?table=`: sent to the app (`/t/`); the redirect keeps the URL's fragment, "
                "where the card carries the table's key (docs/table-app.md)."
            ),
            **problems(400, 404),
        }
    )
    def list(self, request, *args, **kwargs):
        # Club websites poll the pairings: one of them builds a page, the rest get its bytes.
        return self.cached_answer(request, self._list)

    def _list(self):
        count, rows = getattr(self, "_page", None) or self._read_matches()
        results, _ = match_answers(rows, event=self.get_event().slug)
        return Response(results) if count is None else self.get_paginated_response(results)

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchSerializer, **problems(400, 403, 409)})
    def create(self, request, *args, **kwargs):
        serializer = MatchCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        round_ = get_object_or_404(Round, event=self.get_event(), number=data["round"])
        match = draft_tables.match_create(
            round_=round_, table=data["table"], ns_pair=data["ns_pair"], ew_pair=data["ew_pair"]
        )
        return Response(MatchSerializer(match, context=self.get_serializer_context()).data, status=201)
