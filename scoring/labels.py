"""Human names of the standings' and results' columns, in the active language (headers, exports).

A tiebreak's name is its metric's ``label`` (engine.scoring.ranking: English, marked for translation
there, pure Python); ``metric_label`` translates it when it is shown, in Chinese on
``Accept-Language: zh-Hans``. The other columns are named here.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.scoring.ranking import MATCH_POINTS, MATCH_POINTS_LABEL, METRICS


def metric_label(key: str) -> str:
    """The label of a tiebreak metric (or of match points), translated."""
    return gettext(MATCH_POINTS_LABEL if key == MATCH_POINTS else METRICS[key].label)


def column_label(key: str) -> str:
    """The label of a standings column: its metric's when it is one, else its own (``COLUMNS``)."""
    return metric_label(key) if key == MATCH_POINTS or key in METRICS else str(COLUMNS[key])


COLUMNS = {
    "rank": _("Rank"),
    "pair_number": _("Pair"),
    "pair_name": _("Name"),
    "unit": _("Unit"),
    "played": _("Played"),
    "wins": _("Won"),
    "draws": _("Drawn"),
    "losses": _("Lost"),
    "decided_by": _("Decided by"),
    "penalty_points": _("Penalty points"),
    "pairs": _("Pairs counted"),
    "round": _("Round"),
    "table": _("Table"),
    "ns_pair": _("NS pair"),
    "ew_pair": _("EW pair"),
    "ns_level": _("NS level"),
    "ew_level": _("EW level"),
    "winner": _("Winner"),
    "level_difference": _("Level difference"),
    "deals_played": _("Deals"),
    "ns_match_points": _("NS match points"),
    "ew_match_points": _("EW match points"),
    "ns_level_points": _("NS level points"),
    "ew_level_points": _("EW level points"),
    "status": _("Status"),
}
