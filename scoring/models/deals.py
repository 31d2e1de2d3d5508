from __future__ import annotations

from django.db import models


class Deal(models.Model):
    """One deal (副/把) of a match as its scorekeeper posted it (G5-G7).

    Deals are numbered through the whole table; ``game`` says which game (局) of a best of
    three it belongs to. The match state (levels, stage, A failures) is never stored: it is
    the engine's fold of the finishing orders (G6, G8), so it cannot drift from the rules.
    A deal is never edited: posting the same number again with the same content replays the
    answer, with other content it is a conflict.
    """

    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="deals")
    number = models.PositiveSmallIntegerField()
    game = models.PositiveSmallIntegerField(default=1)
    level = models.PositiveSmallIntegerField(help_text="The level the deal was played at (G2), 2..14.")
    finishing_order = models.JSONField(help_text="All four seats in the order they went out (G5).")
    tribute = models.JSONField(null=True, blank=True, help_text="The tribute record (G7), as checked.")
    hands = models.JSONField(null=True, blank=True, help_text="The hands as dealt, when recorded.")
    leader = models.CharField(max_length=1, blank=True)
    plays = models.JSONField(null=True, blank=True, help_text="Every play, when recorded (replayed, G5).")
    played_at = models.DateTimeField(null=True, blank=True)
    content_hash = models.CharField(max_length=64, help_text="What makes two posts the same deal.")
    submitted_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    table_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="deal_number_positive"),
            models.CheckConstraint(condition=models.Q(game__gte=1, game__lte=3), name="deal_game_1_to_3"),
            models.CheckConstraint(condition=models.Q(level__gte=2, level__lte=14), name="deal_level_2_to_a"),
        ]

    def __str__(self) -> str:
        return f"{self.match} deal {self.number}"
