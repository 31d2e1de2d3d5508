"""Reads of clubs and their members (docs/clubs.md): who a slug or an id names, and the member lists.

Every club and every member's name and affiliation are public; contact data and member numbers
are the club organisers' (the views pick the serializer, ``tournaments.clubs`` says who organises).
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.models import Club, ClubStaff, Member


def clubs() -> QuerySet[Club]:
    return Club.objects.order_by("slug")


def club_or_404(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def club_staff(club: Club) -> QuerySet[ClubStaff]:
    return ClubStaff.objects.filter(club=club).select_related("user").order_by("role", "id")


def club_members(club: Club, *, search: str = "", private: bool = False) -> QuerySet[Member]:
    """The club's live members (a merged record is reached by its id only), by name.

    ``search`` looks in what the caller may read: the name and affiliation, and for the club's
    organisers (``private``) the member number, email and phone too; never the contact data of a
    public caller, whose search would tell whether an address is a member's."""
    members = Member.objects.filter(club=club, merged_into__isnull=True)
    if search:
        found = Q(name__icontains=search) | Q(affiliation__icontains=search)
        if private:
            found |= Q(member_number__iexact=search) | Q(email__icontains=search) | Q(phone__icontains=search)
        members = members.filter(found)
    return members.order_by("name", "id")


def club_member(club: Club, pk: int) -> Member | None:
    """The member ``pk`` of the club, live or merged."""
    return Member.objects.filter(club=club, pk=pk).first()


def club_member_or_404(club: Club, pk: int) -> Member:
    """The member ``pk`` of the club (live or merged, its club set), else a 404."""
    member = club_member(club, pk)
    if member is None:
        raise Http404("No such member.")
    member.club = club
    return member
