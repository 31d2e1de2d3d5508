"""What a table token's table reads (``GET /table/``): which match is the table's now, and the stamps
that name everything that read shows, so the table app's poll is answered ``304`` from one small
query before anything is read or built (docs/table-app.md "Polling", docs/index.md "One owner for a
match's derived state").

What the read shows, and what moves when it changes:

- the match row (its pairs, status, flags, winner, best of): read here, column by column;
- its round's number, status and clock (start, pause, extension): read here;
- its deals, results and the referees' level changes: the match's state row (``MatchState.stamp``,
  moved by every store and forget of it, scoring.services.sheet_store) and the event's
  ``results_version`` (moved by every result and ruling, scoring.services.changes);
- pairs, players, units, rounds and the event's settings (the names, whether results are shown):
  the event's ``results_version`` (moved by their writers, tournaments.changes), read with the token;
- who played in a registered player's place: the event's substitutions, counted here;
- its incidents (the table app's "Incidents and rulings"): their count, an expression the referee
  app registers (``Rulings.incident_stamp``; scoring never imports it); their rulings, appeals and
  cancellations move ``results_version``.

The stamps are read *before* the answer is built from the rows, so an answer is never older than
the ETag it carries: a change committed in between makes the next poll a ``200``, never a stale
``304``.
"""

from __future__ import annotations

from django.db.models import Case, Count, IntegerField, Max, Subquery, Sum, Value, When
from django.db.models.functions import Coalesce

from scoring.models.states import RELATION
from scoring.rulings import rulings
from tournaments.models import Match, RoundStatus, Substitution
from tournaments.selectors import MATCH_WITH_PLAYERS

SHOWN = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)

# The columns of the match and its round that the read shows (tournaments.serializers.schedule's
# MatchSerializer, tournaments.clock.round_clock), and the state row's stamp.
COLUMNS = (
    "id",
    "table",
    "ns_pair_id",
    "ew_pair_id",
    "status",
    "flags",
    "bracket_slot",
    "best_of",
    "winner_id",
    "round__number",
    "round__status",
    "round__clock_started_at",
    "round__clock_paused_at",
    "round__clock_paused_seconds",
    "round__clock_extended_minutes",
    f"{RELATION}__stamp",
)


def _substitutions(event_id: int, aggregate) -> Subquery:
    rows = Substitution.objects.filter(pair__event=event_id).order_by().values("pair__event")
    return Subquery(rows.annotate(value=aggregate).values("value")[:1])


def table_stamps(event_id: int, table: int) -> tuple | None:
    """The table's current match (the one of the latest published round, else of the latest closed
    round: ``table_match``) as the stamps of what its read shows, its id first; None when no shown
    round has a match at that table. One query."""
    incidents = rulings().incident_stamp()
    rows = (
        Match.objects.filter(round__event=event_id, table=table, round__status__in=SHOWN)
        .annotate(
            published=Case(
                When(round__status=RoundStatus.PUBLISHED, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            ),
            substituted=_substitutions(event_id, Count("id")),
            last_substitution=_substitutions(event_id, Max("id")),
            substitution_ends=_substitutions(event_id, Sum(Coalesce("until_round", 0))),
            incident_stamp=incidents if incidents is not None else Value(0),
        )
        .order_by("published", "-round__number")
        .values_list(*COLUMNS, "substituted", "last_substitution", "substitution_ends", "incident_stamp")
    )
    return rows.first()


def table_match(event_id: int, table: int, *, pk: int | None = None) -> Match | None:
    """A table's current match: the one of the latest published round, else of the latest closed
    round, with both pairs' players. ``pk``: that match, which ``table_stamps`` found (read again
    with its rows, after the stamps)."""
    matches = Match.objects.filter(
        round__event=event_id, table=table, round__status__in=SHOWN
    ).select_related(*MATCH_WITH_PLAYERS)
    if pk is not None:
        return matches.filter(pk=pk).first()
    match = matches.filter(round__status=RoundStatus.PUBLISHED).order_by("-round__number").first()
    return match or matches.order_by("-round__number").first()
