"""The words the referee's desk shows for the penalty tables' codes (G12, docs/referees.md
"Effects"), in the active language. Keyed by the engine's enums, so a new kind is a new line here
and its Chinese in ``locale/``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.penalties import Target
from referee.labels import EFFECT_LABELS
from referee.models import AppealStatus, PenaltyStatus
from tournaments.models import MatchStatus

TARGET_LABELS = {
    Target.OFFENDER: _("the offender"),
    Target.OPPONENTS: _("the opponents"),
    Target.BOTH: _("both sides"),
}


def effect_words() -> dict[str, dict[str, str]]:
    return {
        "kinds": {str(kind): str(label) for kind, label in EFFECT_LABELS.items()},
        "targets": {str(target): str(label) for target, label in TARGET_LABELS.items()},
    }


# A penalty's and an appeal's states: in their own context, since "Active" and "Pending" name other
# states elsewhere (a pair, a webhook's delivery).
PENALTY_STATUS = {
    PenaltyStatus.ACTIVE: pgettext_lazy("penalty", "Active"),
    PenaltyStatus.CANCELLED: pgettext_lazy("penalty", "Cancelled"),
    PenaltyStatus.OVERTURNED: pgettext_lazy("penalty", "Overturned"),
}
APPEAL_STATUS = {
    AppealStatus.PENDING: pgettext_lazy("appeal", "Pending"),
    AppealStatus.UPHELD: pgettext_lazy("appeal", "Upheld"),
    AppealStatus.OVERTURNED: pgettext_lazy("appeal", "Overturned"),
}


def status_words() -> dict[str, dict[str, str]]:
    return {
        "matchStatus": {str(code): str(label) for code, label in MatchStatus.choices},
        "penaltyStatus": {str(code): str(label) for code, label in PENALTY_STATUS.items()},
        "appealStatus": {str(code): str(label) for code, label in APPEAL_STATUS.items()},
    }
