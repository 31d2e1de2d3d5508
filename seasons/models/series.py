"""Series of a club's events (G11: 周赛 weekly winners meet at the 月赛 monthly final, monthly winners
at the 年终总决赛 annual final): the events grouped, the links saying who goes on, the placings each
event gave (stored once per results version) and the qualifiers registered into a final.

A series belongs to a club: the club's organisers (``ClubStaff``) manage it; each event of it keeps
its own staff. docs/series.md.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

#: The placing points of a new series (1st 10, 2nd 8, … 8th 1; below: none).
DEFAULT_PLACING_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
#: The series tiebreak chain of a new series (engine.scoring.ranking.series).
DEFAULT_SERIES_TIEBREAKS = ("best_places", "all_points", "last_event")


def default_placing_points() -> list[int]:
    return list(DEFAULT_PLACING_POINTS)


def default_series_tiebreaks() -> list[str]:
    return list(DEFAULT_SERIES_TIEBREAKS)


class PointsMode(models.TextChoices):
    PLACING = "placing", _("Points per placing (the series' table)")
    MATCH_POINTS = "match_points", _("The match points carried from each event")


class SeriesStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # seen by the club's organisers only
    PUBLISHED = "published", _("Published")


class Series(models.Model):
    """A club's series of events and how its standings count them."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.PROTECT, related_name="series")
    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    status = models.CharField(max_length=16, choices=SeriesStatus.choices, default=SeriesStatus.DRAFT)
    points = models.CharField(max_length=16, choices=PointsMode.choices, default=PointsMode.PLACING)
    placing_points = models.JSONField(
        default=default_placing_points, help_text="Points of the 1st, 2nd, … place of an event; below: 0."
    )
    best_of = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Count each entrant's best k events; empty: all."
    )
    tiebreaks = models.JSONField(default=default_series_tiebreaks, help_text="The series' tiebreak chain.")
    shared_places = models.BooleanField(
        default=True, help_text="Entrants still tied share a place (else: seeded lots)."
    )
    lots_seed = models.BigIntegerField(default=0, help_text="The seed of the lots, published.")
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name

    @property
    def is_public(self) -> bool:
        return self.status == SeriesStatus.PUBLISHED


class SeriesEvent(models.Model):
    """An event of the series, in the series' order (``position``), under a stage name (weekly,
    monthly final…); ``counts``: whether its placings score in the series standings."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    event = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="series_entries")
    position = models.PositiveIntegerField()
    stage = models.CharField(max_length=64, blank=True)
    counts = models.BooleanField(default=True)

    class Meta:
        ordering = ["series", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "event"], name="series_event_unique"),
            models.UniqueConstraint(fields=["series", "position"], name="series_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.series} #{self.position}: {self.event}"


class QualifyBy(models.TextChoices):
    PAIRS = "pairs", _("The top pairs of the feeder")
    UNITS = "units", _("Every active pair of the feeder's top units")


class SeriesLink(models.Model):
    """Who goes on from a feeder event to a final event: the top ``top`` pairs (or units) of the
    feeder's standings; ``declined`` lists feeder pairs that do not go (the next one goes instead)."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="links")
    feeder = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="+")
    final = models.ForeignKey("tournaments.Event", on_delete=models.PROTECT, related_name="+")
    top = models.PositiveIntegerField()
    by = models.CharField(max_length=8, choices=QualifyBy.choices, default=QualifyBy.PAIRS)
    declined = models.JSONField(default=list, blank=True, help_text="Ids of feeder pairs that do not go on.")

    class Meta:
        ordering = ["series", "final", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "feeder", "final"], name="series_link_unique"),
            models.CheckConstraint(
                condition=~models.Q(feeder=models.F("final")), name="series_link_not_loop"
            ),
            models.CheckConstraint(condition=models.Q(top__gte=1), name="series_link_top_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.feeder} → {self.final} (top {self.top} {self.by})"


class EventPlacings(models.Model):
    """An event's placings as of its ``results_version``: one JSON row per entrant (its pair, place,
    match points, status, name, unit and members), and one per unit. Written when a series reads an
    event whose stored version is behind; a series' standings then read one row per event."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="placings")
    results_version = models.PositiveIntegerField()
    closed = models.BooleanField(default=False, help_text="The event's last round was closed.")
    pairs = models.JSONField(default=list)
    units = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"placings of {self.event_id} v{self.results_version}"


class Qualification(models.Model):
    """A qualifier registered into a final: the feeder's pair and the pair it became in the final.
    A second registration reads these to answer again (or refuse) instead of registering twice."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="qualifications")
    final = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    source = models.ForeignKey("tournaments.Pair", on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey("tournaments.Pair", on_delete=models.CASCADE, related_name="+")
    seed = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["final", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["series", "final", "source"], name="qualification_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.source_id} → {self.pair_id}"
