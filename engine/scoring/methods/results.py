"""Methods that score the result of a match (docs/rules/guandan.md G9): ``win_draw_loss`` and
``win_plus_speed``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from engine.scoring.methods.base import (
    Derived,
    Param,
    ParamType,
    ScoringMethod,
    gettext_noop,
    unplayed_params,
)
from engine.scoring.methods.records import MatchKind, MatchRecord, Points
from engine.seats import Side


def _points(default: object, help_text: str) -> Param:
    return Param(type=ParamType.FLOAT, default=default, help=help_text)


class WinDrawLoss(ScoringMethod):
    """G9 ``win_draw_loss``: fixed points for a win, a draw and a loss of the match.

    Sources: the 2017 national text 2/1/0; a club 3/2/1 with 0 for absence; another 1/0.5/0 with
    −1 for absence. A best of three decided 2–1 is a win and a loss of the match.
    """

    key = "win_draw_loss"
    label = gettext_noop("Win, draw, loss")
    played_reads = "winner"
    params = {
        "win": _points(2, "points of the match winner"),
        "draw": _points(1, "points of each side of a drawn match"),
        "loss": _points(0, "points of the match loser"),
        **unplayed_params(
            bye=Derived(param="win"),
            forfeit_win=Derived(param="win"),
            forfeit_loss=Derived(param="loss"),
            withdrawal_win=Derived(param="forfeit_win"),
            withdrawal_loss=Derived(param="forfeit_loss"),
        ),
    }

    def score_played(self, record: MatchRecord) -> Points:
        s = self.settings
        if record.winner is None:
            return Points(ns=s["draw"], ew=s["draw"])
        if record.winner is Side.NS:
            return Points(ns=s["win"], ew=s["loss"])
        return Points(ns=s["loss"], ew=s["win"])


class WinPlusSpeed(ScoringMethod):
    """G9 ``win_plus_speed``: a win scores ``win`` plus a bonus by finishing time within the round.

    The winners of a round whose match did not end on time are ranked by ``finished_at``: the
    fastest gets ``bonuses[0]``, the next ``bonuses[1]`` … and beyond the list the last bonus;
    equal times share the better bonus. Winners with no recorded time come after every timed
    winner and share the bonus of the first place after them. A winner on time (the clock ran out)
    gets the last bonus. Forfeit, withdrawal and bye wins get their fixed points and no bonus.
    """

    key = "win_plus_speed"
    label = gettext_noop("Win plus speed bonus")
    params = {
        "win": _points(10, "points of the match winner, before the speed bonus"),
        "draw": _points(0, "points of each side of a drawn match"),
        "loss": _points(0, "points of the match loser"),
        "bonuses": Param(
            type=ParamType.LIST,
            items=ParamType.FLOAT,
            minimum=0,
            default=(7, 6, 5, 4, 3, 2, 1),
            help="bonus of the fastest winner, the next one, …; the last one repeats",
        ),
        **unplayed_params(
            bye=Derived(param="win"),
            forfeit_win=Derived(param="win"),
            forfeit_loss=Derived(param="loss"),
            withdrawal_win=Derived(param="forfeit_win"),
            withdrawal_loss=Derived(param="forfeit_loss"),
        ),
    }

    def score(self, records: Sequence[MatchRecord]) -> dict[int, Points]:
        by_round: dict[int, list[MatchRecord]] = defaultdict(list)
        for record in records:
            by_round[record.round].append(record)
        out: dict[int, Points] = {}
        for round_records in by_round.values():
            bonus = self._bonuses(round_records)
            for record in round_records:
                out[record.match_id] = self._with_bonus(record, bonus.get(record.match_id, 0))
        return out

    def score_played(self, record: MatchRecord) -> Points:
        """The points without the speed bonus, which needs the other tables of the round."""
        return self._with_bonus(record, 0)

    def _with_bonus(self, record: MatchRecord, bonus: float) -> Points:
        s = self.settings
        if record.kind is not MatchKind.PLAYED:
            return self.score_unplayed(record)
        if record.winner is None:
            return Points(ns=s["draw"], ew=s["draw"])
        win = s["win"] + bonus
        return Points(ns=win, ew=s["loss"]) if record.winner is Side.NS else Points(ns=s["loss"], ew=win)

    def _bonuses(self, records: Sequence[MatchRecord]) -> dict[int, float]:
        """The bonus of every won, played match of one round, by ``match_id``."""
        bonuses: Sequence[float] = self.settings["bonuses"]
        if not bonuses:
            return {}

        def bonus(position: int) -> float:
            return bonuses[min(position, len(bonuses) - 1)]

        won = [r for r in records if r.kind is MatchKind.PLAYED and r.winner is not None]
        on_time = [r for r in won if r.games and r.games[-1].on_time]
        timed = sorted(
            (r for r in won if not (r.games and r.games[-1].on_time)),
            key=lambda r: (r.finished_at is None, r.finished_at or 0.0),
        )
        out = {r.match_id: bonuses[-1] for r in on_time}
        position, previous = 0, object()
        for index, record in enumerate(timed):
            if record.finished_at != previous:  # equal times (and unknown times) share the better bonus
                position, previous = index, record.finished_at
            out[record.match_id] = bonus(position)
        return out
