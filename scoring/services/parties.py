"""Who is a party to a match's result (double entry, docs/scoring.md §2): the credential that
submitted a version, and whether another caller is independent of it."""

from __future__ import annotations

from scoring.actors import Actor
from scoring.models import MatchResult, ResultStatus
from scoring.services.common import content_hash
from scoring.services.result_facts import ResultSubmission, result_facts
from tournaments.models import Match


def principal_of(result: MatchResult) -> str:
    return f"table:{result.table_token_id}" if result.table_token_id else f"user:{result.submitted_by_id}"


def independent(result: MatchResult, actor: Actor, side: str) -> bool:
    """Another party: another credential, and not the same declared side (double entry)."""
    return principal_of(result) != actor.principal and result.party != actor.party(side)


def correction_again(
    match: Match,
    versions: list[MatchResult],
    target: MatchResult | None,
    submission: ResultSubmission,
    actor: Actor,
) -> MatchResult | None:
    """The version standing that already made this correction of ``target`` (the same party, the
    same result), so that a retry without an Idempotency-Key is a 200, not a ``version_conflict``."""
    if target is None or target.status != ResultStatus.SUPERSEDED:
        return None
    made = (v for v in versions if v.corrects_id == target.pk and v.status != ResultStatus.SUPERSEDED)
    mine = next((v for v in made if principal_of(v) == actor.principal), None)
    if mine is None or mine.content_hash != content_hash(
        result_facts(match, submission, actor=actor).identity()
    ):
        return None
    return mine
