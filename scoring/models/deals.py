from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.fast.inserts import CompiledInsert


class DealStatus(models.TextChoices):
    CURRENT = "current", _("Current")  # the record of the table: what the match state folds
    REPLACED = "replaced", _("Replaced")  # a later version of this deal replaced it (a correction)
    VOIDED = "voided", _("Voided")  # voided with the deals after it (a correction); nothing replaced it yet


class Deal(CompiledInsert, models.Model):
    """One version of one deal (副/把) of a match, as its scorekeeper posted it (G5-G7).

    Deals are numbered through the whole table; ``game`` says which game (局) of a best of
    three it belongs to. The match state (levels, stage, A failures; another game's points or
    dealer) is the game's scoresheet's fold of the *current* deals' records (G6, G8), so it cannot
    drift from the rules; the fold is kept in the match's ``MatchState`` row only as what the next
    post starts from, forgotten by every other change (scoring.services.changes). Every game's deal
    keeps its record whole in ``record``, as its sheet checked it (``engine.sheets``); ``game`` is the
    record's own ``game`` where the sheet writes one.

    A version is never edited (docs/scoring.md §1, "Correcting a deal"): posting the same number
    again with the same content replays the answer, with other content it is a conflict. A wrong
    deal is corrected by a new version of it (the old one becomes ``replaced``), or voided with
    every later deal (``voided``: the table posts them again, as new versions). At most one
    version of a number is current (a database constraint), and the current deals of a match are
    always numbered 1, 2, … without a gap.
    """

    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveSmallIntegerField()
    version = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=8, choices=DealStatus.choices, default=DealStatus.CURRENT)
    corrects = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="corrections",
        help_text="The earlier version of this deal that this one replaces (or follows, once voided).",
    )
    game = models.PositiveSmallIntegerField(default=1)
    level = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The level the deal was played at (G2), 2..14; null: a game without."
    )
    # Not null for Django since 0007 (which gave every deal its record); the database column keeps
    # allowing it: SQLite rebuilds a table to change a column, and the table's trigger would go too.
    record = models.JSONField(
        default=dict,
        blank=True,
        help_text="The deal's canonical record, as the game's scoresheet checked it (docs/rules/<game>.md).",
    )
    played_at = models.DateTimeField(null=True, blank=True)
    content_hash = models.CharField(max_length=64, help_text="What makes two posts the same deal.")
    note = models.CharField(max_length=500, blank=True, help_text="Why this version was made (a correction).")
    submitted_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    table_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    voided_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    void_note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["match", "number", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"],
                condition=models.Q(status="current"),
                name="deal_number_unique",
            ),
            models.UniqueConstraint(fields=["match", "number", "version"], name="deal_version_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(condition=models.Q(version__gte=1), name="deal_version_positive"),
            models.CheckConstraint(condition=models.Q(game__gte=1, game__lte=3), name="deal_game_1_to_3"),
            models.CheckConstraint(
                condition=models.Q(level__isnull=True) | models.Q(level__gte=2, level__lte=15),
                name="deal_level_2_to_a",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["current", "replaced", "voided"]), name="deal_status_known"
            ),
        ]
        indexes = [models.Index(fields=["match", "status", "number"], name="deal_match_status")]

    def __str__(self) -> str:
        suffix = f" v{self.version}" if self.version > 1 else ""
        return f"{self.match} deal {self.number}{suffix}"

    @staticmethod
    def record_fields(record: dict) -> dict:
        """The model fields that store ``record``: the record whole, and the game (局) of the table it
        names (``engine.sheets``: a best of three's; 1 by default)."""
        return {"record": record, "game": record.get("game", 1)}
