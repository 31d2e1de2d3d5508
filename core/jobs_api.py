"""A request answered by a job: its ``202 Accepted``, and ``GET /api/v1/jobs/{id}`` (docs/api.md "Jobs").

core.jobs runs the jobs; this module shows them: one representation for the 202 and for the read,
with ``Location`` on the 202 and ``Retry-After`` while the job is not finished.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalMixin
from core.fields import (
    JSONObjectField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)
from core.jobs import FINISHED, PREFER_ASYNC, progress_of, readable
from core.models import Job, JobState
from core.permissions import Permission
from core.schema import PROBLEM_SERIALIZER, problems

RETRY_AFTER = 1  # seconds: most jobs end within a few


class JobProgressSerializer(serializers.Serializer):
    done = StrictIntegerField(help_text="Units of work done (rows of an import, pairs of a draw).")
    total = StrictIntegerField(allow_null=True, help_text="Units of work in all; null until known.")


class JobSerializer(serializers.Serializer):
    id = serializers.UUIDField(help_text="The job's id, unguessable; its address is `/api/v1/jobs/{id}/`.")
    kind = StrictCharField(help_text="What the job does: `pairs.import`, `round.draw`, `pairs.draw_singles`.")
    state = StrictChoiceField(choices=JobState.choices)
    progress = JobProgressSerializer()
    result = JSONObjectField(
        allow_null=True,
        help_text="Once `succeeded`: the body the request would have answered had it not been a job.",
    )
    result_status = StrictIntegerField(
        allow_null=True, help_text="Once `succeeded`: the status that answer would have had (200 or 201)."
    )
    problem = PROBLEM_SERIALIZER.__class__(
        allow_null=True,
        help_text="Once `failed`: the problem the request would have answered (same status and code); "
        "nothing of the work was saved.",
    )
    created_at = StrictDateTimeField()
    started_at = StrictDateTimeField(allow_null=True)
    finished_at = StrictDateTimeField(allow_null=True)


def representation(job: Job) -> dict[str, Any]:
    done, total = progress_of(job)
    fields = ("id", "kind", "state", "result", "result_status", "problem")
    values = {name: getattr(job, name) for name in fields}
    values |= {"created_at": job.created_at, "started_at": job.started_at, "finished_at": job.finished_at}
    return JobSerializer({**values, "progress": {"done": done, "total": total}}).data


def location(job: Job) -> str:
    return reverse("job-detail", kwargs={"pk": job.pk})


def _waiting(response: Response, job: Job) -> Response:
    if job.state not in FINISHED:
        response["Retry-After"] = str(RETRY_AFTER)
    return response


def accepted(job: Job) -> Response:
    """The ``202 Accepted`` of a request that became ``job``, as the job stands now: done already
    when the task ran eagerly (no broker) and no transaction of the request held it back."""
    job.refresh_from_db()
    return _waiting(Response(representation(job), status=202, headers={"Location": location(job)}), job)


# ---- the OpenAPI of an operation that may answer with a job ----
PREFER = OpenApiParameter(
    "Prefer",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=f"`{PREFER_ASYNC}` (RFC 7240): answer `202 Accepted` with a job whatever the size. "
    "Other preferences are ignored, as RFC 7240 says.",
)
_LOCATION = OpenApiParameter(
    "Location",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=[202],
    description="The job's address, `/api/v1/jobs/{id}/`.",
)


#: ``extend_schema(parameters=…)`` of an operation that may answer with a job.
JOB_PARAMETERS = [PREFER, _LOCATION]


def accepted_response(size: str) -> dict[int, OpenApiResponse]:
    """``extend_schema(responses=…)`` entry of an operation that is a job above ``size`` (or when asked)."""
    description = (
        f'A job (docs/api.md "Jobs"): above {size}, or with `Prefer: respond-async`. Read it at '
        "`Location` until it is `succeeded` (its `result` is the answer this request would have "
        "had) or `failed` (its `problem`, and nothing was saved)."
    )
    return {202: OpenApiResponse(JobSerializer, description=description)}


class JobView(ConditionalMixin, APIView):
    """A job: the caller who asked for it, and the organisers of its event, may read it."""

    read_permission = Permission.AUTHENTICATED
    openapi_headers = {  # core.schema
        "200": {
            "Retry-After": {
                "schema": {"type": "integer", "minimum": 0},
                "description": "While the job is queued or running: seconds before reading it again.",
            }
        }
    }

    @extend_schema(
        summary="Read a job",
        operation_id="jobs_retrieve",
        responses={200: JobSerializer, **problems(401, 404)},
        description="A job's state, progress, and once it ends its result or its problem. "
        "`Retry-After` while it is queued or running.",
    )
    def get(self, request, pk):
        job = readable(request, pk)
        return _waiting(Response(representation(job)), job)
