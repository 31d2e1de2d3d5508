from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Attendance(models.TextChoices):
    """A pair's mark at the check-in (检录) before a round (docs/events.md "Check-in")."""

    PRESENT = "present", _("Present")
    LATE = "late", _("Late")  # came after the call; plays (a late forfeit is the referee's, G11/G12)
    ABSENT = "absent", _("Absent")


class AbsentPairs(models.TextChoices):
    """What the draw does with a pair marked absent (an event setting)."""

    LEAVE_OUT = "leave_out", _("Left out of the draw (no match that round; an odd pair out gets the bye)")
    FORFEIT = "forfeit", _("Drawn as usual; publishing the round records its match as a forfeit")


class CheckIn(models.Model):
    """One entrant's check-in for one round: a pair, or a player alone at tables of four (whose
    entrant is a pair of one). The latest mark stands; the audit log keeps every change."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="check_ins")
    pair = models.ForeignKey("tournaments.Pair", on_delete=models.CASCADE, related_name="check_ins")
    status = models.CharField(max_length=8, choices=Attendance.choices)
    note = models.CharField(max_length=200, blank=True)
    checked_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    checked_at = models.DateTimeField()

    class Meta:
        ordering = ["round", "pair__number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "pair"], name="check_in_one_per_round"),
            models.CheckConstraint(
                condition=models.Q(status__in=[a.value for a in Attendance]), name="check_in_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pair} {self.status} in {self.round}"


class Substitution(models.Model):
    """A substitute (替补) takes a registered player's place from a round on (掼蛋比赛活动方案:
    "若比赛当天时间有冲突，可让其他同学代替参加"). The pair keeps its number and its points; who
    really played a round is the registered player, or the substitute from ``from_round`` on
    (until ``until_round``, when the player came back)."""

    pair = models.ForeignKey("tournaments.Pair", on_delete=models.CASCADE, related_name="substitutions")
    replaced = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")
    substitute = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")
    from_round = models.PositiveSmallIntegerField()
    until_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The last round the substitute played; empty: to the end."
    )
    note = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pair", "from_round"]
        constraints = [
            models.CheckConstraint(condition=models.Q(from_round__gte=1), name="substitution_round_positive"),
            models.CheckConstraint(
                condition=models.Q(until_round__isnull=True)
                | models.Q(until_round__gte=models.F("from_round")),
                name="substitution_until_after_from",
            ),
            models.CheckConstraint(
                condition=~models.Q(replaced=models.F("substitute")), name="substitution_someone_else"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.replaced} from round {self.from_round}"

    def covers(self, number: int) -> bool:
        return self.from_round <= number and (self.until_round is None or number <= self.until_round)
