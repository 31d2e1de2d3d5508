"""OpenAPI pieces shared by every app: the problem+json body."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

ProblemError = inline_serializer(
    name="ProblemFieldError",
    fields={
        "field": serializers.CharField(allow_null=True, help_text="Dotted path of the field, or null."),
        "code": serializers.CharField(help_text="Stable machine code, e.g. `unknown_card`."),
        "message": serializers.CharField(help_text="Human text in the requested language."),
    },
)

Problem = inline_serializer(
    name="Problem",
    fields={
        "type": serializers.CharField(
            help_text="URI naming the kind of problem: urn:guandan:problem:<code>."
        ),
        "title": serializers.CharField(),
        "status": serializers.IntegerField(),
        "detail": serializers.CharField(),
        "code": serializers.CharField(help_text="Stable machine code."),
        "instance": serializers.CharField(required=False),
        "request_id": serializers.CharField(help_text="Quote it when you report a problem."),
        "errors": ProblemError.__class__(many=True, required=False),
    },
)

_DESCRIPTIONS = {
    400: "Malformed request (application/problem+json with `errors`).",
    401: "No or bad credentials.",
    403: "Authenticated but not allowed.",
    404: "No such resource.",
    409: "Conflict with the current state.",
    412: "Stale If-Match.",
    415: "Unsupported media type.",
    422: "Idempotency key reused with another body, or an unprocessable request.",
    429: "Rate limited.",
}


def problems(*statuses: int) -> dict[int, OpenApiResponse]:
    """Responses entries for ``extend_schema(responses=...)``."""
    return {
        s: OpenApiResponse(response=Problem, description=_DESCRIPTIONS.get(s, "Problem")) for s in statuses
    }
