"""Rule profiles of Daguai Luzi: every variant of docs/rules/daguai.md as one settings object.

An event picks a built-in profile by key and may override single settings. The sources and
defaults of each setting are in docs/rules/daguai.md ("Rule profiles").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import BadInput
from engine.profiles import SettingsProfile


@dataclass(frozen=True, slots=True)
class RuleProfile(SettingsProfile):
    """The rule choices of one Daguai Luzi event or referee question."""

    key: str = "custom"
    name: str = "Custom profile"
    # K3: A-2-3-4-5 is the lowest straight (A low before the 2); off: 2-3-4-5-6 is
    ace_low: bool = True
    # K4: who leads when the last player went out and everyone passed its play
    lead_after_out: str = "next_seat"
    # K4 报否: above this many cards the answer is "不报", at it or below the exact count
    report_threshold: int = 10
    # K5: points of the first-out team for catching 1, 2, 3 opponents, and with 1, 2 of its own trapped
    catch: tuple[float, ...] = (3, 5, 8)
    trapped: tuple[float, ...] = (1, 0)
    deals_per_round: int = 6
    # K6: the deal clock
    deal_minutes: int = 15

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"lead_after_out": ("next_seat", "teammate")}
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "report_threshold": (0, 27),
        "catch": (0, 1000),
        "trapped": (0, 1000),
        "deals_per_round": (1, 200),
        "deal_minutes": (1, 240),
    }

    def __post_init__(self) -> None:
        SettingsProfile.__post_init__(self)
        if len(self.catch) != 3:
            raise BadInput(
                "invalid", "catch holds the points for 1, 2 and 3 opponents caught.", field="catch"
            )
        if len(self.trapped) != 2:
            raise BadInput(
                "invalid", "trapped holds the points for 1 and 2 of one's own trapped.", field="trapped"
            )


STANDARD = RuleProfile(key="daguai-standard", name="Daguai Luzi, the competition rule sheet")

BUILTIN: dict[str, RuleProfile] = {STANDARD.key: STANDARD}


def get_profile(key: str | None = None, overrides: dict[str, Any] | None = None) -> RuleProfile:
    """A built-in profile by key (``daguai-standard`` when omitted), with overrides."""
    profile = BUILTIN.get(key or STANDARD.key)
    if profile is None:
        raise BadInput("unknown_ruleset", f"Unknown ruleset {key!r}.", field="ruleset")
    return profile.with_overrides(overrides)
