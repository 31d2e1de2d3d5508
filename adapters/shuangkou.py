"""Shuangkou's adapter (docs/rules/shuangkou.md): its deal body is the sheet's own, its referee
questions those of adapters.wire.shuangkou."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample

from adapters import wire
from adapters.common import open_body
from engine import shuangkou
from engine.shuangkou.cards import format_level
from scoring.adapters import GameAdapter, RefereeWire
from scoring.pages.i18n import listing


def shuangkou_rules(profile) -> list[str]:
    """A Shuangkou table's rules in short sentences (S5 throws, S7 the bottom, S8 levels, S10 the
    match)."""
    levels = listing([format_level(level) for level in sorted(profile.mandatory_levels)])
    lines = [
        _("Timed: %(minutes)s minutes; the first side to win its no-trump deal wins (S10).")
        % {"minutes": profile.time_limit_minutes},
        str(SK_EQUAL_LEVELS[profile.equal_levels]),
        _("The attackers take the deal at %(threshold)s points; every %(step)s points is one level (S8).")
        % {"threshold": profile.threshold, "step": profile.points_per_level},
        _(
            "%(levels)s cannot be skipped: a rise stops there until the side wins a deal played at it "
            "as the dealer side."
        )
        % {"levels": levels},
        _(
            "The bottom counts for attackers who win the last trick: singles ×%(single)s, pairs "
            "×%(pairs)s, a tractor of n pairs ×%(tractor)s·n² (S7)."
        )
        % {
            "single": profile.single_multiplier,
            "pairs": listing(profile.pair_multipliers),
            "tractor": profile.tractor_multiplier,
        },
    ]
    if profile.j_rule:
        lines.append(
            _(
                "The dealer side at %(level)s goes back to %(reset)s when the attackers score over "
                "%(threshold)s and win the last trick with a %(level)s (S8)."
            )
            % {
                "level": format_level(profile.j_rule_level),
                "reset": format_level(profile.j_rule_reset),
                "threshold": profile.threshold,
            }
        )
    if profile.failed_throw_penalty:
        lines.append(
            _("A refused throw costs %(points)s points (S5).") % {"points": profile.failed_throw_penalty}
        )
    return lines


SK_EQUAL_LEVELS = {
    "draw": gettext_lazy("Equal levels when the time runs out: a draw."),
    "dealer_side": gettext_lazy("Equal levels when the time runs out: the side holding the deal wins."),
}

STATE = "A Shuangkou match so far (docs/rules/shuangkou.md S8, S10): both levels, the dealer side."

PLAY_EXAMPLE = OpenApiExample(
    "Shuangkou: a follower short of the led suit (S5)",
    value={
        "game": "shuangkou",
        "level": "2",
        "trump": "H",
        "trick": [["SA"]],
        "cards": ["D5"],
        "hand": ["D5", "C9", "HK"],
    },
    request_only=True,
)

ADAPTER = GameAdapter(
    game=shuangkou.GAME,
    **open_body("ShuangkouState", STATE),
    rules_summary=shuangkou_rules,
    referee=RefereeWire(
        play_request=wire.ShuangkouPlayRequest,
        play_answer=wire.ShuangkouPlayVerdictSerializer,
        replay_request=wire.ShuangkouReplayRequest,
        replay_answer=wire.ShuangkouReplaySerializer,
        examples={"play": (PLAY_EXAMPLE,)},
    ),
)
