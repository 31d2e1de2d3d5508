"""What the audit log records (django-auditlog; ``GET /events/{slug}/audit/``).

Every write of the tournament and scoring models is logged with its changed fields as
[before, after], who made it and through which credential (core.audit). Each model says how its
event is found, so an event's log can be read on its own. Secrets are masked and contact data
(a player's email and phone) is masked too: referees read the log, and they may not read contacts.
"""

from __future__ import annotations

from core.audit_log import register
from scoring.models import Deal, MatchResult, Webhook
from tournaments.models import (
    CheckIn,
    Club,
    ClubStaff,
    Event,
    EventRole,
    Invitation,
    Match,
    Member,
    Pair,
    Player,
    Round,
    Stage,
    Substitution,
    TableToken,
    Unit,
)

# model -> (how its event id is found, fields masked, fields left out)
AUDITED = {
    Event: (lambda o: o.pk, [], ["updated_at", "results_version"]),
    EventRole: (lambda o: o.event_id, [], []),
    Invitation: (lambda o: o.event_id, ["key_hash"], []),
    TableToken: (lambda o: o.event_id, ["key"], []),
    Unit: (lambda o: o.event_id, [], []),
    Player: (lambda o: o.event_id, ["email", "phone"], []),
    Pair: (lambda o: o.event_id, [], []),
    Stage: (lambda o: o.event_id, [], []),
    Round: (lambda o: o.event_id, [], ["updated_at"]),
    CheckIn: (lambda o: o.round.event_id, [], []),
    Substitution: (lambda o: o.pair.event_id, [], []),
    Match: (lambda o: o.round.event_id, [], []),
    Deal: (lambda o: o.match.round.event_id, [], ["content_hash"]),
    MatchResult: (lambda o: o.match.round.event_id, [], ["content_hash"]),
    Webhook: (lambda o: o.event_id, ["secret"], []),
    # A club's own rows belong to no event (docs/clubs.md); a member's contact data is masked as a
    # player's, and so is the member number the club keeps private.
    Club: (lambda o: None, [], []),
    ClubStaff: (lambda o: None, [], []),
    Member: (lambda o: None, ["email", "phone", "member_number"], []),
}


def redact(text: str) -> str | None:
    """A masked field's value in the log: that it was set or changed, nothing of what it holds.

    auditlog's default mask keeps the second half in clear (half a table token or HMAC secret, a
    phone number's last digits, an email's domain). ``text`` is auditlog's string of the value,
    "None" when there was none (before a create).
    """
    if text == "None":
        return None
    return "********" if text else ""


#: model -> how the club of a club's own row is found (docs/clubs.md: the club's audit log).
CLUB_ROWS = {Club: lambda o: o.pk, ClubStaff: lambda o: o.club_id, Member: lambda o: o.club_id}

for model, (find_event, masked, excluded) in AUDITED.items():
    register(
        model,
        find_event,
        masked=masked,
        excluded=excluded,
        mask_callable="scoring.audit.redact",
        find_club=CLUB_ROWS.get(model),
    )
