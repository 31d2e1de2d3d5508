"""Rule profiles of Shuangkou 双扣: every number and variant of docs/rules/shuangkou.md as one settings
object.

An event picks a built-in profile by key and may override single settings. Each setting's source
and default are in docs/rules/shuangkou.md ("Rule profiles"). Levels are numbers here (J = 11, Q = 12,
K = 13, A = 14) because the shared profile machinery only round-trips numbers in lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import BadInput
from engine.profiles import SettingsProfile
from engine.seats import DIRECTIONS


@dataclass(frozen=True, slots=True)
class RuleProfile(SettingsProfile):
    """The rule choices of one Shuangkou event or referee question."""

    key: str = "custom"
    name: str = "Custom profile"
    # S1: order of play (the sheet names none; the Guandan default of the same clubs)
    turn_direction: str = "counterclockwise"
    # S6: card points
    five_points: int = 5
    ten_points: int = 10
    king_points: int = 10
    # S7: the bottom's multiplier by the shape of the play that wins the last trick
    single_multiplier: int = 2
    pair_multipliers: tuple[int, ...] = (4, 6, 8)  # one, two, three pairs; beyond: the last step again
    tractor_multiplier: int = 2  # times n squared, n = pairs in the longest tractor
    # S8: the level change
    threshold: int = 80  # attackers' points that take the deal
    points_per_level: int = 10
    mandatory_levels: tuple[int, ...] = (10, 11, 13)  # 10, J, K cannot be skipped
    j_rule: bool = True
    j_rule_level: int = 11
    j_rule_reset: int = 2
    # S9: who deals next
    keep_dealer: str = "partner"  # the dealer side kept the deal
    pass_dealer: str = "next_seat"  # the attackers took it
    # S5: the throw (甩牌)
    throw_check: str = "others"  # whose cards can refuse a throw
    throw_remedy: str = "smallest_refused"
    failed_throw_penalty: int = 0  # points to the other side per refused throw
    # S10: the match
    time_limit_minutes: int = 60
    rounds: int = 4
    equal_levels: str = "draw"

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "turn_direction": DIRECTIONS,
        "keep_dealer": ("partner", "same"),
        "pass_dealer": ("next_seat", "previous_seat"),
        "throw_check": ("others", "opponents"),
        "throw_remedy": ("smallest_refused", "lowest_refused"),
        "equal_levels": ("draw", "dealer_side"),
    }
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "five_points": (0, 100),
        "ten_points": (0, 100),
        "king_points": (0, 100),
        "single_multiplier": (1, 100),
        "pair_multipliers": (1, 1000),
        "tractor_multiplier": (1, 100),
        "threshold": (5, 400),
        "points_per_level": (5, 200),
        "mandatory_levels": (3, 14),
        "j_rule_level": (2, 14),
        "j_rule_reset": (2, 14),
        "failed_throw_penalty": (0, 400),
        "time_limit_minutes": (1, 1440),
        "rounds": (1, 99),
    }

    def __post_init__(self) -> None:
        SettingsProfile.__post_init__(self)
        if not self.pair_multipliers:
            detail = "pair_multipliers lists at least the one-pair multiplier."
            raise BadInput("invalid", detail, field="pair_multipliers")
        for name in ("pair_multipliers", "mandatory_levels"):  # multipliers and levels are whole numbers
            if any(type(v) is not int for v in getattr(self, name)):
                raise BadInput("invalid", f"{name} holds whole numbers.", field=name)


# The rule sheet 双扣比赛规则(四人两副牌) ("Shuangkou competition rules, four players, two decks").
STANDARD = RuleProfile(
    key="shuangkou-standard",
    name="Shuangkou 双扣, the competition rule sheet (four players, two decks)",
)

BUILTIN: dict[str, RuleProfile] = {STANDARD.key: STANDARD}


def get_profile(key: str | None = None, overrides: dict[str, Any] | None = None) -> RuleProfile:
    """A built-in profile by key (``shuangkou-standard`` when omitted), with overrides."""
    profile = BUILTIN.get(key or STANDARD.key)
    if profile is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    return profile.with_overrides(overrides)
