"""Who runs events over a season, and the players they know across events (issue 24).

A club here is any organiser that holds events again and again: a club (俱乐部), a union league, a
company's hall, a tea house. Its events, its series (``seasons``) and its rating table hang off it,
and so do its members: a member is one person however many of the club's events they play, while
``Player`` stays the person's entry in one event (the name, unit and contact data as registered
there). A member number chosen by the club (会员号) is how registrations and imports find an
existing member; a member merged into another keeps its row, pointing at the one it became, so
that links made before the merge still resolve.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """An organiser of events across a season: it owns series, members and a rating table."""

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    created_by = models.ForeignKey("auth.User", null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name


class ClubRole(models.TextChoices):
    """The club's own staff. Each event keeps its own roles (``EventRole``) besides."""

    ORGANIZER = "organizer", _("Organizer")


class ClubStaff(models.Model):
    """A user's role in a club: its organisers manage its events' links, series and members."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=16, choices=ClubRole.choices, default=ClubRole.ORGANIZER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user", "role"], name="club_staff_unique")]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.club}"


class Member(models.Model):
    """A player known across the club's events (会员). ``email`` and ``phone`` are contact data:
    never public, exactly as a ``Player``'s. ``affiliation`` is the club or unit the public sees
    beside the name."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    member_number = models.CharField(
        max_length=32, blank=True, help_text="The club's own member number (会员号); empty: none."
    )
    name = models.CharField(max_length=120)
    affiliation = models.CharField(max_length=120, blank=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=32, blank=True)
    merged_into = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="merged",
        help_text="Set when this record was merged into another: that one is the person now.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            # A member number names one live member of the club; merged records give theirs up.
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~models.Q(member_number="") & models.Q(merged_into__isnull=True),
                name="member_number_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(merged_into__isnull=True) | ~models.Q(merged_into=models.F("id")),
                name="member_not_merged_into_itself",
            ),
        ]

    def __str__(self) -> str:
        return self.name
