"""The records of a replayed deal that the climbing games share (``deals/replay``, docs/referee.md).

A deal of Guandan, Dou Dizhu or Daguai Luzi is replayed action by action (``engine.rounds``):
each action leaves a :class:`PlayEntry` (its seat, whether it stood, the reading of its cards, a
pass, the seat going out), and the verdict is a :class:`PlaysReplay` (valid or not, the entries,
the first violation, who acts next). A game adds its own members to both: a Dou Dizhu entry its
report (docs/rules/doudizhu.md D6), a Daguai entry its ask (docs/rules/daguai.md K4), a verdict its
finishing order, score or level rise; and writes its answer in its own order from the shared parts.
Shuangkou's deal is tricks, not a stream of plays, and has its own record (shuangkou/deal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.rounds import Violation

ReadingToDict = Callable[[Any], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class PlayEntry:
    """The outcome of one action: ``reading`` is None for a pass, a rejected action and an aside.

    ``Rounds`` builds it as ``entry_type(seat, ok, reading, passed, went_out)``."""

    seat: Any
    ok: bool
    reading: Any | None = None
    passed: bool = False
    went_out: bool = False

    def own(self) -> dict[str, Any]:
        """The game's own members of the wire form (between ``went_out`` and ``reading``)."""
        return {}

    def to_dict(self, index: int, reading_to_dict: ReadingToDict) -> dict[str, Any]:
        """The wire form of the ``index``-th action's outcome, its reading in the game's form."""
        return {
            "index": index,
            "seat": self.seat.value,
            "ok": self.ok,
            "passed": self.passed,
            "went_out": self.went_out,
            **self.own(),
            "reading": None if self.reading is None else reading_to_dict(self.reading),
        }


@dataclass(frozen=True, slots=True)
class PlaysReplay:
    """The verdict on a recorded deal of plays: stops at the first ``violation`` (then not ``valid``);
    ``next_to_act`` is None once the deal is over."""

    valid: bool
    entries: tuple[PlayEntry, ...]
    violation: Violation | None
    next_to_act: Any | None

    def plays(self, reading_to_dict: ReadingToDict) -> list[dict[str, Any]]:
        """The ``plays`` of the answer: every entry's wire form."""
        return [entry.to_dict(index, reading_to_dict) for index, entry in enumerate(self.entries)]

    def violation_dict(self, *, part: bool = False) -> dict[str, Any] | None:
        """The ``violation`` of the answer (with ``part`` first where a game's deal has several parts)."""
        found = self.violation
        if found is None:
            return None
        body = {"index": found.index, "code": str(found.code), "detail": found.detail}
        return {"part": found.part, **body} if part else body

    def next_seat(self) -> str | None:
        return None if self.next_to_act is None else self.next_to_act.value
