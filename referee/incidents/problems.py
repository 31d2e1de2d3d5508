"""The translatable messages of the problems the referee's records answer with (docs/referees.md).

The services raise core.errors' ``DomainError`` and ``Conflict`` and scoring's ``NotAllowed`` with these
codes, and write an English sentence with the details; in another language the API answers the
translated message of the code instead (core.problems).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "match_not_played": _("This match has not been played yet: its round is not published."),
    "already_ruled": _("This incident was already ruled: appeal the ruling instead."),
    "not_ruled": _("This incident has no ruling yet."),
    "appeal_pending": _("An appeal of this ruling is waiting for the chief referee."),
    "already_decided": _("The chief referee has decided this incident: the decision is final."),
    "nothing_to_decide": _("Nothing waits for a decision here: no appeal, no flagged ruling."),
    "not_party": _("Only the table of the incident (its token or its scorekeepers) may appeal."),
    "reason_required": _("Give a written reason."),
    "penalty_not_active": _("This penalty no longer applies: it was cancelled or its ruling overturned."),
    "seat_not_in_side": _("This seat does not sit on that side."),
    "seat_required": _("A table of four has no sides: name the seat of the player."),
    "unknown_match": _("This event has no such match."),
    "invalid_effect": _("This penalty effect is not valid."),
}
