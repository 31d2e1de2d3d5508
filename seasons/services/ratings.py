"""Rating a club's members again from its confirmed results (docs/ratings.md).

A recomputation replays every rated match of the club from scratch (``seasons.rating.replay``) and
writes the table and the histories again in one transaction, holding the club's row locked so that
two runs for one club take turns. It reads nothing but the results, so running it twice, or after
any number of corrections, gives the same rows: that is its idempotency, and why the task that runs
it needs no record of what it already did.
"""

from __future__ import annotations

import time

from django.db import transaction
from django.utils import timezone

from seasons.models import Rating, RatingChange, RatingRun
from seasons.rating import replay
from seasons.selectors import MatchKey, club_games
from tournaments.models import Club

#: Rows written per INSERT (SQLite takes at most 32,766 parameters a statement, 12 columns a row).
BATCH = 2000


def recompute(club_id: int) -> int:
    """Rate the club's members from all its confirmed results; the number of matches rated (0 when
    the club is gone)."""
    started = time.perf_counter()
    with transaction.atomic():
        club = Club.objects.select_for_update().filter(pk=club_id).first()
        if club is None:
            return 0
        games = club_games(club_id)
        done = replay(games)
        sequence: dict[MatchKey, int] = {}
        changes = []
        for change in done.changes:
            if not isinstance(change.person, int):
                continue  # a guest: rated for their partners' sake, stored nowhere
            key = change.game
            assert isinstance(key, MatchKey)
            number = sequence.setdefault(key, len(sequence) + 1)
            changes.append(
                RatingChange(
                    club_id=club_id,
                    member_id=change.person,
                    event_id=key.event_id,
                    match_id=key.match_id,
                    sequence=number,
                    mu_before=change.before.mu,
                    sigma_before=change.before.sigma,
                    rating_before=change.before.rating,
                    mu_after=change.after.mu,
                    sigma_after=change.after.sigma,
                    rating_after=change.after.rating,
                )
            )
        ratings = [
            Rating(
                club_id=club_id,
                member_id=person,
                mu=skill.mu,
                sigma=skill.sigma,
                rating=skill.rating,
                matches=done.matches[person],
            )
            for person, skill in done.skills.items()
            if isinstance(person, int)
        ]
        RatingChange.objects.filter(club_id=club_id).delete()
        Rating.objects.filter(club_id=club_id).delete()
        RatingChange.objects.bulk_create(changes, batch_size=BATCH)
        Rating.objects.bulk_create(ratings, batch_size=BATCH)
        rated = len({change.game for change in done.changes})
        RatingRun.objects.update_or_create(
            club_id=club_id,
            defaults={
                "computed_at": timezone.now(),
                "matches": rated,
                "seconds": time.perf_counter() - started,
            },
        )
    return rated
