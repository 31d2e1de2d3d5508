"""Table tokens: the credential a QR code on a table carries (a scorekeeper for that table)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rest_framework import authentication, exceptions

from tournaments.models import TableToken

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what secrets.token_urlsafe makes


@dataclass(frozen=True)
class TableUser:
    """The identity behind a table token: authenticated, but no account and no other rights."""

    token: TableToken
    is_authenticated: bool = True
    is_anonymous: bool = False
    is_active: bool = True
    is_staff: bool = False
    is_superuser: bool = False
    pk: None = None
    id: None = None

    @property
    def throttle_ident(self) -> str:
        return f"table-token-{self.token.pk}"

    @property
    def username(self) -> str:
        return f"table:{self.token.event_id}:{self.token.table}"

    def __str__(self) -> str:
        return self.username


class TableTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Table <key>``; also ``?table_token=<key>``, which old printed QR cards carry
    (deprecated: a query string reaches proxy logs; new cards put the key in the URL fragment, which
    the app sends as the header, docs/events.md §2)."""

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
        token = None
        if _KEY.fullmatch(key):  # the database never sees junk (PostgreSQL refuses a NUL byte)
            token = (
                TableToken.objects.select_related("event").filter(key=key, revoked_at__isnull=True).first()
            )
        if token is None:
            raise exceptions.AuthenticationFailed(code="invalid_token")
        return TableUser(token=token), token

    def authenticate_header(self, request):
        return "Token"
