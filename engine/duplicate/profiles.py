"""The settings of a duplicate Guandan event 复式掼蛋 (docs/duplicate.md "Settings"). Pure.

The play is Guandan's (G1-G5: the turn direction, the wild card's default reading and 接风 are
Guandan's settings, read by the replay); there is no tribute (G7) and no level change (G6): every
deal is played at a level of its own and scored alone by its finishing order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.errors import BadInput
from engine.guandan.profiles import RuleProfile as GuandanProfile
from engine.profiles import SettingsProfile


@dataclass(frozen=True, slots=True)
class DuplicateProfile(SettingsProfile):
    key: str = "guandan-duplicate"
    name: str = "Duplicate Guandan, every default"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "turn_direction": ("counterclockwise", "clockwise"),  # G1
        "wild_default": ("lowest", "highest"),  # G4
        "jiefeng": ("partner", "next_seat"),  # G5.4
        "comparison": ("matchpoints", "difference"),  # docs/duplicate.md "Scoring"
        "level_rule": ("set", "fixed"),  # the set's level for each deal, or one fixed level
        "movement": ("every_table", "rotating"),  # docs/duplicate.md "Movements"
        "penalty_table": ("default", "national_2017", "club_levels"),  # G12
        "signal_penalty": ("match_point", "disqualification"),  # G12
    }
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "deal_points": (0, 20),
        "fixed_level": (2, 14),
        "deals_per_round": (1, 60),
    }
    turn_direction: str = "counterclockwise"
    wild_default: str = "lowest"
    jiefeng: str = "partner"
    #: A deal's points by the finishing order: 1-2, 1-3, 1-4 to the winning side, 0 to the other.
    deal_points: tuple[int, ...] = (3, 2, 1)
    comparison: str = "matchpoints"
    level_rule: str = "set"
    fixed_level: int = 2
    deals_per_round: int = 8
    movement: str = "every_table"
    penalty_table: str = "default"
    signal_penalty: str = "match_point"

    def __post_init__(self) -> None:
        SettingsProfile.__post_init__(self)
        if len(self.deal_points) != 3:
            raise BadInput(
                "invalid", "deal_points lists the points of 1-2, 1-3 and 1-4.", field="deal_points"
            )

    def play_rules(self) -> GuandanProfile:
        """The Guandan rules a replay of a deal is judged by."""
        return GuandanProfile(
            key=f"{self.key}-play",
            turn_direction=self.turn_direction,
            wild_default=self.wild_default,
            jiefeng=self.jiefeng,
        )

    def level_of(self, set_level: int) -> int:
        """The level a deal is played at: the set's (``level_rule`` "set") or the fixed one."""
        return set_level if self.level_rule == "set" else self.fixed_level


STANDARD = DuplicateProfile()
DIFFERENCE = DuplicateProfile(
    key="guandan-duplicate-difference", name="Duplicate Guandan, difference scale", comparison="difference"
)
BUILTIN = {profile.key: profile for profile in (STANDARD, DIFFERENCE)}
