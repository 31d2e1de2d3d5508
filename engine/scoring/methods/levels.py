"""Methods that score the levels reached (docs/rules/guandan.md G8, G9): ``level_table`` and
``level_difference``.

The level difference (级差) of a match is the winner's net difference over its games, from
``MatchRecord.net_levels``: passing A counts 15, so passed-A against K is 2.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from engine.scoring.methods.base import (
    Derived,
    Param,
    ParamType,
    ScoringMethod,
    SettingCode,
    SettingError,
    gettext_noop,
    number,
    unplayed_params,
)
from engine.scoring.methods.records import MatchRecord, Points
from engine.seats import Side

MAX_DIFFERENCE = 13  # 过A (15) against 2


class LevelTable(ScoringMethod):
    """G9 ``level_table``: level difference → (winner points, loser points) on a 26- or 28-point scale.

    By default the winner gets ``scale/2 + d`` and the loser ``scale/2 − d``, clamped to
    ``[0, scale]``. An event may load its own ``table`` of rows ``[difference, winner, loser]``
    for differences 0…13, with increasing differences: a difference uses the row of the largest
    difference not above it (the first row below it, the last row beyond it).

    ``d`` is the winner's net level difference over the games; a match won with ``d ≤ 0`` (on an
    extra deal at equal levels, or a best of three with a negative total) counts ``d = 1``.
    A drawn match gives ``scale/2`` to each side, with or without a loaded table.
    Forfeits follow 掼蛋比赛活动方案 on 28 points: 20 for a late forfeit, 28 for a withdrawal, 0 to the
    offender (18 and 26 on the 26-point scale); a bye scores as a forfeit win.
    """

    key = "level_table"
    label = gettext_noop("Level-difference table")
    played_reads = "games"
    params = {
        "scale": Param(type=ParamType.INT, default=28, choices=(26, 28), help="points shared by a match"),
        "table": Param(
            type=ParamType.LIST,
            items=ParamType.LIST,
            default=None,
            nullable=True,
            help="rows [difference, winner points, loser points]; null: the default formula",
        ),
        **unplayed_params(
            bye=Derived(param="forfeit_win"),
            forfeit_win=Derived(param="scale", plus=-8),
            forfeit_loss=0,
            withdrawal_win=Derived(param="scale"),
            withdrawal_loss=0,
        ),
    }

    @classmethod
    def validate(cls, settings: dict[str, Any]) -> dict[str, Any]:
        if settings["table"] is not None:
            settings["table"] = _table(settings["table"], scale=settings["scale"])
        return settings

    def score_played(self, record: MatchRecord) -> Points:
        half = self.settings["scale"] / 2
        if record.winner is None:
            return Points(ns=half, ew=half)
        winner, loser = self.points_for(max(record.net_levels(record.winner), 1))
        return Points(ns=winner, ew=loser) if record.winner is Side.NS else Points(ns=loser, ew=winner)

    def points_for(self, difference: int) -> tuple[float, float]:
        """(winner points, loser points) for a level difference."""
        scale, table = self.settings["scale"], self.settings["table"]
        if table is None:
            half = scale / 2
            return min(half + difference, scale), max(half - difference, 0)
        index = bisect_right([row[0] for row in table], difference) - 1
        _, winner, loser = table[max(index, 0)]
        return winner, loser


def _table(rows: Sequence[Sequence[object]], *, scale: int) -> tuple[tuple[float, float, float], ...]:
    out: list[tuple[float, float, float]] = []
    if not rows:
        raise SettingError(SettingCode.INVALID, "table", "a loaded table needs at least one row")
    for i, row in enumerate(rows):
        field = f"table.{i}"
        if len(row) != 3:
            raise SettingError(
                SettingCode.INVALID, field, "a row is [difference, winner points, loser points]"
            )
        difference = number(row[0], f"{field}.0", integer=True)
        if not 0 <= difference <= MAX_DIFFERENCE:
            raise SettingError(
                SettingCode.OUT_OF_RANGE, f"{field}.0", f"a difference is 0 … {MAX_DIFFERENCE}"
            )
        if out and difference <= out[-1][0]:
            raise SettingError(SettingCode.INVALID, f"{field}.0", "differences must increase")
        points: list[float] = []
        for j in (1, 2):
            value = number(row[j], f"{field}.{j}")
            if not 0 <= value <= scale:
                raise SettingError(SettingCode.OUT_OF_RANGE, f"{field}.{j}", f"points are 0 … {scale}")
            points.append(value)
        out.append((difference, points[0], points[1]))
    return tuple(out)


class LevelDifference(ScoringMethod):
    """G9 ``level_difference``: ``net`` is own final level − opponent's, summed over the games;
    ``cumulative`` is own level − 2 per game (passing A counts 15, so A+ gives 13)."""

    key = "level_difference"
    label = gettext_noop("Level difference")
    played_reads = "games"
    params = {
        "mode": Param(
            type=ParamType.STR,
            default="net",
            choices=("net", "cumulative"),
            help="net: own level − opponent's; cumulative: own level − 2",
        ),
        **unplayed_params(bye=0, forfeit_win=0, forfeit_loss=0, withdrawal_win=0, withdrawal_loss=0),
    }

    def score_awarded(self, record: MatchRecord) -> Points:
        """G12 match awarded: the largest level difference there is, passed A against 2 (13)."""
        if record.winner is None:
            return Points(ns=0, ew=0)
        loser = -MAX_DIFFERENCE if self.settings["mode"] == "net" else 0
        return (
            Points(ns=MAX_DIFFERENCE, ew=loser)
            if record.winner is Side.NS
            else Points(ns=loser, ew=MAX_DIFFERENCE)
        )

    def score_played(self, record: MatchRecord) -> Points:
        if self.settings["mode"] == "net":
            return Points(ns=record.net_levels(Side.NS), ew=record.net_levels(Side.EW))
        return Points(ns=record.cumulative_levels(Side.NS), ew=record.cumulative_levels(Side.EW))
