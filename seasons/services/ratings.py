"""Rating a club's members again from its confirmed results (docs/ratings.md).

A recomputation replays every rated match of the club from scratch (``seasons.rating.replay``) and
writes the table and the histories in one transaction, holding the club's row locked so that two
runs for one club take turns. It reads nothing but the results, so running it twice, or after any
number of corrections, gives the same rows: that is its idempotency, and why the task that runs it
needs no record of what it already did.

Replaying is cheap (0.7 s for a season of 7,000 matches); rewriting 28,000 history rows is not (2.5 s
on SQLite). So the history is written from the first row that differs from the stored one on: a
result confirmed at the end of the season rewrites that match's four rows, a correction the rows
from its match on, and a second run nothing.
"""

from __future__ import annotations

import time

from django.db import transaction
from django.utils import timezone

from seasons.models import Rating, RatingChange, RatingRun
from seasons.rating import Skill, replay
from seasons.selectors.ratings import MatchKey, club_games
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
        rows: list[tuple] = []  # as _COMPARED names them: model rows only for those written
        for change in done.changes:
            if not isinstance(change.person, int):
                continue  # a guest: rated for their partners' sake, stored nowhere
            key = change.game
            assert isinstance(key, MatchKey)
            number = sequence.setdefault(key, len(sequence) + 1)
            before, after = change.before, change.after
            rows.append(
                (
                    number,
                    change.person,
                    key.match_id,
                    key.event_id,
                    before.mu,
                    before.sigma,
                    after.mu,
                    after.sigma,
                )
            )
        rows.sort(key=lambda row: (row[0], row[1]))
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
        first = _first_difference(club_id, rows)
        if first is not None:
            RatingChange.objects.filter(club_id=club_id, sequence__gte=first).delete()
            written = (_change(club_id, row) for row in rows if row[0] >= first)
            RatingChange.objects.bulk_create(written, batch_size=BATCH)
        Rating.objects.filter(club_id=club_id).delete()
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


_COMPARED = (
    "sequence",
    "member_id",
    "match_id",
    "event_id",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)


def _change(club_id: int, row: tuple) -> RatingChange:
    change = RatingChange(club_id=club_id, **dict(zip(_COMPARED, row, strict=True)))
    change.rating_before = Skill(change.mu_before, change.sigma_before).rating
    change.rating_after = Skill(change.mu_after, change.sigma_after).rating
    return change


def _first_difference(club_id: int, rows: list[tuple]) -> int | None:
    """The first sequence from which the stored history and ``rows`` (both in stored order) differ,
    None when they are the same: every row before it is stored as it is, every row from it on is
    written again (a match's rows together, whatever differs among them)."""
    stored = (
        RatingChange.objects.filter(club_id=club_id).order_by("sequence", "member_id").values_list(*_COMPARED)
    )
    seen = 0
    for old in stored.iterator(chunk_size=BATCH):
        if seen >= len(rows):
            return old[0]  # stored rows the replay no longer makes
        if old != rows[seen]:
            return min(old[0], rows[seen][0])
        seen += 1
    return rows[seen][0] if seen < len(rows) else None
