"""``?page=N&page_size=M`` on every list, with the bounds the OpenAPI document states."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import pagination
from rest_framework.exceptions import ValidationError

# No list holds more rows than this: a page that starts past it is past the last page, and is
# answered so (DRF's 404) instead of being asked of the database, whose OFFSET is a bigint.
LARGEST_OFFSET = 2**31 - 1


class PageNumberPagination(pagination.PageNumberPagination):
    """Pages of ``PAGE_SIZE`` rows, or ``page_size`` (1–500) rows when asked.

    DRF ignores a ``page_size`` it cannot read and answers the default size; a client that asked
    for 20 rows and silently got 50 has a bug it cannot see, so a bad one is a 400 on the field.
    A page past the last is DRF's 404 (``Invalid page.``).
    """

    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if not raw:  # left out, or sent empty (docs/api.md: the same thing)
            return self.page_size
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            raise ValidationError(
                {
                    self.page_size_query_param: [
                        _("A whole number from 1 to %(max)d.") % {"max": self.max_page_size}
                    ]
                },
                code="invalid",
            )
        return size

    def get_paginated_response_schema(self, schema):
        # Every page says ``next`` and ``previous`` (null at either end): required, as present.
        page = super().get_paginated_response_schema(schema)
        page["required"] = ["count", "next", "previous", "results"]
        return page

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {self.page_query_param: (1, None), self.page_size_query_param: (1, self.max_page_size)}
        for parameter in parameters:
            low, high = bounds.get(parameter["name"], (None, None))
            if low is not None:
                parameter["schema"]["minimum"] = low
            if high is not None:
                parameter["schema"]["maximum"] = high
        return parameters
