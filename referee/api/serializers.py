"""Wire shapes every game's referee questions share (docs/referee.md); each game's own questions
are its adapter's (``adapters/``: Guandan's tribute in ``adapters/guandan/tribute.py``).

Input serializers check the JSON structure only; what a card, a level or a seat *means*
is the engine's business (a malformed value comes back from it as a 400 with a code). The views
check plainly valid input with ``core.fast.lean`` (compiled from these classes) and run the serializer
otherwise. Output serializers document the answers (OpenAPI); the views answer the engine's
plain dicts, and tests check that each one is what its serializer would give.
"""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from core.fields import StrictCharField


def enum(values, *, field: type[serializers.Field] = StrictCharField, **kwargs) -> serializers.Field:
    """A field documented as an inline enum of ``values`` (a ``ChoiceField``'s named enum component
    would collide with another game's field of the same name)."""
    instance = field(**kwargs)
    schema: dict = {"type": "string", "enum": list(values)}
    if kwargs.get("allow_null"):
        schema["nullable"] = True
    set_override(instance, "field", schema)
    return instance


def game_field(code: str, *, required: bool = True) -> serializers.Field:
    """The ``game`` member of a question: this game's code (optional where the game is the default)."""
    if required:
        return enum([code], max_length=16, help_text=f"The game: {code}.")
    return enum(
        [code], max_length=16, required=False, default=code, help_text=f"The game: {code}, the default."
    )


class RulesMixin(serializers.Serializer):
    ruleset = StrictCharField(
        required=False, allow_null=True, default=None, help_text="A rule profile key (GET /api/v1/rulesets/)."
    )
    rules = serializers.DictField(
        required=False,
        default=dict,
        help_text='Overrides of single settings of the profile, e.g. {"wild_default": "highest"}.',
    )


class ReasonSerializer(serializers.Serializer):
    code = StrictCharField(help_text="Stable code, e.g. illegal_combination, does_not_beat.")
    detail = StrictCharField()


class RulesetSerializer(serializers.Serializer):
    key = StrictCharField()
    game = StrictCharField()
    name = StrictCharField()
    settings = serializers.DictField(help_text="Every setting of the profile (docs/rules/guandan.md).")


class InfractionSerializer(serializers.Serializer):
    code = StrictCharField(help_text="The infraction's code (G12), as incidents and calls name it.")
    name = StrictCharField(help_text="Its name in the caller's language (Accept-Language).")
    name_zh = StrictCharField(help_text="Its Chinese name, as the rule sheets write it.")
