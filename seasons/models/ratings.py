"""A club's rating table and each member's rating history (docs/ratings.md).

Every row here is derived: ``seasons.services.ratings.recompute`` replays the club's confirmed
results and writes these tables again, so nothing in them is edited by hand and a recomputation
gives the same rows.
"""

from __future__ import annotations

from django.db import models


class Rating(models.Model):
    """Where a member stands after every rated match of the club (openskill's mean and uncertainty,
    and the conservative ``rating`` the table ranks by). Merged records have none: the member they
    became holds their matches."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="ratings")
    member = models.OneToOneField("tournaments.Member", on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(help_text="mu - 3 sigma: what the table ranks by.")
    matches = models.PositiveIntegerField(help_text="Rated matches.")

    class Meta:
        ordering = ["-rating", "member_id"]
        indexes = [models.Index(fields=["club", "-rating"], name="rating_club_rank")]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.rating:.0f}"


class RatingChange(models.Model):
    """One member's rating before and after one match; ``sequence`` is the match's place in the
    club's replay (the order played), shared by everybody at that table."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey("tournaments.Member", on_delete=models.CASCADE, related_name="rating_changes")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("tournaments.Match", on_delete=models.CASCADE, related_name="+")
    sequence = models.PositiveIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    rating_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rating_after = models.FloatField()

    class Meta:
        ordering = ["club", "sequence", "member_id"]
        constraints = [
            models.UniqueConstraint(fields=["member", "match"], name="rating_change_once_per_match"),
        ]
        indexes = [
            models.Index(fields=["club", "sequence"], name="rating_change_club_order"),
            models.Index(fields=["member", "sequence"], name="rating_change_member_order"),
        ]

    def __str__(self) -> str:
        return f"{self.member_id} @ {self.match_id}: {self.rating_before:.0f} → {self.rating_after:.0f}"


class RatingRun(models.Model):
    """The club's last recomputation: when, over how many matches, and how long it took."""

    club = models.OneToOneField("tournaments.Club", on_delete=models.CASCADE, related_name="rating_run")
    computed_at = models.DateTimeField()
    matches = models.PositiveIntegerField()
    seconds = models.FloatField()

    def __str__(self) -> str:
        return f"{self.club_id} rated {self.matches} matches at {self.computed_at}"
