"""Tournament data (docs/rules/guandan.md G8, G11), split by domain and re-exported here."""

from tournaments.models.access import EventRole, Invitation, Role, TableToken
from tournaments.models.checkin import AbsentPairs, Attendance, CheckIn, Substitution
from tournaments.models.club import Club, ClubRole, ClubStaff, Member
from tournaments.models.event import EVENT_FIELDS, Entry, Event, EventStatus
from tournaments.models.registration import Pair, PairStatus, Player, Unit
from tournaments.models.schedule import (
    SEATS_OF_FOUR,
    Match,
    MatchStatus,
    Round,
    RoundStatus,
    Stage,
    StageKind,
    TableSeat,
)

__all__ = [
    "EVENT_FIELDS",
    "SEATS_OF_FOUR",
    "AbsentPairs",
    "Attendance",
    "CheckIn",
    "Club",
    "ClubRole",
    "ClubStaff",
    "Entry",
    "Event",
    "EventRole",
    "EventStatus",
    "Invitation",
    "Match",
    "MatchStatus",
    "Member",
    "Pair",
    "PairStatus",
    "Player",
    "Role",
    "Round",
    "RoundStatus",
    "Stage",
    "StageKind",
    "Substitution",
    "TableSeat",
    "TableToken",
    "Unit",
]
