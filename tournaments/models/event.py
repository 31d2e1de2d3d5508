from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.games import game_codes, get_game


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # visible to its staff only
    PUBLISHED = "published", _("Published")  # announced: registration, pairings as published
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class Event(models.Model):
    """A tournament. Its rules are a built-in rule profile plus overrides (RULES.md G1-G12).

    The match format (G8) fields are nullable: null means "as the rule profile says".
    """

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    time_zone = models.CharField(max_length=64, default="Asia/Shanghai")
    game = models.CharField(max_length=32, default="guandan")
    ruleset = models.CharField(max_length=64, default="guandan-standard")
    rule_overrides = models.JSONField(default=dict, blank=True)
    # G8: match format; null = take the rule profile's value.
    match_format = models.CharField(max_length=16, null=True, blank=True)  # noqa: DJ001 - null: the profile's
    deal_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    time_limit_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    equal_levels = models.CharField(max_length=24, null=True, blank=True)  # noqa: DJ001 - null: the profile's
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    # G11: draws
    same_unit = models.CharField(
        max_length=8,
        default="hard",
        choices=[("hard", "hard"), ("soft", "soft"), ("off", "off")],
        help_text="Keep pairs of one unit apart in draws: always (hard), where cheap (soft), or not.",
    )
    bye_result = models.CharField(
        max_length=8,
        default="win",
        choices=[("win", "win"), ("draw", "draw"), ("loss", "loss")],
        help_text="How a bye scores (G11: the lowest pair without an opponent gets a bye scored as a win).",
    )
    table_movement = models.BooleanField(
        default=False, help_text="G11: after a half, winners move up a table."
    )
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.DRAFT)
    # Publication settings: what anonymous clients may read once the event is published.
    publish_pairings = models.BooleanField(default=True)
    publish_results = models.BooleanField(default=True)
    publish_standings = models.BooleanField(default=True)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "slug"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True)
                | models.Q(starts_on__isnull=True)
                | models.Q(ends_on__gte=models.F("starts_on")),
                name="event_ends_after_start",
            ),
            models.CheckConstraint(condition=models.Q(game__in=game_codes()), name="event_known_game"),
        ]

    def __str__(self) -> str:
        return self.name

    MATCH_FIELDS = ("match_format", "deal_limit", "time_limit_minutes", "equal_levels", "best_of")

    def rule_profile(self):
        """The effective rule profile: ruleset, then overrides, then the event's match format."""
        overrides = dict(self.rule_overrides or {})
        for name in self.MATCH_FIELDS:
            if getattr(self, name) is not None:
                overrides[name] = getattr(self, name)
        return get_game(self.game).profile(self.ruleset, overrides)

    @property
    def is_public(self) -> bool:
        return self.status != EventStatus.DRAFT
