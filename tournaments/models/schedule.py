from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.draws import DrawKind, FirstRound


class StageKind(models.TextChoices):
    """A stage's draw system: the keys of ``tournaments.draws.DRAW_SYSTEMS`` (G11), with their names."""

    SWISS = DrawKind.SWISS, _("Swiss / score-paired (积分编排制)")
    KNOCKOUT = DrawKind.KNOCKOUT, _("Knockout (淘汰制)")
    ROUND_ROBIN = DrawKind.ROUND_ROBIN, _("Round robin (循环)")


FIRST_ROUND_NAMES = {FirstRound.RANDOM: "seeded random", FirstRound.SEEDED: "by seed/grade"}


class Stage(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="stages")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=16, choices=StageKind.choices, default=StageKind.SWISS)
    order = models.PositiveSmallIntegerField(default=1)
    advance_count = models.PositiveIntegerField(
        null=True, blank=True, help_text="How many go on to the next stage."
    )
    first_round = models.CharField(
        max_length=8,
        default=FirstRound.RANDOM,
        choices=[(str(method), FIRST_ROUND_NAMES[method]) for method in FirstRound],
        help_text="How the first round is drawn (G11).",
    )
    group_count = models.PositiveSmallIntegerField(default=1, help_text="Round robin: groups, snake-seeded.")
    best_of = models.PositiveSmallIntegerField(default=1, help_text="Knockout: 1 or 3 matches per tie.")

    class Meta:
        ordering = ["event", "order"]
        constraints = [
            models.UniqueConstraint(fields=["event", "order"], name="stage_order_unique"),
            models.CheckConstraint(condition=models.Q(best_of__in=[1, 3]), name="stage_best_of_1_or_3"),
            models.CheckConstraint(condition=models.Q(group_count__gte=1), name="stage_group_count_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # may be drawn, redrawn and edited
    PUBLISHED = "published", _("Published")  # frozen, visible to the tables and the public
    CLOSED = "closed", _("Closed")  # results final


class Round(models.Model):
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="rounds")
    stage = models.ForeignKey(Stage, on_delete=models.PROTECT, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    starts_at = models.DateTimeField(null=True, blank=True)
    draw_seed = models.BigIntegerField(null=True, blank=True, help_text="The seed the draw was made with.")
    draw_system = models.CharField(max_length=32, blank=True)
    relaxed = models.JSONField(default=list, blank=True, help_text="Constraints the draw had to relax.")
    drawn_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round clock (docs/events.md "The round clock"): started, paused, extended by the staff;
    # what it shows is derived from these (tournaments.clock), never stored.
    clock_started_at = models.DateTimeField(null=True, blank=True, help_text="The clock's first start.")
    clock_paused_at = models.DateTimeField(null=True, blank=True, help_text="Set while the clock is paused.")
    clock_paused_seconds = models.PositiveIntegerField(default=0, help_text="The pauses that ended, in all.")
    clock_extended_minutes = models.PositiveSmallIntegerField(default=0, help_text="Time added to the limit.")
    updated_at = models.DateTimeField(
        auto_now=True, help_text="Last change, hand edits of the draw included."
    )
    # Set by tournaments.services.unsettled: {reason, operation, tables: [{round, table, status}], at}.
    unsettled_override = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="The organiser's reason for drawing or publishing over unsettled tables, and those tables.",
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=models.Q(clock_paused_at__isnull=True) | models.Q(clock_started_at__isnull=False),
                name="round_clock_paused_after_start",
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class MatchStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    PLAYING = "playing", _("Playing")
    FINISHED = "finished", _("Finished")  # a result was posted
    DISPUTED = "disputed", _("Disputed")  # two submissions differ: a referee decides
    CONFIRMED = "confirmed", _("Confirmed")  # the result was confirmed; only these count (G10)


class Match(models.Model):
    """One table of a round: NS pair against EW pair, a bye (no EW pair), or a table of four
    players who each score for themselves (no pairs: its ``seats``, ``TableSeat``; four-player Dou
    Dizhu, docs/events.md "Tables of four")."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    ns_pair = models.ForeignKey(
        "tournaments.Pair",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Empty for a table of four (its seats).",
    )
    ew_pair = models.ForeignKey(
        "tournaments.Pair", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.SCHEDULED)
    flags = models.JSONField(
        default=list, blank=True, help_text='Relaxed constraints: "rematch", "same_unit", …'
    )
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Knockout: position.")
    best_of = models.PositiveSmallIntegerField(default=1)
    winner = models.ForeignKey(
        "tournaments.Pair", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_table_unique"),
            models.CheckConstraint(condition=models.Q(table__gte=1), name="match_table_positive"),
            models.CheckConstraint(condition=~models.Q(ns_pair=models.F("ew_pair")), name="match_two_pairs"),
            models.CheckConstraint(
                condition=models.Q(ns_pair__isnull=False)
                | models.Q(ew_pair__isnull=True, winner__isnull=True),
                name="match_table_of_four_no_sides",
            ),
            models.CheckConstraint(
                condition=models.Q(winner__isnull=True)
                | models.Q(winner=models.F("ns_pair"))
                | models.Q(winner=models.F("ew_pair")),
                name="match_winner_plays",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"

    @property
    def is_table_of_four(self) -> bool:
        return self.ns_pair_id is None

    @property
    def is_bye(self) -> bool:
        return self.ns_pair_id is not None and self.ew_pair_id is None

    @property
    def pair_ids(self) -> tuple[int, ...]:
        """The entrants at the table (a table of four reads its seats: prefetch ``seats``)."""
        if self.ns_pair_id is None:
            return tuple(seat.pair_id for seat in self.seats.all())
        return (self.ns_pair_id,) if self.ew_pair_id is None else (self.ns_pair_id, self.ew_pair_id)


SEATS_OF_FOUR = ("N", "E", "S", "W")


class TableSeat(models.Model):
    """One player's seat at a table of four (docs/events.md "Tables of four"). ``round`` repeats the
    match's so that the database keeps an entrant at one table per round."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    seat = models.CharField(max_length=1, choices=[(s, s) for s in SEATS_OF_FOUR])
    pair = models.ForeignKey("tournaments.Pair", on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="table_seat_unique"),
            models.UniqueConstraint(fields=["round", "pair"], name="table_seat_one_per_round"),
            models.CheckConstraint(condition=models.Q(seat__in=SEATS_OF_FOUR), name="table_seat_known"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat}"
