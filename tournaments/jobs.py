"""The events app's long work as jobs (core.jobs, docs/events.md "Long work is a job"): a pair import
above ``JOB_IMPORT_ROWS`` rows, a round's draw above ``JOB_DRAW_PAIRS`` pairs, a singles draw above
``JOB_DRAW_PAIRS`` players waiting for a partner, or any of them asked with ``Prefer: respond-async``.

Each kind's work calls the service its view calls and answers what the view answers (the same
functions build both answers), so a job's ``result`` is the synchronous answer. The organisers of
the job's event may read it, besides the caller who asked.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import status

from core import jobs
from core.models import Job
from tournaments.importing import row_count
from tournaments.models import Event, Pair, PairStatus, Player, Role, Round
from tournaments.permissions import has_role
from tournaments.serializers.registration import PairPrivateSerializer
from tournaments.serializers.schedule import RoundSerializer
from tournaments.services.imports import pairs_import
from tournaments.services.registration import singles_draw, unpaired_players
from tournaments.services.rounds import round_draw

IMPORT = "pairs.import"
DRAW = "round.draw"
SINGLES = "pairs.draw_singles"


# ---- when a request is a job ----
def import_is_job(request, *, content: bytes, filename: str, content_type: str) -> bool:
    if jobs.asks_async(request):
        return True
    rows = row_count(content, filename=filename, content_type=content_type)
    return rows is None or rows > settings.JOB_IMPORT_ROWS


def draw_is_job(request, round_: Round) -> bool:
    """Counted over the event's active pairs: at most the stage's, and one cheap query."""
    if jobs.asks_async(request):
        return True
    return Pair.objects.filter(event_id=round_.event_id, status=PairStatus.ACTIVE).count() > (
        settings.JOB_DRAW_PAIRS
    )


def singles_is_job(request, event: Event) -> bool:
    if jobs.asks_async(request):
        return True
    return unpaired_players(event).count() > settings.JOB_DRAW_PAIRS


# ---- the answers, the same at once and in a job ----
def import_answer(count: int, pairs: list[Pair], *, dry_run: bool, context: dict) -> tuple[int, Any]:
    if dry_run:
        return status.HTTP_200_OK, {"imported": 0, "valid_rows": count, "pairs": []}
    data = PairPrivateSerializer(pairs, many=True, context=context).data
    return status.HTTP_201_CREATED, {"imported": count, "pairs": data}


def singles_answer(pairs: list[Pair], seed: int, left: Player | None, *, context: dict) -> tuple[int, Any]:
    data = PairPrivateSerializer(pairs, many=True, context=context).data
    return status.HTTP_201_CREATED, {"seed": seed, "pairs": data, "unpaired": left.pk if left else None}


def round_answer(round_: Round, *, context: dict) -> tuple[int, Any]:
    return status.HTTP_200_OK, RoundSerializer(Round.objects.get(pk=round_.pk), context=context).data


# ---- the work ----
def _event(job: Job) -> Event:
    assert job.event_id is not None  # the events app's jobs all belong to an event
    return Event.objects.get(pk=job.event_id)


def run_import(job: Job, progress: jobs.Progress) -> tuple[int, Any]:
    event, params = _event(job), job.params
    count, pairs = pairs_import(
        event=event,
        content=bytes(job.content),
        filename=params["filename"],
        content_type=params["content_type"],
        dry_run=params["dry_run"],
        progress=progress,
    )
    return import_answer(count, pairs, dry_run=params["dry_run"], context={"event": event})


def run_draw(job: Job, progress: jobs.Progress) -> tuple[int, Any]:
    round_ = Round.objects.select_related("event").get(pk=job.params["round"])
    progress(0, 1)
    round_ = round_draw(
        round_=round_, seed=job.params["seed"], unsettled_reason=job.params.get("unsettled_reason")
    )
    progress(1, 1)
    return round_answer(round_, context={"event": round_.event})


def run_singles(job: Job, progress: jobs.Progress) -> tuple[int, Any]:
    event = _event(job)
    progress(0, 1)
    pairs, seed, left = singles_draw(event=event, seed=job.params["seed"])
    progress(1, 1)
    return singles_answer(pairs, seed, left, context={"event": event})


def organises(request, job: Job) -> bool:
    """The organisers of the job's event read its jobs (whoever asked for them)."""
    return job.event_id is not None and has_role(request, Event(pk=job.event_id), Role.ORGANIZER)


def register() -> None:
    """Called by the app's ``ready``."""
    jobs.register(IMPORT, run_import)
    jobs.register(DRAW, run_draw)
    jobs.register(SINGLES, run_singles)
    if organises not in jobs.READERS:
        jobs.READERS.append(organises)
