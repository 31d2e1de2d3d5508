"""OpenAPI description of the table-token credential."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TableTokenScheme(OpenApiAuthenticationExtension):
    """A table's token, listed on the operations whose permission can admit one (core.schema)."""

    target_class = "tournaments.auth.TableTokenAuthentication"
    name = "tableToken"

    def get_security_requirement(self, auto_schema):
        admits = getattr(auto_schema, "admits_table_token", None)
        return {self.name: []} if admits is None or admits() else None

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                "`Table <key>` (or `?table_token=<key>`): a scorekeeper for one table, from its QR code."
            ),
        }
