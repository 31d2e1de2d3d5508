from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Unit(models.Model):
    """A club, department or school group that pairs belong to (G11)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="units")
    name = models.CharField(max_length=120)
    short_name = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="unit_name_unique")]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person. ``email`` and ``phone`` are contact data: never public."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    unit = models.ForeignKey(Unit, null=True, blank=True, on_delete=models.PROTECT, related_name="players")
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=32, blank=True)
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="Singles draw seed / grade order.")
    # The same person across the club's events (issue 24); empty when the event has no club.
    member = models.ForeignKey(
        "tournaments.Member", null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class PairStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    DISQUALIFIED = "disqualified", _("Disqualified")


class Pair(models.Model):
    """An entrant of the event: the players who stay together for the whole event (G11:
    中途不得换人): two in the partnership games, three in a Daguai Luzi team (docs/rules/daguai.md
    K1), who hold ``player_3``, and one alone in a game where each player scores for themselves
    (four-player Dou Dizhu, docs/events.md "Tables of four"): ``player_2`` is then empty. Every
    game's two-sided match is between two of these, a table of four seats four; the name stays
    "pair" because Guandan, the service's main game, calls them so.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=200, blank=True)
    player_1 = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    player_2 = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Empty: one player.",
    )
    player_3 = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+", help_text="A team of 3."
    )
    unit = models.ForeignKey(Unit, null=True, blank=True, on_delete=models.PROTECT, related_name="pairs")
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 is the strongest.")
    grade = models.CharField(max_length=32, blank=True)
    status = models.CharField(max_length=16, choices=PairStatus.choices, default=PairStatus.ACTIVE)
    status_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="pair_number_unique"),
            models.UniqueConstraint(fields=["player_1"], name="player_in_one_pair_1"),
            models.UniqueConstraint(fields=["player_2"], name="player_in_one_pair_2"),
            models.UniqueConstraint(fields=["player_3"], name="player_in_one_pair_3"),
            models.CheckConstraint(
                condition=models.Q(player_2__isnull=True) | ~models.Q(player_1=models.F("player_2")),
                name="pair_two_players",
            ),
            models.CheckConstraint(
                condition=models.Q(player_3__isnull=True) | models.Q(player_2__isnull=False),
                name="pair_third_after_second",
            ),
            models.CheckConstraint(
                condition=models.Q(player_3__isnull=True)
                | (~models.Q(player_3=models.F("player_1")) & ~models.Q(player_3=models.F("player_2"))),
                name="pair_three_players",
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="pair_number_positive"),
        ]

    def __str__(self) -> str:
        return self.name or f"Pair {self.number}"

    @property
    def display_name(self) -> str:
        return self.name or " / ".join(player.name for player in self.players)

    @property
    def players(self) -> tuple[Player, ...]:
        """The entrant's players in order: one, two or three."""
        if self.player_2_id is None:
            return (self.player_1,)
        # A null player_3 reads as None without a query.
        return tuple(player for player in (self.player_1, self.player_2, self.player_3) if player is not None)
