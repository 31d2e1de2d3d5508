"""Guandan's rules summary at the foot of a score sheet: each rule in a short sentence read from the
event's effective rule profile (what the server enforces), never written for one profile
(docs/pages.md "The rules summary is the profile")."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.guandan.cards import LEVEL_A, format_level
from scoring.pages.i18n import listing


def guandan_rules(profile) -> list[str]:
    """A Guandan table's rules in short sentences, each read from the profile the server enforces
    (G5.4 jie feng, G6 levels, G7 tribute and return, G8 the match format): the paper says what the
    engine will check, whatever built-in profile or override the event runs."""
    lines = [
        _match_format(profile),
        str(EQUAL_LEVELS[profile.equal_levels]),
        _("Only the side of the first seat goes up: +3 when its partner came 2nd, +2 when 3rd, +1 when 4th."),
        _("The next deal is played at the level of the side that won the last one."),
        *_at_a(profile),
        _("From the second deal of a game the losers pay tribute (both big jokers: no tribute)."),
        str(RETURN_RULES[profile.return_rule]),
        str(JIEFENG[profile.jiefeng]),
    ]
    if profile.streaks:
        lines.append(
            _(
                "Streaks count: 1st three deals running gains a level; last three running, or a side last "
                "together three running, loses levels."
            )
        )
    if profile.best_of > 1:
        lines.insert(1, _("Best of %(games)s games.") % {"games": profile.best_of})
    return lines


def _match_format(profile) -> str:
    deals, minutes = {"deals": profile.deal_limit}, {"minutes": profile.time_limit_minutes}
    return {
        "through_a": lambda: (
            _("Play until a side reaches A.")
            if profile.a_goal == "reach_a"
            else _("Play until a side passes A (计局制).")
        ),
        "deal_count": lambda: _("A fixed number of deals: %(deals)s (计副制).") % deals,
        "time_limit": lambda: _("Timed: %(minutes)s minutes (计时制).") % minutes,
        "time_or_deals": lambda: (
            _("%(deals)s deals or %(minutes)s minutes, whichever comes first (计时计副制).")
            % {**deals, **minutes}
        ),
    }[profile.match_format]()


def _at_a(profile) -> list[str]:
    """G6/G8 at A: the levels a rise cannot skip, how A is passed and its failures; or, where a game
    is won by reaching A (``a_goal: reach_a``, 率先打到A的一方为获胜方（不必打通）), that alone."""
    if profile.a_goal == "reach_a":
        before_a = [level for level in profile.mandatory_levels if level != LEVEL_A]
        reach = _("The first side to reach A wins the game; it need not pass A (不必打通).")
        return [*([_mandatory_levels(profile, before_a)] if before_a else []), reach]
    return [
        _mandatory_levels(profile, profile.mandatory_levels),
        str(A_WIN[profile.a_win]),
        _a_failures(profile),
    ]


def _mandatory_levels(profile, mandatory) -> str:
    """G6 ``mandatory_levels``: every level a rise cannot skip, A among them (J必打, A必打)."""
    levels = [format_level(level) for level in sorted(mandatory)]
    if levels == ["A"]:
        return _("A must be played: a rise that would pass A stops at A.")
    return _(
        "%(levels)s must be played: a rise that would pass one stops there "
        "until the side wins a deal played at it."
    ) % {"levels": listing(levels)}


def _a_failures(profile) -> str:
    """G6 ``a_fail_limit``, ``a_fail_count``, ``a_fail_reset``."""
    if profile.a_fail_reset is None:
        return _("A side that fails at A plays A again, with no limit.")
    values = {"limit": profile.a_fail_limit, "level": format_level(profile.a_fail_reset)}
    if profile.a_fail_count == "consecutive":
        return _("After %(limit)s failures at A in a row the side goes back to %(level)s.") % values
    return _("After %(limit)s failures at A in all the side goes back to %(level)s.") % values


#: The words of each choice of the profile (docs/rules/guandan.md G5-G8), translated when asked.
EQUAL_LEVELS = {
    "draw": gettext_lazy("Equal levels at the end: a draw."),
    "extra_deal": gettext_lazy("Equal levels at the end: one extra deal decides."),
    "last_deal_winner": gettext_lazy("Equal levels at the end: the winner of the last deal wins."),
}
A_WIN = {
    "first_and_partner_not_last": gettext_lazy(
        "A is passed by winning a deal at A with the partner 2nd or 3rd."
    ),
    "double_win": gettext_lazy("A is passed only by a double win at A (1st and 2nd)."),
}
RETURN_RULES = {
    "max_ten": gettext_lazy("Each receiver returns a card of 10 or below."),
    "partner_max_ten": gettext_lazy("Each receiver returns a card; to a partner, 10 or below."),
    "below_level_to_partner": gettext_lazy(
        "Each receiver returns a card; to a partner, one below the level card."
    ),
    "any": gettext_lazy("Each receiver returns any card."),
}
JIEFENG = {
    "partner": gettext_lazy("A player who goes out and whose last play all pass: the partner leads (接风)."),
    "next_seat": gettext_lazy(
        "A player who goes out and whose last play all pass: the next seat leads (借风)."
    ),
}
