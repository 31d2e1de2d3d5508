"""An event's settings that name a registry entry, as the OpenAPI document shows them: the enum of
each is the registry's keys, read when the document is built (issue 10: one registry, from which
the settings' choices, the OpenAPI enum and the dispatch all come).

- ``match_points`` / ``level_points``: ``{"method": <engine.scoring.methods.METHODS key>, **params}`` (G9);
- ``tiebreaks``: a list of ``engine.scoring.ranking.METRICS`` keys (G10);
- ``penalty_table``: ``{"table": <engine.penalties.TABLES key>, "rows", "disqualified_results"}`` (G12).

The values are checked by the registries' own validators (``build_method``, ``validate_chain``,
``build_table``) in ``EventSerializer``; these fields only document them.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from engine.penalties import TABLES
from engine.penalties.tables import DISQUALIFIED_RESULTS
from engine.scoring.methods import METHODS, SettingError, build_method
from engine.scoring.ranking import METRICS


class ScoringSettingField(serializers.JSONField):
    """A G9 scoring setting: a method of ``engine.scoring.methods.METHODS`` and its params.

    Shown as the effective setting, every number filled in (docs/scoring.md §4), also for an event
    stored with the method alone (its game's defaults, before they were stored filled in)."""

    def to_representation(self, value):
        try:
            return build_method(value).to_dict()
        except SettingError:  # a setting the methods no longer take: shown as stored
            return super().to_representation(value)


class TiebreakChainField(serializers.JSONField):
    """A G10 tiebreak chain: keys of ``engine.scoring.ranking.METRICS``, in order."""


class PenaltyTableField(serializers.JSONField):
    """A G12 penalty table setting: a table of ``engine.penalties.TABLES``, any number changed."""


def scoring_setting_schema() -> dict:
    return {
        "type": "object",
        "properties": {"method": {"type": "string", "enum": list(METHODS)}},
        "required": ["method"],
        "additionalProperties": True,
        "description": "The method's key and its params (docs/scoring.md).",
    }


def tiebreak_chain_schema() -> dict:
    return {"type": "array", "items": {"type": "string", "enum": list(METRICS)}}


def penalty_table_schema() -> dict:
    return {
        "type": "object",
        "properties": {
            "table": {"type": "string", "enum": list(TABLES)},
            "rows": {"type": "object", "additionalProperties": True},
            "disqualified_results": {"type": "string", "enum": list(DISQUALIFIED_RESULTS)},
        },
        "additionalProperties": False,
        "description": "{}: the rule profile's table (docs/referees.md).",
    }


class _RegistryFieldExtension(OpenApiSerializerFieldExtension):
    schema: staticmethod[[], dict[str, Any]] = staticmethod(dict)

    def map_serializer_field(self, auto_schema, direction):
        return self.schema()


class ScoringSettingExtension(_RegistryFieldExtension):
    target_class = ScoringSettingField
    schema = staticmethod(scoring_setting_schema)


class TiebreakChainExtension(_RegistryFieldExtension):
    target_class = TiebreakChainField
    schema = staticmethod(tiebreak_chain_schema)


class PenaltyTableExtension(_RegistryFieldExtension):
    target_class = PenaltyTableField
    schema = staticmethod(penalty_table_schema)
