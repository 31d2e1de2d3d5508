"""What the public pages show, read through the API's own selectors and visibility rules.

Nothing here decides visibility or computes a score anew: the event is found as an anonymous API
read finds it (``tournaments.selectors.visible_event``), what it publishes is asked of the API's
checks (``publish_pairings``, ``scoring.permissions.results_visible`` / ``standings_visible``,
the referee app's ``scoring.rulings`` readers), pairings are the rows of the tables list
(``tournaments.selectors.match_page`` and the serializers' lean twins), results are
``scoring.selectors.results.results_table`` with each match's line from
``scoring.selectors.matches.sheet_line``, and standings are ``standings_table`` / ``units_table`` with
the columns and labels of ``GET /events/{slug}/standings/``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.utils.translation import gettext_lazy

from core.filters import SMALLINT_MAX
from engine import get_game
from engine.sheets import LEVEL_LINE
from scoring.labels import metric_label
from scoring.permissions import results_visible, standings_visible
from scoring.rulings import rulings as registered_rulings
from scoring.selectors.matches import (
    current_deals,
    match_profile,
    round_matches,
    sheet_line,
)
from scoring.selectors.results import results_table
from scoring.selectors.standings import shown_tiebreaks, standings_table, units_table
from tournaments import selectors as tournament_selectors
from tournaments.models import Event, Round
from tournaments.selectors import PUBLISHED_ROUNDS, match_page
from tournaments.substitutes import stand_in_names, substitutions_of

#: The public pages are what an anonymous API caller reads, whoever looks at them (an organiser
#: logged in to the admin sees the public page too, never a draft).
PUBLIC = SimpleNamespace(user=AnonymousUser())


def public_event(slug: str) -> Event:
    """The event by slug as the public sees it; a draft or unknown event is a 404. Read as the API's
    anonymous reads read it (``tournaments.selectors.public_event``): with a shared cache the row is
    kept there until the event changes, so a page's ``304`` sends no query, as the API's does."""
    return tournament_selectors.public_event(slug, tournament_selectors.EVENT_FIELDS)


#: Whether the event publishes each section (the API's own checks for an anonymous caller).
SECTIONS = {
    "pairings": lambda event: bool(event.publish_pairings),
    "results": lambda event: results_visible(PUBLIC, event),
    "standings": lambda event: standings_visible(PUBLIC, event),
    "rulings": lambda event: rulings_published(event),
}


def shows(event: Event) -> dict[str, bool]:
    """Which sections the event publishes."""
    return {section: published(event) for section, published in SECTIONS.items()}


def publishes(event: Event, section: str) -> bool:
    """Whether the event publishes ``section`` (one entry of ``shows``, the others not asked)."""
    return SECTIONS[section](event)


def published_rounds(event: Event) -> list[Round]:
    return tournament_selectors.published_rounds(event)


def published_round(event: Event, number: int) -> Round:
    """A published (or closed) round of the event; a draft or unknown round is a 404."""
    if not 1 <= number <= SMALLINT_MAX:
        raise Http404("no such round")
    round_ = tournament_selectors.published_round(event, number)
    if round_ is None:
        raise Http404("no such round")
    return round_


def current_round(event: Event) -> Round | None:
    """The round in play: the last published one, else the last closed one."""
    return tournament_selectors.current_round(event)


def pairings(event: Event, number: int) -> list[dict[str, Any]]:
    """The tables of a published round exactly as ``GET /events/{slug}/matches/?round=N`` lists them
    (every page of it), each pair with its unit's name. Three queries."""
    if not event.publish_pairings:
        raise Http404("pairings not published")
    rows = [
        row[:-1]
        for row in match_page(
            event.pk, PUBLISHED_ROUNDS, {"round__number": number}, start=0, size=SMALLINT_MAX
        )
    ]
    answers, pairs = tournament_selectors.match_answers(rows, event=event.slug)
    units = tournament_selectors.unit_names(event)
    for pair in pairs.values():
        pair["unit_name"] = units.get(pair["unit"], "")
    return answers


def round_outcomes(event: Event, number: int) -> list[dict[str, Any]]:
    """``GET /events/{slug}/results/?round=N``'s rows (no level lines: the big screen's results)."""
    if not results_visible(PUBLIC, event):
        raise Http404("results not published")
    return results_table(event, only=number)["rows"]


def results(event: Event, number: int) -> list[dict[str, Any]]:
    """``GET /events/{slug}/results/?round=N``'s rows, each with ``level_line``: the match state's
    level line (记级, as ``GET /matches/{id}/`` answers it), or None for a bye; a game whose sheet
    has no level line has ``sheet_line`` instead (``scoring.selectors.matches.sheet_line``). The
    deals of the whole round are read in one query; the referees' level changes (G12) are read per
    match by sheet_line."""
    if not results_visible(PUBLIC, event):
        raise Http404("results not published")
    rows = results_table(event, only=number)["rows"]
    matches = round_matches(event, number)
    deals = current_deals(matches.values())
    profiles: dict[int, Any] = {}
    # Who really played where a substitute did (the rows' ``played``; docs/events.md "Substitutes"):
    # one query, none when no table of the round had one.
    substituted = {
        pair["id"] for row in rows if row["played"] for pair in (row["ns_pair"], row["ew_pair"]) if pair
    }
    substitutions = substitutions_of(substituted) if substituted else {}
    for row in rows:
        match = matches[row["match"]]
        row["stand_ins"] = {
            side: stand_in_names(substitutions, (row[f"{side.lower()}_pair"] or {}).get("id"), number)
            for side in ("NS", "EW")
        }
        row["level_line"] = row["sheet_line"] = None
        if match.is_bye:
            continue
        stage = match.round.stage_id
        if stage not in profiles:
            profiles[stage] = match_profile(match)
        line = sheet_line(match, deals[match.pk], profiles[stage])
        # A table's level line (Guandan's 记级) is the row's own column; any other game's line (its
        # level sheet, or its deals' points: the result's own points are the row's ``points``) is
        # shown as its sheet reads.
        if line["kind"] == LEVEL_LINE:
            row["level_line"] = line["entries"]
        else:
            row["sheet_line"] = line
    return rows


def sheet_kind(event: Event) -> str | None:
    """What the results' line column shows (``MatchSheet.line_kind``: "levels", "points"); None: the
    table's level line (Guandan's 记级)."""
    sheet = get_game(event.game).match_sheet
    kind = None if sheet is None else sheet.line_kind
    return None if kind == LEVEL_LINE else kind


#: What the standings' metrics count at tables of four (``engine.scoring.ranking.tables``), where "match
#: points" and "first places" would mislead: a player's points, above the table's average, deals won.
TABLE_LABELS = {
    "match_points": gettext_lazy("Points"),
    "level_points": gettext_lazy("Points above the table"),
    "first_places": gettext_lazy("Deals won"),
    "wins": gettext_lazy("Tables topped"),
}


def label(key: str | None, four: bool = False) -> str | None:
    if key is None:
        return None
    return str(TABLE_LABELS[key]) if four and key in TABLE_LABELS else metric_label(key)


def standings(event: Event) -> dict[str, Any]:
    """``GET /events/{slug}/standings/``'s answer: the same table, columns and labels."""
    if not standings_visible(PUBLIC, event):
        raise Http404("standings not published")
    table = standings_table(event)
    four = event.at_tables
    # A unit's short name stands for its name where the width is short (a phone: docs/pages.md).
    shorts = tournament_selectors.unit_short_names(event)
    rows = [
        {
            **row,
            "decided_by_name": label(row["decided_by"], four),
            "unit_short": shorts.get(row["pair"]["unit"] or "", ""),
        }
        for row in table["rows"]
    ]
    columns = [{"key": key, "name": label(key, four)} for key in ["match_points", *shown_tiebreaks(table)]]
    return {**table, **rounds_in(event, table["rounds"]), "rows": rows, "columns": columns}


def rounds_in(event: Event, counted: list[int]) -> dict[str, list[int]]:
    """What the standings' caption names (issue 35): ``closed_rounds``, the rounds whose results are
    all in (closed), and ``rounds_in_play``, the rounds of ``counted`` (those with a confirmed result
    in the standings) not closed yet, whose results so far count. "Standings after rounds 1, 2, 3"
    in the middle of round 3 would claim round 3 is over."""
    closed = tournament_selectors.closed_round_numbers(event)
    return {
        "closed_rounds": sorted(closed),
        "rounds_in_play": [number for number in counted if number not in closed],
    }


def standings_page(event: Event, number: int, size: int) -> tuple[dict[str, Any], int]:
    """Page ``number`` of ``standings``, ``size`` rows a page, and the number of pages (at least
    one: an event without pairs has one, empty); a page past the last is a 404."""
    table = standings(event)
    rows = table["rows"]
    count = max(1, -(-len(rows) // size))
    if number > count:
        raise Http404("no such page")
    if count == 1:
        return table, count
    return {**table, "rows": rows[(number - 1) * size : number * size]}, count


def unit_standings(event: Event) -> dict[str, Any]:
    """``GET /events/{slug}/standings/units/``'s answer."""
    if not standings_visible(PUBLIC, event):
        raise Http404("standings not published")
    table = units_table(event)
    rows = [{**row, "decided_by_name": label(row["decided_by"])} for row in table["rows"]]
    return {**table, "rows": rows}


# ---- rulings: shown when the referee app registered its readers (scoring.rulings) ----------------
# ``referee.incidents`` (docs/referees.md) owns incidents and rulings and says who sees them; without
# it the page and its link are simply left out: ``rulings_published`` is False.


def rulings_published(event: Event) -> bool:
    return registered_rulings().published(event)


def rulings(event: Event) -> list[dict[str, Any]]:
    """The incidents the public sees (ruled, appealed or decided; never who reported them), each with
    its standing ruling and that ruling's effects, as the incidents API shows them to the public."""
    readers = registered_rulings()
    if not readers.published(event):
        raise Http404("rulings not published")
    return readers.shown(event)
