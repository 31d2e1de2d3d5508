"""drf-spectacular extensions of the project (core.apps registers them at start-up): the credentials
of core.auth, and the ``anyOf`` proxy serializer."""

from __future__ import annotations

from drf_spectacular import authentication as drf_spectacular_authentication
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.serializers import PolymorphicProxySerializerExtension
from drf_spectacular.utils import PolymorphicProxySerializer


class TokenScheme(OpenApiAuthenticationExtension):
    """``Authorization: Token <key>`` or ``Bearer <key>`` (core.auth): either scheme will do."""

    target_class = "core.auth.TokenAuthentication"
    name = ["tokenAuth", "bearerAuth"]

    def get_security_requirement(self, auto_schema):
        return [{name: []} for name in self.name]

    def get_security_definition(self, auto_schema):
        return [
            {
                "type": "apiKey",
                "in": "header",
                "name": "Authorization",
                "description": "`Token <key>` or `Bearer <key>` (`python manage.py apitoken USERNAME`).",
            },
            {"type": "http", "scheme": "bearer", "description": "`Bearer <key>`: the same API token."},
        ]


class SessionScheme(drf_spectacular_authentication.SessionScheme):
    """The browser's session cookie (core.fast.session's SessionAuthentication: DRF's, as
    drf-spectacular describes it)."""

    target_class = "core.fast.session.SessionAuthentication"


class AnyOfProxySerializer(PolymorphicProxySerializer):
    """A body or an answer that is one of ``serializers`` where no discriminator can tell which (a
    referee question's Guandan body may leave ``game`` out): an ``anyOf``, which says so, where a
    ``oneOf`` promises members a validator can prove apart."""


class AnyOfProxyExtension(PolymorphicProxySerializerExtension):
    """How the document shows an ``AnyOfProxySerializer``: drf-spectacular's ``oneOf``, as ``anyOf``."""

    target_class = "core.schema_extensions.AnyOfProxySerializer"
    priority = 0  # before drf-spectacular's own extension of its parent class

    def map_serializer(self, auto_schema, direction):
        schema = super().map_serializer(auto_schema, direction)
        if "oneOf" in schema:
            schema["anyOf"] = schema.pop("oneOf")
        return schema
