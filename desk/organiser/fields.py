"""The event's settings as the organiser's desk sets them: each field with what it means (in the
page's language) and how it is entered. The values and the checks are the API's: the page sends
them to ``PATCH /events/{slug}/`` (or ``POST /events/``) and shows its refusals on their fields."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine import game_codes, get_game, setting_choices
from tournaments.models import AbsentPairs, EventStatus
from tournaments.models.event import OpponentsBye, OpponentsForfeit


@dataclass(frozen=True)
class Field:
    name: str
    label: str | Promise
    help: str | Promise
    kind: str  # text, date, number, choice, bool, json
    choices: tuple[tuple[str, str], ...] = ()
    profile: bool = False  # empty: the rule profile's value (shown beside it)
    group: str = "event"


def _pairs(choices) -> tuple[tuple[str, str], ...]:
    return tuple((str(value), str(label)) for value, label in choices)


def fields() -> list[Field]:
    games = tuple((code, get_game(code).name) for code in game_codes())
    rulesets = tuple(
        (key, f"{get_game(code).name}: {key}") for code in game_codes() for key in get_game(code).profiles
    )
    return [
        Field("name", _("Name"), _("As players and websites will see it."), "text"),
        Field(
            "slug",
            _("Short name in links"),
            _("Letters, digits and dashes: the event's address, /e/<slug>/."),
            "text",
        ),
        Field("starts_on", _("First day"), "", "date"),
        Field("ends_on", _("Last day"), _("Not before the first day."), "date"),
        Field("venue", _("Venue"), "", "text"),
        Field(
            "status",
            _("State"),
            _("Draft: only the staff see it. Published: the public sees what publication allows."),
            "choice",
            _pairs(EventStatus.choices),
        ),
        Field(
            "game",
            _("Game"),
            _("Fixed once pairs play: each game has its own rules and deal forms."),
            "choice",
            games,
            group="rules",
        ),
        Field(
            "ruleset",
            _("Rule profile"),
            _("A built-in set of the rules; the fields below change single rules."),
            "choice",
            rulesets,
            group="rules",
        ),
        Field(
            "match_format",
            _("Match format (G8)"),
            _("Through A, a number of deals, on time, or whichever comes first. Empty: the profile's."),
            "choice",
            _pairs((v, v) for v in setting_choices("match_format")),
            profile=True,
            group="rules",
        ),
        Field(
            "deal_limit",
            _("Deals per match (G8)"),
            _("For the counted formats. Empty: the profile's."),
            "number",
            profile=True,
            group="rules",
        ),
        Field(
            "time_limit_minutes",
            _("Time limit, minutes (G8)"),
            _("For the timed formats: the round clock counts it down. Empty: the profile's."),
            "number",
            profile=True,
            group="rules",
        ),
        Field(
            "equal_levels",
            _("Equal levels at the end (G8)"),
            _("A draw, one extra deal, or the last deal's winner. Empty: the profile's."),
            "choice",
            _pairs((v, v) for v in setting_choices("equal_levels")),
            profile=True,
            group="rules",
        ),
        Field(
            "best_of",
            _("Best of (G8)"),
            _("1 or 3 matches a round. Empty: the profile's."),
            "number",
            profile=True,
            group="rules",
        ),
        Field(
            "correction_minutes",
            _("Correction period, minutes"),
            _(
                "After a round closes, referees may still correct results this long;"
                " then only the chief referee."
            ),
            "number",
            group="rules",
        ),
        Field(
            "match_points",
            _("Match points (G9)"),
            _("The scoring method of the main ranking and its numbers (JSON)."),
            "json",
            group="scoring",
        ),
        Field(
            "level_points",
            _("Level points (G9)"),
            _("The first tiebreak's method (JSON)."),
            "json",
            group="scoring",
        ),
        Field(
            "tiebreaks",
            _("Tiebreaks (G10)"),
            _("The ordered chain (JSON list of keys)."),
            "json",
            group="scoring",
        ),
        Field(
            "shared_places",
            _("Tied pairs share a place (G10)"),
            _("Off: seeded lots part them."),
            "bool",
            group="scoring",
        ),
        Field(
            "opponents_bye",
            _("A bye in opponents' points"),
            "",
            "choice",
            _pairs(OpponentsBye.choices),
            group="scoring",
        ),
        Field(
            "opponents_forfeit",
            _("A forfeit in opponents' points"),
            "",
            "choice",
            _pairs(OpponentsForfeit.choices),
            group="scoring",
        ),
        Field(
            "same_unit",
            _("Keep a unit's pairs apart (G11)"),
            _("hard: always; soft: where it costs nothing; off: never."),
            "choice",
            (("hard", "hard"), ("soft", "soft"), ("off", "off")),
            group="draw",
        ),
        Field(
            "table_movement",
            _("Table movement (G11)"),
            _("Later rounds move each table's winner up a table instead of a new draw."),
            "bool",
            group="draw",
        ),
        Field(
            "seed_by_rating",
            _("Seed the first round by rating"),
            _("The club's ratings give the seeds."),
            "bool",
            group="draw",
        ),
        Field(
            "check_in_required",
            _("The draw waits for the check-in"),
            _("A round is drawn only once every pair is marked present, late or absent."),
            "bool",
            group="draw",
        ),
        Field("absent_pairs", _("An absent pair"), "", "choice", _pairs(AbsentPairs.choices), group="draw"),
        Field(
            "publish_pairings",
            _("Publish the pairings"),
            _("Anonymous readers and club websites see published rounds."),
            "bool",
            group="publication",
        ),
        Field("publish_results", _("Publish the results"), "", "bool", group="publication"),
        Field("publish_standings", _("Publish the standings"), "", "bool", group="publication"),
        Field(
            "publish_rulings",
            _("Publish the referees' rulings"),
            _("Never who reported an incident."),
            "bool",
            group="publication",
        ),
    ]


GROUPS = (
    ("event", _("The event")),
    ("rules", _("Rules and match format")),
    ("scoring", _("Scoring and standings")),
    ("draw", _("Draws and check-in")),
    ("publication", _("Publication")),
)
