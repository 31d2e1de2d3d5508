"""DRF's JSON and form parsers, with the limits a public API needs (docs/api.md).

- A body larger than Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 ``payload_too_large``,
  refused before it is read. (DRF reads the stream itself, so Django's own check, made only when
  ``request.body`` or ``request.POST`` is read, never sees JSON.) Multipart uploads keep Django's
  rule: their fields count against the limit, their files do not.
- JSON nested deeper than ``MAX_DEPTH`` is a 400 ``parse_error``. Python's parser gives up with a
  ``RecursionError`` near 1,000 levels; anything that parses must also survive the code that walks
  it afterwards (hashing, validation, storage), hence a limit far below that.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from core.problems import PayloadTooLarge

MAX_DEPTH = 64


def check_size(parser_context: dict | None) -> None:
    """Refuse a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (None: no limit) before reading it."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    request = (parser_context or {}).get("request")
    if limit is None or request is None:
        return
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        raise PayloadTooLarge(
            _("The request body is %(length)d bytes; at most %(limit)d are accepted.")
            % {"length": length, "limit": limit}
        )


def nesting_depth_exceeds(data, limit: int) -> bool:
    """Whether lists and objects nest deeper than ``limit`` (without recursing, whatever the depth)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        check_size(parser_context)
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("JSON parse error - nested too deeply.")) from None
        if nesting_depth_exceeds(data, MAX_DEPTH):
            raise ParseError(
                _("JSON parse error - nested deeper than %(limit)d levels.") % {"limit": MAX_DEPTH}
            )
        return data


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        check_size(parser_context)
        return super().parse(stream, media_type, parser_context)
