"""OpenAPI description of the table-token credential."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TableTokenScheme(OpenApiAuthenticationExtension):
    target_class = "tournaments.auth.TableTokenAuthentication"
    name = "tableToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                "`Table <key>` (or `?table_token=<key>`): a scorekeeper for one table, from its QR code."
            ),
        }
