from __future__ import annotations

import secrets

from django.db import models

#: The reverse one-to-one from a match to its state row, as the lock statements join it.
RELATION = "derived"


def new_stamp() -> int:
    """A stamp no earlier write of the row gave it: random, so that no counter needs reading first."""
    return secrets.randbits(62)


class MatchState(models.Model):
    """A match's derived state, owned by scoring (docs/scoring.md "The stored state"): the fold of its
    current deals, so that a deal post reads it with its lock instead of reading every deal, the
    referees' level changes and the match's results.

    One row per match of a published round (made forgotten at publication) or posted to, written
    only by ``scoring.services.sheet_store`` (``prepare`` at publication, ``store`` after a deal post,
    ``forget`` through ``scoring.services.changes.record`` for every other change).
    A deal post takes the row's lock with the match's, in the one ``SELECT … FOR UPDATE`` of both
    (``visible_match(…, state=True)``, ``lock_match(…, state=True)``): a write that forgets the
    state locks the row too, so a post never stores a state folded before that write.
    ``state`` null: forgotten (the next post folds the deals again and stores the fold)."""

    match = models.OneToOneField(
        "tournaments.Match", primary_key=True, on_delete=models.CASCADE, related_name=RELATION
    )
    # The game's state (MatchSheet.dump_state), its ``key`` (the rule profile and best_of it was folded
    # under) and ``voided_to`` (the highest deal number a void left without a current version).
    state = models.JSONField(null=True, blank=True)
    # MatchSheet.tally of the current deals (the deals each side won by finish); null: not counted.
    tally = models.JSONField(null=True, blank=True)
    # The match had a result that is not superseded when the state was folded: the table posts no deal.
    result = models.BooleanField(default=False)
    # Moved (a new random value) by every write of the row, a store or a forget: with the match row and
    # the event's results_version it names what the table's read shows, so the table app's poll is
    # answered 304 from them before anything is read or built (scoring.selectors.table).
    stamp = models.BigIntegerField(default=new_stamp)

    class Meta:
        verbose_name = "match state"

    def __str__(self) -> str:
        return f"state of match {self.match_id}"
