"""The rounds resource as served: the tournaments layer's, publishing and checking in through the
scoring layer so that the absent pairs' matches are forfeited as the event says
(scoring.services.absent_forfeits)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from scoring.actors import actor_of
from scoring.services.absent_forfeits import check_in_with_forfeits, publish_with_forfeits
from tournaments.models import Round
from tournaments.services.checkin import CheckedIn
from tournaments.views.schedule import RoundViewSet as TournamentRounds


class RoundViewSet(TournamentRounds):
    __doc__ = TournamentRounds.__doc__

    def publishing(self) -> Callable[..., Round]:
        return partial(publish_with_forfeits, actor=actor_of(self.request, self.get_event()))

    def checking_in(self) -> Callable[..., CheckedIn]:
        return partial(check_in_with_forfeits, actor=actor_of(self.request, self.get_event()))
