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


_CONTAINERS = frozenset((dict, list))  # what json.loads makes them of


def nesting_depth_exceeds(data, limit: int) -> bool:
    """Whether lists and objects nest deeper than ``limit`` (level by level, without recursing).

    Each container's children are typed in C (``map(type, …)``) and only a container that holds
    containers is looked at item by item: a deal's replay (lists of card codes in 125 plays) is
    checked in a third less time than by testing every item in Python.
    """
    level = [data] if type(data) in _CONTAINERS else []
    depth = 1
    while level:
        nested = []
        for value in level:
            children = value.values() if type(value) is dict else value
            if not _CONTAINERS.isdisjoint(map(type, children)):
                nested += [child for child in children if type(child) in _CONTAINERS]
        if not nested:
            return False
        depth += 1
        if depth > limit:
            return True
        level = nested
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


class UploadParser(parsers.MultiPartParser):
    """A multipart upload (a file and a few fields), refused whole with a 413 over ``UPLOAD_MAX_SIZE``.

    Django counts a multipart body's fields against ``DATA_UPLOAD_MAX_MEMORY_SIZE`` but not its
    files, which it spools to disk whatever their size: an upload many times what any import needs
    would be read, hashed and parsed before being refused. The limit is checked on the declared
    length, before a byte of the body is read.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        limit = settings.UPLOAD_MAX_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0
        except ValueError:
            length = 0
        if length > limit:
            raise PayloadTooLarge(
                _("The upload is %(length)d bytes; at most %(limit)d are accepted.")
                % {"length": length, "limit": limit}
            )
        return super().parse(stream, media_type, parser_context)


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        check_size(parser_context)
        return super().parse(stream, media_type, parser_context)
