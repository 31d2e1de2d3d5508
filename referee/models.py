"""The referee's records (docs/referees.md, docs/rules/guandan.md G12): incidents, rulings, penalties,
appeals.

Nothing here is ever deleted or edited back: a ruling is overturned by an appeal decision (a new
ruling may replace it), a penalty is cancelled with a reason, and every step keeps who, when and
why. What a penalty does to a match (its level line, the standings) is read from these rows, so a
cancelled penalty or an overturned ruling simply stops counting.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine.penalties import Infraction, PenaltyKind, Target
from engine.registry import seat_codes

SIDES = [("NS", "NS"), ("EW", "EW")]
# Every game's seats (Daguai Luzi's six, K1; the compass seats): the match's game says which it has.
SEATS = [(code, code) for code in seat_codes()]


class IncidentStatus(models.TextChoices):
    REPORTED = "reported", _("Reported")  # waiting for a referee
    RULED = "ruled", _("Ruled")  # a ruling stands
    APPEALED = "appealed", _("Appealed")  # an appeal waits for the chief referee
    DECIDED = "decided", _("Decided")  # the chief referee decided: final


class Incident(models.Model):
    """A report of an infraction at a table (G12): who is accused, of what, at which deal."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="incidents")
    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="incidents")
    deal = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The deal it happened in.")
    side = models.CharField(
        max_length=2, choices=SIDES, blank=True, help_text="The side accused; empty at a table of four."
    )
    seat = models.CharField(
        max_length=1,
        choices=SEATS,
        blank=True,
        help_text="The seat accused, if one (always at a table of four).",
    )
    # The accused side's pair, or at a table of four the player in the seat (its one-player entrant).
    pair = models.ForeignKey("tournaments.Pair", on_delete=models.PROTECT, related_name="+")
    infraction = models.CharField(max_length=24, choices=[(code.value, code.value) for code in Infraction])
    description = models.TextField(max_length=2000, help_text="What happened, in the reporter's words.")
    occurred_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=IncidentStatus.choices, default=IncidentStatus.REPORTED)
    reported_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    reported_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_via = models.CharField(
        max_length=80, help_text="The credential: user:<id> or table:<event>:<n>."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        indexes = [models.Index(fields=["match", "infraction"], name="incident_match_infraction")]
        constraints = [
            # A side of the match, or at a table of four (no sides) the seat of a player alone.
            models.CheckConstraint(
                condition=models.Q(side__in=["NS", "EW"]) | (models.Q(side="") & ~models.Q(seat="")),
                name="incident_side_or_seat",
            ),
            models.CheckConstraint(
                condition=models.Q(deal__isnull=True) | models.Q(deal__gte=1), name="incident_deal_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"incident {self.pk}: {self.infraction} by {self.seat or self.side} at {self.match}"


class RulingStatus(models.TextChoices):
    STANDING = "standing", _("Standing")
    OVERTURNED = "overturned", _("Overturned")  # by the chief referee's decision on an appeal


class Ruling(models.Model):
    """A referee's decision on an incident, citing a rule, with the penalties it applies.

    ``proposed`` is what the event's penalty table proposed for the ``count``-th offence in the
    match; the ruling applies it, or other effects with a written ``override_reason`` (then it is
    ``flagged`` for the chief referee). At most one ruling of an incident stands.
    """

    incident = models.ForeignKey(Incident, on_delete=models.PROTECT, related_name="rulings")
    status = models.CharField(max_length=10, choices=RulingStatus.choices, default=RulingStatus.STANDING)
    dismissed = models.BooleanField(
        default=False, help_text="No infraction: nothing applied, nothing counted."
    )
    rule = models.CharField(max_length=120, help_text="The rule cited, e.g. 'G12 default: hidden_card'.")
    note = models.TextField(max_length=2000, blank=True)
    count = models.PositiveSmallIntegerField(default=0, help_text="The offence is the count-th in the match.")
    proposed = models.JSONField(default=dict, help_text="The table's proposal (effects, count, scope).")
    effects = models.JSONField(default=list, help_text="The effects applied.")
    overrides_table = models.BooleanField(default=False)
    override_reason = models.TextField(max_length=2000, blank=True)
    flagged = models.BooleanField(default=False, help_text="Waits for the chief referee's review.")
    play_index = models.PositiveSmallIntegerField(null=True, blank=True, help_text="A replayed deal's play.")
    violation_code = models.CharField(max_length=40, blank=True, help_text="deals/replay's violation code.")
    minutes_late = models.PositiveSmallIntegerField(null=True, blank=True)
    with_leave = models.BooleanField(default=False)
    replaces = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    made_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    made_at = models.DateTimeField(auto_now_add=True)
    overturned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["incident", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["incident"], condition=models.Q(status="standing"), name="one_standing_ruling"
            )
        ]

    def __str__(self) -> str:
        return f"ruling {self.pk} on incident {self.incident_id} ({self.status})"


class PenaltyStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    CANCELLED = "cancelled", _("Cancelled")  # with a reason
    OVERTURNED = "overturned", _("Overturned")  # its ruling was overturned


class Penalty(models.Model):
    """One effect of a ruling (G12): its kind, whom it hits, and its amount.

    ``deal`` is where it is recorded (a lost turn, a redone tribute or deal); ``after_deal`` is
    where a level change enters the level line (after that many deals of the match); ``before``
    keeps what a disqualification changed, so that cancelling it restores it.
    """

    ruling = models.ForeignKey(Ruling, on_delete=models.PROTECT, related_name="penalties")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="penalties")
    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="penalties")
    kind = models.CharField(max_length=20, choices=[(kind.value, kind.value) for kind in PenaltyKind])
    to = models.CharField(max_length=10, choices=[(target.value, target.value) for target in Target])
    side = models.CharField(
        max_length=4,
        blank=True,
        help_text="The side hit: NS, EW or both; empty at a table of four (``to`` from the incident's seat).",
    )
    amount = models.IntegerField(null=True, blank=True)
    on_stage = models.BooleanField(default=False)
    deal = models.PositiveSmallIntegerField(null=True, blank=True)
    after_deal = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=PenaltyStatus.choices, default=PenaltyStatus.ACTIVE)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancelled_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    cancel_reason = models.TextField(max_length=2000, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ruling", "id"]
        indexes = [
            models.Index(fields=["event", "status", "kind"], name="penalty_event_status_kind"),
            models.Index(fields=["match", "status"], name="penalty_match_status"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(side__in=["NS", "EW", "both", ""]), name="penalty_side_known"
            ),
            models.CheckConstraint(
                condition=models.Q(status="cancelled") | models.Q(cancel_reason=""),
                name="penalty_reason_only_when_cancelled",
            ),
        ]

    def __str__(self) -> str:
        amount = "" if self.amount is None else f" {self.amount:+d}"
        return f"penalty {self.pk}: {self.kind}{amount} to {self.side} ({self.status})"


class AppealStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    UPHELD = "upheld", _("Upheld")  # the ruling stands
    OVERTURNED = "overturned", _("Overturned")  # the ruling was overturned (maybe replaced)


class Appeal(models.Model):
    """An appeal of a ruling to the chief referee (裁判长), by a side of the table, and the decision.

    A decision without an appeal is the chief referee's review of a flagged ruling (``side`` empty).
    """

    incident = models.ForeignKey(Incident, on_delete=models.PROTECT, related_name="appeals")
    ruling = models.ForeignKey(Ruling, on_delete=models.PROTECT, related_name="appeals")
    side = models.CharField(max_length=2, blank=True, help_text="The side appealing; empty: a review.")
    seat = models.CharField(
        max_length=1, choices=SEATS, blank=True, help_text="At a table of four: the seat appealing."
    )
    reason = models.TextField(max_length=2000, blank=True)
    status = models.CharField(max_length=10, choices=AppealStatus.choices, default=AppealStatus.PENDING)
    lodged_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    lodged_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    lodged_at = models.DateTimeField(auto_now_add=True)
    decision = models.TextField(max_length=2000, blank=True, help_text="The chief referee's reasons.")
    decided_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["incident", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["incident"], condition=models.Q(status="pending"), name="one_pending_appeal"
            )
        ]

    def __str__(self) -> str:
        return f"appeal {self.pk} of ruling {self.ruling_id} ({self.status})"


class CallStatus(models.TextChoices):
    OPEN = "open", _("Open")  # the table waits for a referee
    CANCELLED = "cancelled", _("Cancelled")  # the table no longer needs one
    ANSWERED = "answered", _("Answered")  # a referee came


class RefereeCall(models.Model):
    """A table calls a referee (docs/referees.md "Calling a referee"): what about, in its own words
    or as a known infraction; the event's referees see it at once; the table cancels it, or the
    referee who came marks it answered. A call is a request for a person, not a ruling: what the
    referee then finds is an incident of its own."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="calls")
    match = models.ForeignKey("tournaments.Match", on_delete=models.PROTECT, related_name="calls")
    about = models.CharField(max_length=500, blank=True, help_text="What about, in the table's words.")
    infraction = models.CharField(
        max_length=24, blank=True, choices=[(code.value, code.value) for code in Infraction]
    )
    status = models.CharField(max_length=10, choices=CallStatus.choices, default=CallStatus.OPEN)
    called_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    called_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    called_via = models.CharField(max_length=80, help_text="The credential: user:<id> or table:<event>:<n>.")
    created_at = models.DateTimeField(auto_now_add=True)
    # Who closed it (cancelled or answered), and when.
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        "auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_token = models.ForeignKey(
        "tournaments.TableToken", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["event", "id"]
        indexes = [models.Index(fields=["event", "status"], name="call_event_status")]
        constraints = [
            # A table calls once at a time: a second call while one is open is refused (call_open).
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(status="open"), name="one_open_call"
            ),
            models.CheckConstraint(condition=~models.Q(about="", infraction=""), name="call_says_what_about"),
            models.CheckConstraint(
                condition=models.Q(status="open", closed_at__isnull=True)
                | (~models.Q(status="open") & models.Q(closed_at__isnull=False)),
                name="call_closed_when_not_open",
            ),
        ]

    def __str__(self) -> str:
        return f"call {self.pk} at {self.match} ({self.status})"
