"""Deal sets of duplicate events (docs/duplicate.md "Deal sets"): the deals every table of a round
plays, and which of them a round plays.

A ``DealSet`` is made from a seed by the engine's generator (``seed`` and ``algorithm`` recorded, so
that the same seed gives the same deals: engine/duplicate/dealing.py) or imported from a file. Its
deals are private to the event's staff until the rounds that play them are closed
(scoring/selectors/duplicate.py says who sees what).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class DealSetSource(models.TextChoices):
    GENERATED = "generated", _("Made from a seed")
    IMPORTED = "imported", _("Imported")


class DealSet(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="deal_sets")
    name = models.CharField(max_length=120)
    source = models.CharField(max_length=12, choices=DealSetSource.choices)
    seed = models.BigIntegerField(null=True, blank=True, help_text="The generator's seed (made sets).")
    algorithm = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The generator's version (made sets)."
    )
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(source="imported") | models.Q(seed__isnull=False, algorithm__isnull=False),
                name="deal_set_made_has_seed",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class DealSetDeal(models.Model):
    """One deal of a set: its number, the four hands as dealt, the level and the seat that leads."""

    deal_set = models.ForeignKey(DealSet, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    level = models.PositiveSmallIntegerField()
    leader = models.CharField(max_length=1)
    hands = models.JSONField(help_text="Seat -> the 27 card codes as dealt.")

    class Meta:
        ordering = ["deal_set", "number"]
        constraints = [
            models.UniqueConstraint(fields=["deal_set", "number"], name="deal_set_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="deal_set_number_positive"),
            models.CheckConstraint(
                condition=models.Q(level__gte=2, level__lte=14), name="deal_set_level_2_to_a"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal_set} deal {self.number}"


class RoundDeals(models.Model):
    """The deals a round plays: ``count`` deals of ``deal_set`` from number ``first``. A table's
    k-th deal is one of them as the event's movement says (engine/duplicate/movement.py)."""

    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="deals_played")
    deal_set = models.ForeignKey(DealSet, on_delete=models.PROTECT, related_name="rounds")
    first = models.PositiveSmallIntegerField(default=1)
    count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(first__gte=1, count__gte=1), name="round_deals_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: deals {self.first}-{self.first + self.count - 1} of {self.deal_set}"
