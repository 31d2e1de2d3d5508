"""What the standing rulings do to scoring, as the referee app answers scoring's ``Rulings``
(scoring.rulings; registered in ``RefereeConfig.ready``): scoring never imports this app."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import AnonymousUser

from referee.incidents.selectors import (
    incident_count,
    level_changes,
    level_changes_since,
    ruled_winner,
    rulings_visible,
    visible_incidents,
    withdrawn_decisions,
)
from referee.incidents.standings import match_penalties, provisional_matches, ruled_standings, seat_forfeits
from referee.models import RulingStatus
from scoring.rulings import Rulings
from tournaments.models import Event

#: The public: a caller with no account and no table token (what the public pages show).
PUBLIC = SimpleNamespace(user=AnonymousUser())


def published(event: Event) -> bool:
    return bool(rulings_visible(PUBLIC, event))


def shown(event: Event) -> list[dict[str, Any]]:
    """The incidents the public sees (ruled, appealed or decided; never who reported them), each with
    its standing ruling and that ruling's effects, as the incidents API shows them to the public."""
    incidents = list(
        visible_incidents(PUBLIC, event)
        .prefetch_related("rulings")
        .order_by("match__round__number", "match__table", "id")
    )
    shown = []
    for incident in incidents:
        standing = next((r for r in incident.rulings.all() if r.status == RulingStatus.STANDING), None)
        shown.append(
            {
                "id": incident.pk,
                "round": incident.match.round.number,
                "table": incident.match.table,
                "deal": incident.deal,
                "side": incident.side,
                "seat": incident.seat,
                "pair": incident.pair.number,
                "infraction": incident.infraction,
                "status": incident.get_status_display(),
                "ruling": None
                if standing is None
                else {
                    "rule": standing.rule,
                    "dismissed": standing.dismissed,
                    "effects": standing.effects,
                    "note": standing.note,
                    "made_at": standing.made_at,
                },
            }
        )
    return shown


RULINGS = Rulings(
    standings=ruled_standings,
    level_changes=level_changes,
    level_changes_since=level_changes_since,
    winner=ruled_winner,
    withdrawn_decisions=withdrawn_decisions,
    published=published,
    shown=shown,
    match_penalties=match_penalties,
    seat_forfeits=seat_forfeits,
    provisional=provisional_matches,
    incident_stamp=incident_count,
)
