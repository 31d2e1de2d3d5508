"""The OpenAPI document's scorekeeping bodies that serve every game (docs/scoring.md "Every game keeps
its matches on a scoresheet")."""

from __future__ import annotations

from core.schema import AutoSchema

#: A deal's body and a match state are Guandan's or another game's. The two overlap (another game's
#: members are open: its own fields ride along, and its state is the game's own object), so a Guandan
#: body or state is valid under both: JSON Schema's ``oneOf`` (exactly one) would refuse it, ``anyOf``
#: says what is meant.
ANY_GAME = (
    "DealInputAnyGame",
    "DealCorrectionAnyGame",
    "MatchStateAnyGame",
)


def any_game_bodies(result, generator, request, public):
    """drf-spectacular postprocessing hook: the ``ANY_GAME`` components (and their request halves) are
    ``anyOf`` their members."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in ANY_GAME:
        for component in (name, f"{name}Request"):
            schema = schemas.get(component)
            if isinstance(schema, dict) and "oneOf" in schema:
                schema["anyOf"] = schema.pop("oneOf")
    return result


class TabularSchema(AutoSchema):
    """The schema of a table of the event (scoring.views.standings.TabularView): its ``summary``,
    and at its ``…/export`` address the same table as a file."""

    def get_summary(self) -> str | None:
        summary = getattr(self.view, "summary", None)
        if summary and getattr(self.view, "export", False):
            return f"{summary} as a file (CSV, or XLSX with ?format=xlsx)"
        return summary
