"""Table tokens: the credential a QR code on a table carries (a scorekeeper for that table)."""

from __future__ import annotations

import re

from rest_framework import authentication, exceptions

from tournaments.models import TableToken

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe makes


class TableUser:
    """The identity behind a table token: authenticated, but no account and no other rights.

    A view that loads its object with the token in one query (a deal post: ``defers_table_token``)
    gets it deferred: only the key is known until that query vouches for the token (``vouch``), or
    until ``token`` is first read, which looks it up then (an unknown or revoked key is the 401 it
    would have been at authentication)."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    pk = None
    id = None

    def __init__(self, token: TableToken | None = None, *, key: str | None = None) -> None:
        assert token is not None or key is not None, "a token, or the key of a deferred one"
        self._token = token
        self._key = key

    @property
    def token(self) -> TableToken:
        if self._token is None:
            self._token = _find(self._key or "")
        return self._token

    @property
    def deferred_key(self) -> str | None:
        """The key of a token not looked up yet (None once it is)."""
        return self._key if self._token is None else None

    def vouch(self, token: TableToken) -> None:
        """The deferred token, loaded by the query that used its key (valid, not revoked)."""
        assert token.key == self._key, "the token of this key"
        self._token = token

    @property
    def throttle_ident(self) -> str:
        return f"table-token-{self.token.pk}"

    @property
    def username(self) -> str:
        return f"table:{self.token.event_id}:{self.token.table}"

    def __str__(self) -> str:
        return self.username


def _find(key: str) -> TableToken:
    token = TableToken.objects.select_related("event").filter(key=key, revoked_at__isnull=True).first()
    if token is None:
        raise exceptions.AuthenticationFailed(code="invalid_token")
    return token


class TableTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Table <key>``; also ``?table_token=<key>``, which old printed QR cards carry
    (deprecated: a query string reaches proxy logs; new cards put the key in the URL fragment, which
    the app sends as the header, docs/events.md §2).

    A view with ``defers_table_token(request)`` true loads the token itself with the object the
    request is about (``TableUser`` deferred): one query fewer."""

    keyword = "table"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if header and header[0].lower() == self.keyword.encode():
            if len(header) != 2:
                raise exceptions.AuthenticationFailed(code="invalid_authorization_header")
            key = header[1].decode(errors="replace")
        else:
            key = request.query_params.get("table_token")
            if not key:
                return None
        if not _KEY.fullmatch(key):  # the database never sees junk (PostgreSQL refuses a NUL byte)
            raise exceptions.AuthenticationFailed(code="invalid_token")
        view = (getattr(request, "parser_context", None) or {}).get("view")
        defers = getattr(view, "defers_table_token", None)
        if defers is not None and defers(request):
            return TableUser(key=key), None
        token = _find(key)
        return TableUser(token=token), token

    def authenticate_header(self, request):
        return "Token"
