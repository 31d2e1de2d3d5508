"""Rule profiles of four-player Dou Dizhu: every variant of docs/rules/doudizhu.md as one settings object.

An event picks a built-in profile by key and may override single settings. The sources and
defaults of each setting are in docs/rules/doudizhu.md ("Rule profiles").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.errors import BadInput
from engine.profiles import SettingsProfile
from engine.seats import DIRECTIONS


@dataclass(frozen=True, slots=True)
class RuleProfile(SettingsProfile):
    """The rule choices of one Dou Dizhu event or referee question."""

    key: str = "custom"
    name: str = "Custom profile"
    # D1, D6
    turn_direction: str = "counterclockwise"
    # D5: 2 above A among singles, pairs, triples and bombs (two_high), or lowest (natural)
    rank_order: str = "two_high"
    # D3: the farmers' bomb allowances from the bidding; off: everyone bombs freely
    bomb_limits: bool = True
    # D2: a player who lost this many bid landlord hands in a round may not bid again (0: never)
    ban_after_losses: int = 3
    # D7: a player down to this many cards or fewer announces it once (0: no reports)
    report_threshold: int = 10
    # D8
    opening_three_bonus: int = 1
    bomb_doubling: bool = False
    spring_doubling: bool = False
    # D10: deals one table plays in a round (轮); the landlord-loss ban (D2) counts within it
    deals_per_round: int = 8

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "turn_direction": DIRECTIONS,
        "rank_order": ("two_high", "natural"),
    }
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "ban_after_losses": (0, 99),
        "report_threshold": (0, 33),
        "opening_three_bonus": (0, 99),
        "deals_per_round": (1, 99),
    }

    @property
    def two_high(self) -> bool:
        return self.rank_order == "two_high"


STANDARD = RuleProfile(key="doudizhu4-standard", name="Four-player Dou Dizhu, the competition rule sheet")

BUILTIN: dict[str, RuleProfile] = {
    p.key: p
    for p in (
        STANDARD,
        # Multipliers for bombs or a spring are an event setting (docs/rules/doudizhu.md D8).
        replace(
            STANDARD,
            key="doudizhu4-doubling",
            name="Four-player Dou Dizhu, bombs and springs double the points",
            bomb_doubling=True,
            spring_doubling=True,
        ),
    )
}


def get_profile(key: str | None = None, overrides: dict[str, Any] | None = None) -> RuleProfile:
    """A built-in profile by key (``doudizhu4-standard`` when omitted), with overrides."""
    profile = BUILTIN.get(key or STANDARD.key)
    if profile is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    return profile.with_overrides(overrides)
