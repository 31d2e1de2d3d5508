"""Clubs, their staff and their members (issue 24; docs/clubs.md).

A member (会员) is one person across the club's events; each event's ``Player`` row is that person's
entry there and points at the member. Registrations and imports find a member by the club's member
number (``MemberMatcher``), else create one; two records of one person are merged into one
(``member_merge``), the merged row kept and pointing at the survivor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef

from core.errors import Conflict, DomainError
from tournaments.models import Club, ClubRole, ClubStaff, Event, Member, Player
from tournaments.services import save_fields
from tournaments.services.events import UnknownUser
from tournaments.signals import member_merged

CLUB_FIELDS = frozenset({"name"})
MEMBER_FIELDS = frozenset({"member_number", "name", "affiliation", "email", "phone"})


class MemberRefused(DomainError):
    """A member write the club refuses (a member number another live member holds): a 400."""

    default_code = "invalid"


# ---- clubs and their staff ---------------------------------------------------------------------
@transaction.atomic
def club_create(*, by: User, slug: str, name: str) -> Club:
    """Create a club; its creator becomes its organiser."""
    club = Club.objects.create(slug=slug, name=name, created_by=by)
    ClubStaff.objects.create(club=club, user=by, role=ClubRole.ORGANIZER)
    return club


@transaction.atomic
def club_update(*, club: Club, **fields: Any) -> Club:
    """Rename a club (its slug stays: pages and events link to it)."""
    return save_fields(club, fields, allowed=CLUB_FIELDS)


@transaction.atomic
def staff_add(*, club: Club, username: str, role: str = ClubRole.ORGANIZER) -> ClubStaff:
    """Give a user a role in the club (idempotent: adding it again answers the same row)."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise UnknownUser(f"No user named {username!r}.", field="username")
    staff, _ = ClubStaff.objects.get_or_create(club=club, user=user, role=role)
    return staff


@transaction.atomic
def staff_remove(*, staff: ClubStaff) -> None:
    """Take a role away; a club keeps at least one organiser (else nobody could manage it)."""
    staff = ClubStaff.objects.select_for_update().get(pk=staff.pk)
    if staff.role == ClubRole.ORGANIZER:
        organizers = ClubStaff.objects.select_for_update().filter(club=staff.club_id, role=ClubRole.ORGANIZER)
        if len(organizers) == 1:
            raise Conflict("The club needs at least one organiser; name another first.", "last_organizer")
    staff.delete()


# ---- members -----------------------------------------------------------------------------------
def lock_member_numbers(club_id: int) -> None:
    """Serialise the writers that give member numbers in the club, until the transaction ends.

    The club row is the lock (FOR NO KEY UPDATE), taken before a number is looked up: two
    registrations of one new number (in two events of the club, or by hand) then find the member
    the first made instead of both making it (a unique violation, a 500)."""
    Club.objects.select_for_update(no_key=True).filter(pk=club_id).values_list("pk", flat=True).get()


def _number_taken(club: Club, number: str, *, but: Member | None = None) -> bool:
    live = Member.objects.filter(club=club, member_number=number, merged_into__isnull=True)
    if but is not None:
        live = live.exclude(pk=but.pk)
    return bool(number) and live.exists()


def _refuse_taken(number: str) -> MemberRefused:
    return MemberRefused(
        f"Member number {number!r} belongs to another member of the club.",
        "duplicate_member_number",
        field="member_number",
    )


@transaction.atomic
def member_create(*, club: Club, **fields: Any) -> Member:
    unknown = set(fields) - MEMBER_FIELDS
    if unknown:
        raise TypeError(f"Member has no editable field {', '.join(sorted(unknown))}.")
    if fields.get("member_number"):
        lock_member_numbers(club.pk)
        if _number_taken(club, fields["member_number"]):
            raise _refuse_taken(fields["member_number"])
    return Member.objects.create(club=club, **fields)


@transaction.atomic
def member_update(*, member: Member, **fields: Any) -> Member:
    """Edit a live member; a merged one is a record of the past (a 409 ``member_merged``)."""
    if member.merged_into_id is not None:
        raise Conflict("This member was merged into another: edit that one.", "member_merged")
    if fields.get("member_number"):
        lock_member_numbers(member.club_id)
        if _number_taken(member.club, fields["member_number"], but=member):
            raise _refuse_taken(fields["member_number"])
    return save_fields(member, fields, allowed=MEMBER_FIELDS)


@transaction.atomic
def member_merge(*, member: Member, into: Member) -> Member:
    """Merge ``member`` into ``into`` (two records of one person), all or nothing.

    Every entry (``Player.member``) of ``member`` and every record merged into it before now point
    at ``into``, so a merge never leaves a chain; ``member`` keeps its row with ``merged_into`` set
    (links to it resolve to the survivor). What ``into`` leaves blank (member number, affiliation,
    contact data) it takes from ``member``. Refused: the same member, another club's, a member merged
    already (409 ``member_merged``), and two members entered in the same event (409
    ``same_event``: one person plays an event once). Sends ``member_merged``.
    """
    lock_member_numbers(member.club_id)  # the survivor may take the merged member's number
    locked = {m.pk: m for m in Member.objects.select_for_update().filter(pk__in=(member.pk, into.pk))}
    member, into = locked[member.pk], locked[into.pk]
    if member.pk == into.pk:
        raise MemberRefused("A member cannot be merged into itself.", "same_member", field="into")
    if member.club_id != into.club_id:
        raise MemberRefused("That member belongs to another club.", "does_not_exist", field="into")
    if member.merged_into_id is not None or into.merged_into_id is not None:
        raise Conflict("A merged member is merged already: merge the one it became.", "member_merged")
    both = Player.objects.filter(member__in=(member.pk, into.pk)).values_list("event_id", "member_id")
    events_of: dict[int, set[int]] = {}
    for event_id, member_id in both:
        events_of.setdefault(event_id, set()).add(member_id)
    shared = sorted(event for event, members in events_of.items() if len(members) == 2)
    if shared:
        raise Conflict(
            "Both members played the same event: they are two people.", "same_event", extra={"events": shared}
        )
    blanks = {
        name: getattr(member, name)
        for name in ("member_number", "affiliation", "email", "phone")
        if not getattr(into, name) and getattr(member, name)
    }
    member.merged_into = into
    member.save(update_fields=["merged_into"])  # first: the survivor may then take its number
    Member.objects.filter(merged_into=member).update(merged_into=into)
    Player.objects.filter(member=member).update(member=into)
    if blanks:
        save_fields(into, blanks, allowed=MEMBER_FIELDS)
    member_merged.send(sender=Member, member=member, into=into)
    return into


# ---- members of registrations and imports --------------------------------------------------------
@dataclass(frozen=True)
class Entrant:
    """A player being registered into an event of a club: what a new member is made of."""

    name: str
    member_number: str = ""
    affiliation: str = ""
    email: str = ""
    phone: str = ""


class MemberMatcher:
    """The members of a batch of entrants of ``event`` (a pair, or an imported file), in a fixed
    number of queries whatever its size: the live members holding the batch's numbers and whether
    they are entered in the event already (one query), then one ``INSERT`` of the new members."""

    def __init__(self, event: Event, numbers: Sequence[str]) -> None:
        assert event.club_id is not None, "an event of a club"
        self.event = event
        self.club_id: int = event.club_id
        self.numbers = list(numbers)
        given = {number for number in self.numbers if number}
        self.found: dict[str, Member] = {}
        self.entered: set[int] = set()
        if given:
            lock_member_numbers(self.club_id)
            entered = Player.objects.filter(member=OuterRef("pk"), event=event.pk)
            members = Member.objects.filter(
                club=self.club_id, member_number__in=given, merged_into__isnull=True
            ).annotate(in_event=Exists(entered))
            for found in members:
                self.found[found.member_number] = found
                if found.in_event:
                    self.entered.add(found.pk)

    def problems(self) -> dict[int, tuple[str, str]]:
        """Per index of ``numbers``: (code, message) of a number refused: given twice in the batch
        (``duplicate_member_number``), or naming a member entered in the event (``member_entered``)."""
        seen: set[str] = set()
        problems: dict[int, tuple[str, str]] = {}
        for index, number in enumerate(self.numbers):
            if not number:
                continue
            if number in seen:
                problems[index] = ("duplicate_member_number", f"Member number {number!r} is given twice.")
            elif number in self.found and self.found[number].pk in self.entered:
                problems[index] = ("member_entered", f"Member {number!r} is entered in this event already.")
            seen.add(number)
        return problems

    def members(self, entrants: Sequence[Entrant]) -> list[Member]:
        """The member of each entrant (``entrants`` in the order of ``numbers``): the live member of
        its number, else a new one (with that number, or none), all new ones in one ``INSERT``."""
        new = [
            Member(
                club_id=self.club_id,
                member_number=entrant.member_number,
                name=entrant.name,
                affiliation=entrant.affiliation,
                email=entrant.email,
                phone=entrant.phone,
            )
            for entrant in entrants
            if entrant.member_number not in self.found
        ]
        Member.objects.bulk_create(new, batch_size=5000)
        created = iter(new)
        return [self.found.get(entrant.member_number) or next(created) for entrant in entrants]
