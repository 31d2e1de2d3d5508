"""The draw systems (docs/rules/guandan.md G11) behind one protocol and one registry.

As Tabbycat's ``BaseDrawGenerator``: every system is built the same way,
``System(entrants, seed=…, stage=…, **options)``, refuses an option it does not know, and
``draw()`` makes the round. ``DRAW_SYSTEMS`` maps each ``DrawKind`` (a stage's ``kind``) to its
class; the stage kind's choices, the OpenAPI enum and ``make_draw``'s dispatch all come from it.

A system asks the stage's past for what it needs through ``StageHistory``, which the Django side
implements (``tournaments.services.drawing``): a Swiss round needs nothing but the entrants' own
histories, a knockout the winners of the round before, a round robin its groups.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from tournaments.draws.knockout import knockout_draw, next_knockout_round
from tournaments.draws.round_robin import berger_schedule, snake_groups
from tournaments.draws.seating import annotate, relaxed_of, table_movement
from tournaments.draws.swiss import first_round_draw, swiss_draw
from tournaments.draws.types import (
    Draw,
    DrawError,
    DrawKind,
    Entrant,
    ErrorCode,
    FirstRound,
    Flag,
    Pairing,
    SameUnit,
    lot_keys,
)


class StageHistory(Protocol):
    """The stage's past, as a draw system may ask for it (only what it needs is computed)."""

    @property
    def rounds_before(self) -> int:
        """Rounds of the stage before the one being drawn (0: its first round)."""
        ...

    def previous(self) -> Sequence[Pairing]:
        """The pairings of the stage's round before this one."""
        ...

    def scores(self, *, need_winner: bool) -> Mapping[int, float]:
        """Each pair's score in the round before: match points, or 1 for a winner and 0 for a loser."""
        ...

    def roster(self) -> Sequence[int]:
        """The stage's pairs in seed order: those of its first round, or, before it, the active ones."""
        ...


class _FirstRound:
    """The history of a stage that has not begun: ``StageHistory`` with no round before."""

    rounds_before = 0

    def __init__(self, entrants: Sequence[Entrant]):
        self._entrants = entrants

    def previous(self) -> Sequence[Pairing]:
        return ()

    def scores(self, *, need_winner: bool) -> Mapping[int, float]:
        return {}

    def roster(self) -> Sequence[int]:
        return [e.id for e in sorted(self._entrants, key=lambda e: (e.seeding is None, e.seeding or 0))]


class DrawSystem(ABC):
    """One draw system: built from the entrants, a seed, the stage's past and its options.

    ``defaults`` are the options the system knows, with their values when not given; any other
    option is refused (``invalid_setting``), and so is a value outside an option's enum.
    """

    kind: ClassVar[DrawKind]
    name: ClassVar[str]
    defaults: ClassVar[Mapping[str, Any]] = {"same_unit": SameUnit.HARD}

    def __init__(
        self, entrants: Sequence[Entrant], *, seed: int, stage: StageHistory | None = None, **options: Any
    ):
        unknown = sorted(set(options) - set(self.defaults))
        if unknown:
            raise DrawError(ErrorCode.INVALID_SETTING, f"a {self.kind} draw has no option {unknown[0]!r}")
        self.entrants = list(entrants)
        self.seed = seed
        self.stage: StageHistory = stage if stage is not None else _FirstRound(self.entrants)
        self.options: dict[str, Any] = {}
        for option, default in self.defaults.items():
            value = options.get(option, default)
            if isinstance(default, str) and not isinstance(value, str):
                raise DrawError(ErrorCode.INVALID_SETTING, f"{option} must be a string, not {value!r}")
            if isinstance(default, bool) and not isinstance(value, bool):
                raise DrawError(ErrorCode.INVALID_SETTING, f"{option} must be true or false, not {value!r}")
            if isinstance(default, StrEnum):
                try:
                    value = type(default)(value)
                except ValueError:
                    choices = ", ".join(type(default))
                    raise DrawError(
                        ErrorCode.INVALID_SETTING, f"{option} must be one of {choices}, not {value!r}"
                    ) from None
            self.options[option] = value

    @property
    def first(self) -> bool:
        return self.stage.rounds_before == 0

    @property
    def same_unit(self) -> SameUnit:
        same_unit: SameUnit = self.options["same_unit"]  # made a SameUnit by __init__
        return same_unit

    @abstractmethod
    def draw(self) -> Draw:
        """The round's draw."""

    def _drawn(self, pairings: Sequence[Pairing]) -> Draw:
        """A draw of annotated ``pairings``, every flag this system counts listed as relaxed."""
        return Draw(
            pairings=tuple(pairings), seed=self.seed, relaxed=relaxed_of(pairings, ignore=self.ignored_flags)
        )

    @property
    def system(self) -> str:
        """The name stored with the round: the kind, or a variant of it (``table_movement``)."""
        return str(self.kind)

    @property
    def ignored_flags(self) -> frozenset[str]:
        """Flags this draw does not count as a relaxed constraint (left out of ``relaxed``)."""
        if self.same_unit == SameUnit.OFF:
            return frozenset({Flag.SAME_UNIT, Flag.SAME_HALF})
        return frozenset()

    @property
    def draws_whole_stage(self) -> bool:
        """Whether the draw places every active pair of the stage (true of any stage's first round)."""
        return self.first


class SwissSystem(DrawSystem):
    """积分编排制: the first round by lot or seeding, then equal points meet, or tables move."""

    kind = DrawKind.SWISS
    name = "Swiss / score-paired (积分编排制)"
    defaults = {"same_unit": SameUnit.HARD, "first_round": FirstRound.RANDOM, "table_movement": False}

    @property
    def system(self) -> str:
        return "table_movement" if self.options["table_movement"] and not self.first else str(self.kind)

    @property
    def ignored_flags(self) -> frozenset[str]:
        return super().ignored_flags | ({Flag.REMATCH, Flag.REPEAT_BYE} if self.first else set())

    @property
    def draws_whole_stage(self) -> bool:
        return self.first or not self.options["table_movement"]

    def draw(self) -> Draw:
        if self.first:
            method = self.options["first_round"]
            return first_round_draw(self.entrants, seed=self.seed, method=method, same_unit=self.same_unit)
        if not self.options["table_movement"]:
            return swiss_draw(self.entrants, seed=self.seed, same_unit=self.same_unit)
        moved = table_movement(
            self.stage.previous(),
            scores=self.stage.scores(need_winner=False),
            seed=self.seed,
            keys=lot_keys(self.entrants),
        )
        annotated = annotate(moved, self.entrants)
        return self._drawn(annotated)


class KnockoutSystem(DrawSystem):
    """淘汰制: a seeded bracket, then the winner of table 1 meets the winner of table 2, and so on."""

    kind = DrawKind.KNOCKOUT
    name = "Knockout (淘汰制)"

    @property
    def ignored_flags(self) -> frozenset[str]:
        return super().ignored_flags | {Flag.REMATCH, Flag.REPEAT_BYE}

    def draw(self) -> Draw:
        if self.first:
            seeded = sorted(self.entrants, key=lambda e: (e.seeding is None, e.seeding or 0, -e.points))
            return knockout_draw(seeded, seed=self.seed, separate_units=self.same_unit != SameUnit.OFF)
        previous = self.stage.previous()
        if len(previous) < 2:
            raise DrawError(ErrorCode.STAGE_COMPLETE, "the stage is decided: the round before was its final")
        scores = self.stage.scores(need_winner=True)
        winners = {pair for pair, score in scores.items() if score == 1.0}
        pairings = next_knockout_round(previous, winners, seed=self.seed, keys=lot_keys(self.entrants))
        placed = {pair for p in pairings for pair in p.entrants}
        annotated = annotate(pairings, [e for e in self.entrants if e.id in placed], floats=False)
        return self._drawn(annotated)


class RoundRobinSystem(DrawSystem):
    """循环: round ``k`` of the stage is round ``k`` of each group's Berger table.

    The groups are made once, snake-seeded from the stage's roster, so the schedule does not move
    with the results; a pair that withdrew leaves its opponent a bye. Snake groups differ by a pair
    at most, and an even group needs a round fewer than an odd one: the pairs of a group that is
    done sit the last round out (no match, no bye). A group meets in full, whatever the history or
    the units, so no flag counts as relaxed.
    """

    kind = DrawKind.ROUND_ROBIN
    name = "Round robin (循环)"
    defaults = {"same_unit": SameUnit.HARD, "group_count": 1}

    @property
    def ignored_flags(self) -> frozenset[str]:
        return frozenset({Flag.REMATCH, Flag.REPEAT_BYE, Flag.SAME_UNIT})

    def draw(self) -> Draw:
        index = self.stage.rounds_before
        active = {e.id for e in self.entrants}
        groups = snake_groups(list(self.stage.roster()), self.options["group_count"])
        schedules = [berger_schedule(group) for group in groups]
        if all(index >= len(schedule) for schedule in schedules):
            raise DrawError(ErrorCode.STAGE_COMPLETE, "every pair of the stage has met every other")
        pairings: list[Pairing] = []
        for schedule in schedules:
            if index >= len(schedule):  # a smaller group is done: its pairs wait for the others
                continue
            played, byes = [], []
            for ns, ew in schedule[index]:
                present = [pair for pair in (ns, ew) if pair is not None and pair in active]
                if len(present) == 2:
                    played.append((ns, ew))
                elif present:
                    byes.append(present[0])
            for ns, ew in [*played, *((pair, None) for pair in byes)]:
                pairings.append(Pairing(table=len(pairings) + 1, ns=ns, ew=ew))
        return Draw(pairings=annotate(pairings, self.entrants, floats=False), seed=self.seed)


DRAW_SYSTEMS: dict[DrawKind, type[DrawSystem]] = {
    system.kind: system for system in (SwissSystem, KnockoutSystem, RoundRobinSystem)
}


def draw_system_choices() -> list[tuple[str, str]]:
    """(key, English name) of every draw system: a stage kind's choices and the API's enum."""
    return [(str(kind), system.name) for kind, system in DRAW_SYSTEMS.items()]
