"""What a ruling may apply at a match (issue 34, docs/referees.md "Effects"): every kind of effect
and whom it may hit, as the services that make a ruling would take it there — so a desk offers no
choice the event's game and the table's shape refuse.

Each candidate is put to the very checks ``services.ruling_make`` runs (``refuse_at_seats``: a table
of four; ``level_point``: a game whose levels follow its deals alone, a forfeited match), never to a
list of its own; the amounts are the penalty settings' (``engine.penalties.AMOUNT_KINDS``).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import DomainError
from engine.penalties import AMOUNT_KINDS, DECIDING_KINDS, MAX_AMOUNT, Effect, PenaltyKind, Target
from referee.incidents.reach import level_point
from referee.incidents.seats import refuse_at_seats
from tournaments.models import Match


@dataclass(frozen=True)
class EffectChoice:
    kind: str
    targets: tuple[str, ...]  # whom it may hit, seen from the offender
    amount: bool  # whether it carries a signed amount (-MAX_AMOUNT…MAX_AMOUNT)
    on_stage: bool  # whether it may also put the side on stage (台上)
    decides: bool  # it decides the match or the entrant's event: the chief referee's (G12)

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "targets": list(self.targets),
            "amount": {"min": -MAX_AMOUNT, "max": MAX_AMOUNT} if self.amount else None,
            "on_stage": self.on_stage,
            "decides": self.decides,
        }


def _taken(match: Match, effect: Effect) -> bool:
    try:
        refuse_at_seats(match, (effect,))
        if effect.kind == PenaltyKind.LEVELS:
            level_point(match, (effect,))
    except DomainError:
        return False
    return True


def effect_choices(match: Match) -> list[EffectChoice]:
    """Every effect a ruling at ``match`` may apply, in the order of ``PenaltyKind``; a kind no target
    of which the match takes is left out."""
    choices = []
    for kind in PenaltyKind:
        amount = kind in AMOUNT_KINDS
        targets = tuple(
            str(target)
            for target in Target
            if _taken(match, Effect(kind=kind, to=target, amount=1 if amount else None))
        )
        if targets:
            choices.append(
                EffectChoice(
                    kind=str(kind),
                    targets=targets,
                    amount=amount,
                    on_stage=kind == PenaltyKind.LEVELS,
                    decides=kind in DECIDING_KINDS,
                )
            )
    return choices
