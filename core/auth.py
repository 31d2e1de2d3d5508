"""Token authentication that takes both ``Authorization: Token …`` and ``Bearer …`` (the session's is
core.fast.session)."""

import re

from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from core.fast.prepared import Prepared

_KEY = re.compile(r"^[A-Za-z0-9]{1,64}$")
# Every request of an account reads its token and user: the query is compiled once (core.fast.prepared).
_tokens = Prepared(
    Token, lambda shape, *, key: Token.objects.select_related("user").filter(key=key).order_by()
)


class TokenAuthentication(authentication.TokenAuthentication):
    keywords = ("token", "bearer")

    def authenticate(self, request):
        auth = authentication.get_authorization_header(request).split()
        if not auth or auth[0].lower().decode() not in self.keywords:
            return None
        if len(auth) != 2:
            raise exceptions.AuthenticationFailed(
                self.msg_invalid_header(), code="invalid_authorization_header"
            )
        try:
            key = auth[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(
                self.msg_invalid_header(), code="invalid_authorization_header"
            ) from None
        return self.authenticate_credentials(key)

    @staticmethod
    def msg_invalid_header() -> str:
        return _("Invalid Authorization header: use 'Token <key>' or 'Bearer <key>'.")

    def authenticate_credentials(self, key):
        if not _KEY.match(key):  # never send junk (a NUL byte, say) to the database
            raise exceptions.AuthenticationFailed(None, code="invalid_token")
        found = _tokens.objects(None, key=key)  # the key is the primary key: one token at most
        if not found:
            raise exceptions.AuthenticationFailed(None, code="invalid_token")
        token = found[0]
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(None, code="user_inactive")
        return token.user, token

    def authenticate_header(self, request):
        return "Token"
