"""What a submitted result meets (docs/scoring.md §2, G8): the states of ``result_submit`` as a
transitions table.

A submission arrives at a match whose versions were read under its lock. Exactly one row of
``TRANSITIONS`` describes what it meets — the first whose condition holds, so the order of the rows
is the order of the questions a scorekeeper's desk would ask: is it a correction (sent again, or
new)? Is there an official result already (the same one again, or another)? Does a live version
agree with it (the same party again, the same party on the other side, or an independent party:
double entry)? Has its own party a live version with another result? Otherwise it is a new
version. What each state does is ``scoring.services.results``' table of actions; a row's
``scorable`` asks first that the actor may still score the round (``require_scorable``: a closed
round is the referees'); a correction asks ``may_correct``.

The conditions only read: the result's facts and their digest are worked out once, on the first
condition that needs them (so a malformed level sheet is refused where it was before: after the
correction's checks, before the official result's).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from scoring.actors import Actor
from scoring.models import MatchResult, ResultStatus
from scoring.problems import NotAllowed, ScoreConflict
from scoring.selectors.matches import LIVE
from scoring.services.common import content_hash, require_correction_right
from scoring.services.parties import correction_again, independent, principal_of
from scoring.services.result_facts import ResultFacts, ResultSubmission, result_facts
from tournaments.models import Match, RoundStatus


class Arrival(StrEnum):
    """What a submission meets."""

    CORRECTION_AGAIN = "correction_again"  # the same correction sent again: nothing changes
    CORRECTION = "correction"  # a correction of the version it names
    CONFIRMED_AGAIN = "confirmed_again"  # the official result sent again: nothing changes
    CONFIRMED_OTHER = "confirmed_other"  # another result than the official one: refused
    REPEATED = "repeated"  # the same party's live version sent again: nothing changes
    SAME_PARTY = "same_party"  # the same credential or side agreeing with itself: refused
    SECOND_ENTRY = "second_entry"  # an independent party agrees: the result is official
    OWN_CHANGED = "own_changed"  # its party's live version said otherwise: refused (correct it)
    NEW = "new"  # a new version: submitted, or disputed beside another party's


@dataclass
class Arriving:
    """A submission and the match's versions it arrives at (read under the match's lock)."""

    match: Match
    submission: ResultSubmission
    actor: Actor
    side: str
    versions: list[MatchResult]
    confirmed: MatchResult | None = field(init=False)
    live: list[MatchResult] = field(init=False)

    def __post_init__(self) -> None:
        self.confirmed = next((v for v in self.versions if v.status == ResultStatus.CONFIRMED), None)
        self.live = [v for v in self.versions if v.status in LIVE]

    @cached_property
    def outcome(self) -> ResultFacts:
        return result_facts(self.match, self.submission, actor=self.actor)

    @cached_property
    def digest(self) -> str:
        return content_hash(self.outcome.identity())

    @cached_property
    def target(self) -> MatchResult | None:
        """The version a correction names (None: none such)."""
        return next((v for v in self.versions if v.version == self.submission.corrects), None)

    @cached_property
    def again(self) -> MatchResult | None:
        """The version this same correction already made (``correction_again``)."""
        return correction_again(self.match, self.versions, self.target, self.submission, self.actor)

    @cached_property
    def agreeing(self) -> MatchResult | None:
        """A live version with the same result."""
        return next((v for v in self.live if v.content_hash == self.digest), None)

    @cached_property
    def mine(self) -> MatchResult | None:
        """A live version of the actor's own party."""
        return next((v for v in self.live if not self.independent(v)), None)

    def independent(self, version: MatchResult) -> bool:
        return independent(version, self.actor, self.side)

    def same_submitter(self, version: MatchResult) -> bool:
        return principal_of(version) == self.actor.principal and version.side == self.side

    def arrival(self) -> Transition:
        return next(row for row in TRANSITIONS if row.condition(self))


@dataclass(frozen=True)
class Transition:
    arrival: Arrival
    condition: Callable[[Arriving], bool]
    scorable: bool = False  # the actor must still be able to score the round (``require_scorable``)


def _corrects(a: Arriving) -> bool:
    return a.submission.corrects is not None


def _agrees_with_own(a: Arriving) -> bool:
    return a.agreeing is not None and not a.independent(a.agreeing)


#: The first row whose condition holds is the state; the last holds always.
TRANSITIONS: tuple[Transition, ...] = (
    Transition(Arrival.CORRECTION_AGAIN, lambda a: _corrects(a) and a.again is not None),
    Transition(Arrival.CORRECTION, _corrects),
    Transition(
        Arrival.CONFIRMED_AGAIN, lambda a: a.confirmed is not None and a.confirmed.content_hash == a.digest
    ),
    Transition(Arrival.CONFIRMED_OTHER, lambda a: a.confirmed is not None),
    Transition(
        Arrival.REPEATED,
        lambda a: _agrees_with_own(a) and a.same_submitter(a.agreeing),  # type: ignore[arg-type]
        scorable=True,
    ),
    Transition(Arrival.SAME_PARTY, _agrees_with_own, scorable=True),
    Transition(Arrival.SECOND_ENTRY, lambda a: a.agreeing is not None, scorable=True),
    Transition(Arrival.OWN_CHANGED, lambda a: a.mine is not None, scorable=True),
    Transition(Arrival.NEW, lambda a: True, scorable=True),
)


def may_correct(match: Match, target: MatchResult | None, actor: Actor, side: str, *, corrects: int) -> None:
    if target is None or target.status == ResultStatus.SUPERSEDED:
        raise ScoreConflict(
            f"Version {corrects} is not the current result: read the result again and correct "
            "the current version.",
            "version_conflict",
            field="corrects",
        )
    if target.status == ResultStatus.CONFIRMED:
        require_correction_right(match, actor)
    elif not actor.is_referee and independent(target, actor, side):
        raise NotAllowed(
            f"Version {target.version} was submitted by another party: submit your own result "
            "(it opens a dispute if it differs) or ask a referee.",
            "not_your_submission",
            field="corrects",
        )
    else:
        require_scorable(match, actor)


def require_scorable(match: Match, actor: Actor) -> None:
    """Scorekeepers work while the round is open; a closed round's results are the referees'."""
    if match.round.status == RoundStatus.CLOSED and not actor.is_referee:
        raise NotAllowed("The round is closed; ask a referee to correct its results.", "round_closed")
