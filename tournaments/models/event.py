from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from engine import DEFAULT_GAME, game_codes, get_game
from engine.penalties import build_table
from engine.scoring.methods import build_method
from tournaments.draws import SameUnit
from tournaments.models.checkin import AbsentPairs


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # visible to its staff only
    PUBLISHED = "published", _("Published")  # announced: registration, pairings as published
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


# The scoring columns default to the default game's (Guandan's G9: 2 / 1 / 0 match points and net
# level points 净胜级; G10's chain); a new event of another game takes its own (event_create). Stored
# as an organiser's setting is, every number filled in (docs/scoring.md §4).
def default_match_points() -> dict:
    return build_method({"method": get_game(DEFAULT_GAME).scoring.match_points}).to_dict()


def default_level_points() -> dict:
    return build_method({"method": get_game(DEFAULT_GAME).scoring.level_points}).to_dict()


def default_tiebreaks() -> list:
    return list(get_game(DEFAULT_GAME).scoring.tiebreaks)


def new_lots_seed() -> int:
    return secrets.randbelow(2**53)  # published, and read by websites' JavaScript: exact below 2**53


class OpponentsBye(models.TextChoices):
    ZERO = "zero", _("A bye adds nothing to opponents' points")
    OWN = "own", _("A bye counts as an opponent with the pair's own points")


class OpponentsForfeit(models.TextChoices):
    """G10: what the other side of a forfeited match (late, or a withdrawal) adds to opponents' points."""

    OPPONENT = "opponent", _("A forfeited match counts the opponent's points, as if it was played")
    ZERO = "zero", _("A forfeited match adds nothing to opponents' points")
    OWN = "own", _("A forfeited match counts as an opponent with the pair's own points")


class Entry(models.TextChoices):
    """Who enters the event (docs/duplicate.md "Individual events")."""

    FIXED = "fixed", _("Each entrant is the game's side: a pair, a team of three, or a player alone")
    INDIVIDUAL = "individual", _("Each player enters alone; partners rotate every round (转蛋 / 个人赛)")


class Event(models.Model):
    """A tournament. Its rules are a built-in rule profile plus overrides (docs/rules/guandan.md G1-G12).

    The match format (G8) fields are nullable: null means "as the rule profile says".
    """

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    time_zone = models.CharField(max_length=64, default="Asia/Shanghai")
    # A code of the game registry (engine.registry), checked by ``clean``, the serializer and the
    # services, not by the database: neither a constraint nor ``choices`` lists the codes, so adding
    # a game is no migration (docs/rules/index.md "Adding a game").
    game = models.CharField(max_length=32, default=DEFAULT_GAME)
    ruleset = models.CharField(max_length=64, default=get_game(DEFAULT_GAME).default_profile)
    rule_overrides = models.JSONField(default=dict, blank=True)
    # G8: match format; null = take the rule profile's value.
    match_format = models.CharField(max_length=16, null=True, blank=True)  # noqa: DJ001 - null: the profile's
    deal_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    time_limit_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    equal_levels = models.CharField(max_length=24, null=True, blank=True)  # noqa: DJ001 - null: the profile's
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who enters: the game's sides (fixed), or, in a game of partnerships, players alone whose
    # partners and opponents the draw rotates every round (docs/duplicate.md "Individual events").
    entry = models.CharField(
        max_length=12,
        choices=Entry.choices,
        default=Entry.FIXED,
        help_text="fixed: the game's sides enter; individual: players alone, partners drawn each round.",
    )
    # G11: draws
    seed_by_rating = models.BooleanField(
        default=False,
        help_text="Seed the first round's draw by the club's ratings of the players (docs/ratings.md).",
    )
    same_unit = models.CharField(
        max_length=8,
        default=SameUnit.HARD,
        choices=[(str(setting), str(setting)) for setting in SameUnit],
        help_text="Keep pairs of one unit apart in draws: always (hard), where cheap (soft), or not.",
    )
    table_movement = models.BooleanField(
        default=False, help_text="G11: after a half, winners move up a table."
    )
    allow_unsettled_draws = models.BooleanField(
        default=False,
        help_text="Allow a Swiss round to be drawn and published over unsettled tables, for a reason.",
    )
    # Check-in (检录) before each round (docs/events.md "Check-in"): whether the draw waits for
    # every pair's mark, and what it does with a pair marked absent.
    check_in_required = models.BooleanField(
        default=False, help_text="A round is drawn only once every active pair of its stage is checked in."
    )
    absent_pairs = models.CharField(
        max_length=12,
        choices=AbsentPairs.choices,
        default=AbsentPairs.LEAVE_OUT,
        help_text="A pair marked absent: left out of the draw, or drawn and its match forfeited.",
    )
    # G9, G10: scoring and standings; validated against the registries of engine.scoring.methods and
    # engine.scoring.ranking (docs/scoring.md).
    match_points = models.JSONField(
        default=default_match_points,
        help_text="G9 scoring method of the match points (场分) and its numbers.",
    )
    level_points = models.JSONField(
        default=default_level_points, help_text="G9 scoring method of the level points (级分/小分)."
    )
    tiebreaks = models.JSONField(default=default_tiebreaks, help_text="G10: the ordered tiebreak chain.")
    shared_places = models.BooleanField(
        default=True, help_text="G10: pairs still tied after the chain share a place (else: seeded lots)."
    )
    opponents_bye = models.CharField(max_length=8, choices=OpponentsBye.choices, default=OpponentsBye.ZERO)
    opponents_forfeit = models.CharField(
        max_length=8, choices=OpponentsForfeit.choices, default=OpponentsForfeit.OPPONENT
    )
    unit_best = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Unit standings: count the best K pairs of a unit; empty = all."
    )
    lots_seed = models.BigIntegerField(
        default=new_lots_seed, help_text="G10: the seed of the drawing of lots, published with the standings."
    )
    # G12: the penalty table (a built-in table by key, any number changed; engine.penalties.settings),
    # and whether the public sees the referees' rulings (never who reported an incident).
    penalty_table = models.JSONField(
        default=dict,
        blank=True,
        help_text="G12: {table, rows, disqualified_results}; {}: the rule profile's.",
    )
    publish_rulings = models.BooleanField(default=False)
    correction_minutes = models.PositiveSmallIntegerField(
        default=30, help_text="Minutes after a round closes in which referees may still correct results."
    )
    results_version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Bumped whenever what the standings show changes (their cache generation).",
    )
    status = models.CharField(max_length=16, choices=EventStatus.choices, default=EventStatus.DRAFT)
    # Publication settings: what anonymous clients may read once the event is published.
    publish_pairings = models.BooleanField(default=True)
    publish_results = models.BooleanField(default=True)
    publish_standings = models.BooleanField(default=True)
    # The organiser across a season (issue 24): its members, series and ratings; empty: an event alone.
    club = models.ForeignKey(
        "tournaments.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "slug"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True)
                | models.Q(starts_on__isnull=True)
                | models.Q(ends_on__gte=models.F("starts_on")),
                name="event_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    MATCH_FIELDS = ("match_format", "deal_limit", "time_limit_minutes", "equal_levels", "best_of")

    def save(self, *args, **kwargs):
        # results_version only ever moves by an atomic UPDATE … + 1: a save of a stale copy of the
        # event must not write an old value back.
        if self.pk is not None and not kwargs.get("force_insert") and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "results_version"
            ]
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """The game is one the registry has in service (the admin's check; the API's is its serializer)."""
        super().clean()
        if self.game not in game_codes():
            raise ValidationError({"game": ValidationError(_("Unknown game."), code="unknown_game")})

    @property
    def at_tables(self) -> bool:
        """Whether the event seats its players four to a table, each scoring for themselves (four-player
        Dou Dizhu, docs/events.md "Players alone: tables of four"): tables with seats, not sides."""
        return get_game(self.game, pending=True).individual

    @property
    def rotating_partners(self) -> bool:
        """Whether players enter alone and each round draws their partners (an individual event of
        a game of partnerships: docs/duplicate.md "Individual events"): tables of four seats whose
        N/S and E/W players are the two sides."""
        return self.entry == Entry.INDIVIDUAL

    def rule_profile(self):
        """The effective rule profile: ruleset, then overrides, then the event's match format."""
        overrides = dict(self.rule_overrides or {})
        for name in self.MATCH_FIELDS:
            if getattr(self, name) is not None:
                overrides[name] = getattr(self, name)
        return get_game(self.game).profile(self.ruleset, overrides)

    def penalty_rules(self):
        """The effective penalty table (G12): the setting over the rule profile's table and variant."""
        profile = self.rule_profile()
        game = get_game(self.game, pending=True)
        return build_table(
            self.penalty_table,
            default_table=getattr(profile, "penalty_table", "default"),
            signal_penalty=getattr(profile, "signal_penalty", "match_point"),
            seat_rows=game.seat_penalty_rows(),
            # A game whose levels follow its deals alone reads the table's level changes as points.
            levels=game.match_sheet is None or game.match_sheet.takes_level_changes,
        )

    @property
    def is_public(self) -> bool:
        return self.status != EventStatus.DRAFT


#: What an organizer sets on an event, in the order EventSerializer shows them (its writable columns).
EVENT_FIELDS = (
    "slug",
    "name",
    "starts_on",
    "ends_on",
    "venue",
    "time_zone",
    "game",
    "entry",
    "ruleset",
    "rule_overrides",
    "match_format",
    "deal_limit",
    "time_limit_minutes",
    "equal_levels",
    "best_of",
    "same_unit",
    "seed_by_rating",
    "table_movement",
    "allow_unsettled_draws",
    "check_in_required",
    "absent_pairs",
    "status",
    "publish_pairings",
    "publish_results",
    "publish_standings",
    "match_points",
    "level_points",
    "tiebreaks",
    "shared_places",
    "opponents_bye",
    "opponents_forfeit",
    "penalty_table",
    "publish_rulings",
    "unit_best",
    "lots_seed",
    "correction_minutes",
    "club",
)
