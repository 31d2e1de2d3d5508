"""Rate limits per caller: a user by account, a table token by token, anyone else by address."""

from rest_framework import throttling


class UserRateThrottle(throttling.UserRateThrottle):
    def get_cache_key(self, request, view):
        user = request.user
        if user and user.is_authenticated:
            # A table token has no account (pk None): count it on its own, not with every table.
            ident = getattr(user, "throttle_ident", None) or user.pk
        else:
            ident = self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
