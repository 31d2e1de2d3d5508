from __future__ import annotations

import zoneinfo
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSlugRelatedField,
)
from core.serializers import StrictModelSerializer
from engine import DEFAULT_GAME, EventScoring, game_codes, get_game, setting_choices
from engine.errors import EngineError
from engine.penalties import PenaltySettingError, build_table
from engine.scoring.methods import SettingError, build_method
from engine.scoring.ranking import validate_chain
from tournaments.cards import card_url
from tournaments.models import EVENT_FIELDS, Club, Entry, Event, EventRole, Match, Role, TableToken
from tournaments.serializers.registration import column_max
from tournaments.serializers.settings import PenaltyTableField, ScoringSettingField, TiebreakChainField

TABLE: dict[str, Any] = {"min_value": 1, "max_value": column_max(Match, "table")}
#: The settings that name a registry entry: their OpenAPI enums are the registries' keys.
SETTING_FIELDS = {
    "match_points": ScoringSettingField,
    "level_points": ScoringSettingField,
    "tiebreaks": TiebreakChainField,
    "penalty_table": PenaltyTableField,
}


class EventSerializer(StrictModelSerializer):
    rules = serializers.SerializerMethodField(help_text="The effective rule profile: ruleset + overrides.")
    penalty_rules = serializers.SerializerMethodField(
        help_text="G12: the effective penalty table, every number filled in (docs/referees.md)."
    )
    game = StrictChoiceField(choices=[], default=DEFAULT_GAME)
    # G8 settings of the event's matches (null: the profile's). The choices are every game's; the
    # event's own game refuses one it does not have (``validate``: the same ``invalid_choice``).
    match_format = StrictChoiceField(
        choices=setting_choices("match_format"), allow_null=True, required=False, help_text="G8."
    )
    equal_levels = StrictChoiceField(
        choices=setting_choices("equal_levels"), allow_null=True, required=False, help_text="G8."
    )
    club = StrictSlugRelatedField(
        slug_field="slug",
        queryset=Club.objects.all(),
        allow_null=True,
        required=False,
        help_text="The club (its slug) whose season the event is part of (docs/clubs.md); null: none. "
        "Set by someone who organises both the event and the club.",
    )

    class Meta:
        model = Event
        fields = [*EVENT_FIELDS, "penalty_rules", "rules", "created_at", "updated_at"]
        read_only_fields = ["created_at", "updated_at"]
        extra_kwargs = {
            "slug": {"help_text": "Short name used in URLs, unique."},
            # The rule profile checks the ranges the rules allow; these are what the columns store.
            "deal_limit": {"min_value": 0, "max_value": column_max(Event, "deal_limit")},
            "time_limit_minutes": {"min_value": 0, "max_value": column_max(Event, "time_limit_minutes")},
            "best_of": {"min_value": 1, "max_value": 3, "help_text": "G8: 1 or 3."},
            "unit_best": {"min_value": 1, "max_value": 1000},
            "lots_seed": {"min_value": 0, "max_value": 2**53 - 1},
            "correction_minutes": {"min_value": 0, "max_value": 10080},
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(code, code) for code in game_codes()]

    def build_standard_field(self, field_name, model_field):
        field_class, kwargs = super().build_standard_field(field_name, model_field)
        return SETTING_FIELDS.get(field_name, field_class), kwargs

    @extend_schema_field(serializers.DictField())
    def get_rules(self, event: Event) -> dict:
        return event.rule_profile().to_dict()

    @extend_schema_field(serializers.DictField())
    def get_penalty_rules(self, event: Event) -> dict:
        return event.penalty_rules().to_dict()

    def validate_penalty_table(self, value):
        """G12: a built-in table by key and any number changed (engine.penalties.settings)."""
        try:
            build_table(value)
        except PenaltySettingError as exc:
            error = serializers.ErrorDetail(exc.detail, exc.code)
            raise serializers.ValidationError({exc.field: [error]} if exc.field else [error]) from exc
        return value

    def validate_time_zone(self, value: str) -> str:
        try:
            zoneinfo.ZoneInfo(value)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            raise serializers.ValidationError(
                f"Unknown time zone {value!r}.", code="unknown_time_zone"
            ) from None
        return value

    def validate_match_points(self, value):
        return _scoring_setting(value, "match points")

    def validate_level_points(self, value):
        return _scoring_setting(value, "level points")

    def validate_tiebreaks(self, value):
        try:
            return list(validate_chain(value))
        except SettingError as exc:
            index = exc.field.split(".", 1)[1] if exc.field.startswith("tiebreaks.") else None
            error = serializers.ErrorDetail(exc.detail, exc.code)
            raise serializers.ValidationError({index: [error]} if index else [error]) from exc

    def validate_rule_overrides(self, value):
        if not isinstance(value, dict):
            raise serializers.ValidationError(
                "Rule overrides are a JSON object: setting -> value.", code="invalid"
            )
        return value

    def validate(self, attrs):
        """The ruleset, its overrides and the match format must make a valid rule profile.

        The overrides are checked first on their own, so that an error names where the bad value
        is: ``rule_overrides.<setting>``, or the match format field itself.
        """
        merged = {
            name: getattr(self.instance, name) for name in self.Meta.fields if hasattr(self.instance, name)
        }
        merged.update(attrs)
        game = get_game(merged.get("game") or DEFAULT_GAME)
        overrides = dict(merged.get("rule_overrides") or {})
        try:
            game.profile(merged.get("ruleset"), overrides)
        except EngineError as exc:
            raise serializers.ValidationError(_profile_error(exc, "rule_overrides")) from exc
        overrides.update({name: merged[name] for name in Event.MATCH_FIELDS if merged.get(name) is not None})
        try:
            game.profile(merged.get("ruleset"), overrides)
        except EngineError as exc:
            raise serializers.ValidationError(_profile_error(exc, None)) from exc
        _scoring_choices(game.scoring, merged)
        if merged.get("entry") == Entry.INDIVIDUAL and game.team_size != 2:
            detail = f"{game.code} is not a game of partnerships: only its own entrants enter."
            raise serializers.ValidationError({"entry": [serializers.ErrorDetail(detail, "not_supported")]})
        starts, ends = merged.get("starts_on"), merged.get("ends_on")
        if starts and ends and ends < starts:
            raise serializers.ValidationError(
                {"ends_on": [serializers.ErrorDetail("The event ends before it starts.", "invalid")]}
            )
        return attrs


def _scoring_choices(scoring: EventScoring, merged: dict) -> None:
    """What the game's scoring lets an event choose (``Game.scoring``): a game of tables of four scores
    each player's own points (docs/scoring.md "Tables of four"), so its methods are fixed and its
    tiebreaks compare players, not sides (a 400 ``not_supported``)."""
    fixed = {"match_points": scoring.match_points, "level_points": scoring.level_points}
    for name, method in fixed.items():
        setting = merged.get(name)
        if scoring.fixed_methods and setting is not None and setting.get("method") != method:
            detail = f"At tables of four this is {method!r}."
            raise serializers.ValidationError(
                {name: {"method": [serializers.ErrorDetail(detail, "not_supported")]}}
            )
    choices = scoring.tiebreak_choices
    for index, key in enumerate(merged.get("tiebreaks") or ()):
        if choices is not None and key not in choices:
            detail = f"{key!r} compares two sides; at tables of four: {', '.join(choices)}."
            raise serializers.ValidationError(
                {"tiebreaks": {str(index): [serializers.ErrorDetail(detail, "not_supported")]}}
            )


def _scoring_setting(value, what: str) -> dict:
    """G9: a scoring method and its numbers, checked against the methods' registry
    (engine.scoring.methods)."""
    try:
        return build_method(value).to_dict()
    except SettingError as exc:
        error = serializers.ErrorDetail(exc.detail, exc.code)
        raise serializers.ValidationError({exc.field: [error]} if exc.field else [error]) from exc


def _profile_error(exc: EngineError, container: str | None) -> dict:
    """The serializer error for a rule profile the engine refused, under the field that holds the value."""
    error = [serializers.ErrorDetail(exc.detail, exc.code)]
    if exc.field in ("ruleset", "game") or (container is None and exc.field in Event.MATCH_FIELDS):
        return {exc.field: error}
    return {"rule_overrides": {exc.field or "": error}}


class EventRoleSerializer(StrictModelSerializer):
    username = StrictCharField(source="user.username")
    role = StrictChoiceField(choices=Role.choices)
    tables = serializers.ListField(child=StrictIntegerField(**TABLE), required=False, default=list)

    class Meta:
        model = EventRole
        fields = ["id", "username", "role", "tables", "created_at"]
        read_only_fields = ["id", "created_at"]


class TableTokenSerializer(StrictModelSerializer):
    url = serializers.SerializerMethodField(
        help_text="What the table's QR code carries: the table app (`/t/`, at the service's `PUBLIC_URL`), "
        "with the key in the URL fragment (`#table_token=…`), which browsers never send to a server. "
        "The app reads it there, keeps it on the phone and sends `Authorization: Table <key>`."
    )

    class Meta:
        model = TableToken
        fields = ["id", "table", "key", "url", "created_at", "revoked_at"]
        read_only_fields = ["id", "key", "url", "created_at", "revoked_at"]
        extra_kwargs = {"table": TABLE}

    def get_url(self, token: TableToken) -> str:
        # The key goes in the fragment: a query string lands in the logs of every proxy on the way.
        return card_url(token.key, self.context.get("request"))


class MyRoleSerializer(serializers.Serializer):
    event = StrictCharField(source="event.slug", help_text="The event's slug.")
    role = StrictChoiceField(choices=Role.choices)
    tables = serializers.ListField(
        child=StrictIntegerField(**TABLE), help_text="A scorekeeper's tables; empty: every table."
    )


class MyTableSerializer(serializers.Serializer):
    event = StrictCharField(help_text="The event's slug.")
    table = StrictIntegerField(**TABLE)


class MeSerializer(serializers.Serializer):
    """``GET /me/``: who the caller's credential is, and what it may do where."""

    username = StrictCharField(allow_null=True, help_text="The account; null for a table token.")
    superuser = StrictBooleanField(help_text="Every event's organiser.")
    roles = MyRoleSerializer(many=True, help_text="The account's roles, event by event.")
    table = MyTableSerializer(allow_null=True, help_text="A table token: its event and table; else null.")
