"""Human names of the scoring registries' keys, translatable (column headers, exports, the docs).

The pure registries (scoring.methods, scoring.ranking) carry English names; the API shows these,
in Chinese on ``Accept-Language: zh-Hans``. A test fails when a registry key has no label here.
"""

from django.utils.translation import gettext_lazy as _

METRIC_LABELS = {
    "match_points": _("Match points"),
    "level_points": _("Level points"),
    "net_level_points": _("Net level points"),
    "cumulative_level_points": _("Cumulative level points"),
    "head_to_head": _("Head to head"),
    "opponents_points": _("Opponents' points"),
    "opponents_points_cut1": _("Opponents' points, cut 1"),
    "wins": _("Wins"),
    "first_places": _("First places"),
    "double_wins": _("Double wins"),
    "progressive": _("Progressive score"),
    "progressive_cut1": _("Progressive score, cut 1"),
    "progressive_cut2": _("Progressive score, cut 2"),
    "progressive_cut3": _("Progressive score, cut 3"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "lots": _("Drawing lots"),
}

METHOD_LABELS = {
    "win_draw_loss": _("Win, draw, loss"),
    "level_table": _("Level-difference table"),
    "level_difference": _("Level difference"),
    "deal_points": _("Deal points"),
    "win_plus_speed": _("Win plus speed bonus"),
    "daguai_deal": _("Daguai deal points"),
    "net_points": _("Net points"),
    "game_points": _("Game points"),
}

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
