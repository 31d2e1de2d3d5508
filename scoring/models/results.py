from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.fast.inserts import CompiledInsert


class ResultStatus(models.TextChoices):
    SUBMITTED = "submitted", _("Submitted")  # waiting for the other side or a referee
    CONFIRMED = "confirmed", _("Confirmed")  # official: the only kind that counts (G10)
    DISPUTED = "disputed", _("Disputed")  # two submissions differ: a referee decides
    SUPERSEDED = "superseded", _("Superseded")  # replaced by a later version


class ResultSource(models.TextChoices):
    DEALS = "deals", _("Derived from the posted deals")
    LEVELS = "levels", _("Final levels from the level sheet (记级)")
    FORFEIT = "forfeit", _("Forfeit or withdrawal")


class MatchResult(CompiledInsert, models.Model):
    """One version of a match's result (G8). Versions are never edited.

    A correction is a new version that names the version it corrects; the one it replaces is
    then ``superseded``. At most one version of a match is ``confirmed`` (a database constraint):
    that is the official result. ``party`` says who submitted it — the side a scorekeeper keeps
    for (``side:NS``), a table token, or an account — and confirmation needs another party.
    """

    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="results")
    version = models.PositiveSmallIntegerField()
    corrects = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="corrections"
    )
    status = models.CharField(max_length=12, choices=ResultStatus.choices, default=ResultStatus.SUBMITTED)
    source = models.CharField(max_length=8, choices=ResultSource.choices)
    # G8: the result of the match. Levels 2..14, 15 = passed A; null for a forfeit.
    ns_level = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_level = models.PositiveSmallIntegerField(null=True, blank=True)
    winner = models.CharField(max_length=2, blank=True, help_text="NS, EW, or empty for a draw.")
    deals_played = models.PositiveSmallIntegerField(default=0)
    end_reason = models.CharField(max_length=16, blank=True)
    games = models.JSONField(default=list, blank=True, help_text="Each game's result (best of three).")
    # Deals won by finish (G6), when the deals were posted: what the deal-based methods (G9) and the
    # first-place and double-win tiebreaks (G10) count. Null for a level-sheet result. Plain columns,
    # not JSON: standings read thousands of rows and decoding JSON would cost more than the ranking.
    ns_double_wins = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NS 1-2 finishes.")
    ns_one_threes = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NS 1-3 finishes.")
    ns_one_fours = models.PositiveSmallIntegerField(null=True, blank=True, help_text="NS 1-4 finishes.")
    ew_double_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_one_threes = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_one_fours = models.PositiveSmallIntegerField(null=True, blank=True)
    # Point games (Daguai Luzi: docs/rules/daguai.md K5): each side's points over the match's deals,
    # and the deals its player went out first in (the first-outs tiebreak, K7). Null otherwise.
    ns_points = models.FloatField(null=True, blank=True)
    ew_points = models.FloatField(null=True, blank=True)
    ns_first_outs = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_first_outs = models.PositiveSmallIntegerField(null=True, blank=True)
    # A table of four (four-player Dou Dizhu, docs/rules/doudizhu.md D10): seat → that player's
    # points, deals won, landlord hands won and lost. Null for a two-sided match.
    seats = models.JSONField(null=True, blank=True, help_text="A table of four: each seat's totals.")
    forfeit_side = models.CharField(max_length=4, blank=True, help_text="NS, EW or both.")
    forfeit_kind = models.CharField(max_length=12, blank=True, help_text="forfeit (late) or withdrawal.")
    deals_set_aside = models.BooleanField(
        default=False,
        help_text="A referee's level-sheet result that set the posted deals aside (unchecked against them).",
    )
    finished_at = models.DateTimeField(null=True, blank=True, help_text="When the match ended (G9 speed).")
    note = models.CharField(max_length=500, blank=True)
    cause = models.JSONField(
        null=True,
        blank=True,
        help_text="Written by the service: the ruling that changed what the result was read from.",
    )
    content_hash = models.CharField(max_length=64, help_text="Two submissions agree when these are equal.")
    side = models.CharField(max_length=2, blank=True, help_text="The side the submitter keeps score for.")
    party = models.CharField(max_length=80)
    submitted_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    table_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_party = models.CharField(max_length=80, blank=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="result_version_unique"),
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(status="confirmed"),
                name="one_confirmed_result_per_match",
            ),
            models.CheckConstraint(condition=models.Q(version__gte=1), name="result_version_positive"),
            models.CheckConstraint(
                condition=models.Q(winner__in=["", "NS", "EW"]), name="result_winner_side"
            ),
            models.CheckConstraint(
                condition=models.Q(ns_level__isnull=True) | models.Q(ns_level__gte=2, ns_level__lte=15),
                name="result_ns_level_range",
            ),
            models.CheckConstraint(
                condition=models.Q(ew_level__isnull=True) | models.Q(ew_level__gte=2, ew_level__lte=15),
                name="result_ew_level_range",
            ),
        ]
        indexes = [models.Index(fields=["status", "match"])]

    def __str__(self) -> str:
        return f"{self.match} result v{self.version} ({self.status})"
