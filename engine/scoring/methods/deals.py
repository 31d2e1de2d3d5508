"""Methods that score every deal (docs/rules/guandan.md G6, G9): ``deal_points``, ``daguai_deal``
and ``net_points``.

``deal_points`` and the 2-v-2 ``daguai_deal`` read ``MatchRecord.tally``, the deals each side won
by finish (1-2, 1-3, 1-4); a match entered with final levels only has no tally and scores 0 for both
sides. A Daguai Luzi match (docs/rules/daguai.md K5) records its points deal by deal on its
scoresheet: ``daguai_deal`` then scores those points, and ``net_points`` (K7 净胜分) their difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from engine.scoring.methods.base import (
    Param,
    ParamType,
    ScoringMethod,
    SettingCode,
    SettingError,
    gettext_noop,
    per_side,
    unplayed_params,
)
from engine.scoring.methods.records import DealTally, MatchRecord, Points
from engine.seats import Side

_NO_DEALS = DealTally()


class DealOrderError(ValueError):
    """A finishing order that does not end a deal (``daguai_deal_points``)."""


def _per_deal(default: object, help_text: str) -> Param:
    return Param(type=ParamType.FLOAT, default=default, minimum=0, help=help_text)


def _zero_unplayed() -> dict[str, Param]:
    return unplayed_params(bye=0, forfeit_win=0, forfeit_loss=0, withdrawal_win=0, withdrawal_loss=0)


def _tally(record: MatchRecord, side: Side) -> DealTally:
    return record.tally.get(side, _NO_DEALS) if record.tally is not None else _NO_DEALS


class DealPoints(ScoringMethod):
    """G9 ``deal_points``: every deal won scores 4 for a 1-2 finish, 2 for 1-3, 1 for 1-4."""

    key = "deal_points"
    label = gettext_noop("Deal points")
    needs_deals = True
    params = {
        "double": _per_deal(4, "a deal won 1-2 (双上)"),
        "one_three": _per_deal(2, "a deal won 1-3"),
        "one_four": _per_deal(1, "a deal won 1-4"),
        **_zero_unplayed(),
    }

    def score_played(self, record: MatchRecord) -> Points:
        s = self.settings

        def points(side: Side) -> float:
            t = _tally(record, side)
            total: float = t.double * s["double"] + t.one_three * s["one_three"] + t.one_four * s["one_four"]
            return total

        return per_side(points)


class DaguaiDeal(ScoringMethod):
    """G9 ``daguai_deal`` (打拐): the side of the first-out player scores every deal.

    It scores ``catch[k−1]`` when it finished with ``k`` opponents still holding cards and
    ``trapped[j−1]`` when the other side finished first with ``j`` of its own players still
    holding cards (``daguai_deal_points``). For a 2-v-2 deal: 1-2 is ``catch[1]``, 1-3
    ``catch[0]``, 1-4 ``trapped[0]``; the other side gets 0 for the deal.
    """

    key = "daguai_deal"
    label = gettext_noop("Daguai deal points")
    needs_deals = True
    params = {
        "catch": Param(
            type=ParamType.LIST,
            items=ParamType.FLOAT,
            minimum=0,
            default=(3, 5, 8),
            help="points for catching 1, 2, 3 opponents",
        ),
        "trapped": Param(
            type=ParamType.LIST,
            items=ParamType.FLOAT,
            minimum=0,
            default=(1, 0),
            help="points of the first-out side with 1, 2 of its own players trapped",
        ),
        **_zero_unplayed(),
    }

    @classmethod
    def validate(cls, settings: dict[str, Any]) -> dict[str, Any]:
        if len(settings["catch"]) < 2:
            raise SettingError(SettingCode.INVALID, "catch", "a 2-v-2 deal needs points for 1 and 2 caught")
        if len(settings["trapped"]) < 1:
            raise SettingError(SettingCode.INVALID, "trapped", "a 2-v-2 deal needs points for 1 trapped")
        return settings

    def score_played(self, record: MatchRecord) -> Points:
        if record.points is not None:  # K5: the points the match's scoresheet recorded, deal by deal
            return per_side(record.points.__getitem__)
        catch: Sequence[float] = self.settings["catch"]
        trapped: Sequence[float] = self.settings["trapped"]

        def points(side: Side) -> float:
            t = _tally(record, side)
            return t.double * catch[1] + t.one_three * catch[0] + t.one_four * trapped[0]

        return per_side(points)


class NetPoints(ScoringMethod):
    """K7 ``net_points`` (净胜分): a side's game points − its opponent's over the match (a point
    game's recorded points, docs/rules/daguai.md K5); 0 for a match without points. An event's
    ``level_points`` method, so that the ``level_points`` tiebreak ranks by net points."""

    key = "net_points"
    label = gettext_noop("Net points")
    params = {**_zero_unplayed()}

    def score_played(self, record: MatchRecord) -> Points:
        return per_side(record.net_points)


class GamePoints(ScoringMethod):
    """``game_points`` (积分): the points a side scored on its scoresheet over the match (a point
    game: Daguai Luzi's K5, Dou Dizhu's D8); 0 for a match without points. At a table of four each
    player's own points (docs/scoring.md "Tables of four")."""

    key = "game_points"
    label = gettext_noop("Game points")
    params = {**_zero_unplayed()}

    def score_played(self, record: MatchRecord) -> Points:
        return per_side(lambda side: 0 if record.points is None else record.points[side])


def daguai_deal_points(
    order: Sequence[Hashable],
    *,
    team_size: int,
    catch: Sequence[float],
    trapped: Sequence[float],
) -> tuple[Hashable, float]:
    """(first-out team, its points) for a deal of a two-team game such as 3-v-3 Daguai Luzi (G9).

    ``order`` lists the team of each player in the order they went out; the deal ends when one
    team has all ``team_size`` players out (later entries are ignored).
    """
    if len(catch) < team_size:
        raise SettingError(SettingCode.INVALID, "catch", f"needs points for 1 … {team_size} caught")
    if len(trapped) < team_size - 1:
        raise SettingError(SettingCode.INVALID, "trapped", f"needs points for 1 … {team_size - 1} trapped")
    if not order:
        raise DealOrderError("nobody went out")
    first = order[0]
    out: Counter[Hashable] = Counter()
    for team in order:
        out[team] += 1
        if len(out) > 2:
            raise DealOrderError("more than two teams")
        if out[team] == team_size:
            break
    else:
        raise DealOrderError("no team has all its players out")
    if team == first:
        caught = team_size - sum(count for other, count in out.items() if other != first)
        return first, catch[caught - 1]
    return first, trapped[team_size - out[first] - 1]
