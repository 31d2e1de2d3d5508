"""The infractions' names in the caller's language (English, or Chinese on ``Accept-Language:
zh-Hans``): what a table picks from when it calls a referee, and what the referees' queue shows.
The codes are the penalty tables' (``engine.penalties.Infraction``, G12); their Chinese names there
(``NAMES``) are the rule sheets' own, which the Chinese translation of these follows."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from engine.penalties import Infraction, PenaltyKind

INFRACTION_LABELS = {
    Infraction.HIDDEN_CARD: _("Hidden card"),
    Infraction.OUT_OF_TURN: _("Out of turn"),
    Infraction.WRONG_CARD_COUNT: _("Wrong number of cards"),
    Infraction.ILLEGAL_SIGNAL: _("Illegal signal"),
    Infraction.EXPOSED_CARD: _("Exposed card"),
    Infraction.SLOW_PLAY: _("Slow play"),
    Infraction.TRIBUTE_ERROR: _("Tribute error"),
    Infraction.REPORT_ERROR: _("Wrong card-count report"),
    Infraction.IMPROPER_PLAY: _("Improper play"),
    Infraction.COUNT_QUESTION: _("Count asked after the report"),
    Infraction.LATE_ARRIVAL: _("Late arrival"),
    Infraction.PLAYER_CHANGE: _("Change of player"),
    Infraction.PARTNER_TALK: _("Talking to a partner"),
}


# What a penalty does, as the referee's desk and the table's phone name it (docs/referees.md "Effects").
EFFECT_LABELS = {
    PenaltyKind.WARNING: _("Warning"),
    PenaltyKind.VIOLATION: _("Violation"),
    PenaltyKind.FOUL: _("Foul"),
    PenaltyKind.REMEDY: _("Put right on the spot"),
    PenaltyKind.LOSE_TURN: _("Loses a turn"),
    PenaltyKind.REDO_TRIBUTE: _("Tribute done again"),
    PenaltyKind.REDO_DEAL: _("Deal played again"),
    PenaltyKind.TAKE_BACK: _("Hand taken back"),
    PenaltyKind.LEVELS: _("Levels"),
    PenaltyKind.MATCH_POINTS: _("Match points"),
    PenaltyKind.MATCH_AWARDED: _("Match awarded"),
    PenaltyKind.FORFEIT: _("Forfeit"),
    PenaltyKind.DISQUALIFICATION: _("Disqualification"),
}


def infraction_label(code: str) -> str | None:
    """The name of an infraction code in the active language; None for no infraction."""
    return str(INFRACTION_LABELS[Infraction(code)]) if code else None


def effect_label(kind: str) -> str:
    """The name of a penalty's kind in the active language."""
    return str(EFFECT_LABELS[PenaltyKind(kind)])
