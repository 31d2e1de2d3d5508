"""DRF's content negotiation, answering its commonest case without parsing anything.

A club website's poller, a script and the load balancer's checks send no ``Accept`` (or ``*/*``)
and no ``?format=``: DRF then gives the view's first renderer and its media type, after parsing
the header and every renderer's media type (about a twentieth of a 304's time). That case is
answered directly, with what DRF answers; any other goes through DRF. The fast path ``negotiation``
(off, DRF's for every request).
"""

from __future__ import annotations

from rest_framework.negotiation import DefaultContentNegotiation

from core import fast

ANYTHING = "*/*"


class ContentNegotiation(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        if (
            renderers
            and not format_suffix
            and fast.on("negotiation")
            and request.headers.get("accept", ANYTHING) == ANYTHING
            and not request.query_params.get(self.settings.URL_FORMAT_OVERRIDE)
        ):
            first = renderers[0]
            # DRF matches a media type with parameters (``text/csv; charset=…``) to none of ``*/*``.
            if ";" not in first.media_type:
                return first, first.media_type
        return super().select_renderer(request, renderers, format_suffix)
