"""Who an entrant is across the events of a series (docs/series.md "Who is the same entrant").

In an event a pair is its players; across a club's events a player is a ``Member`` (``Player.member``).
So an entrant of a series is the set of its players' members: the same two members are the same
pair in every event they play together, whatever the pair's number or name there. A member merged
into another counts as the one it became (its ``merged_into`` chain is followed to the end). An
entrant one of whose players has no member is known in that event only: it is its own entrant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.models import Member


def merged_members(club_id: int) -> dict[int, int]:
    """member -> the member it was merged into, for the club's merged members (one query)."""
    return dict(
        Member.objects.filter(club_id=club_id, merged_into__isnull=False).values_list("id", "merged_into_id")
    )


def live_member(member: int, merged: Mapping[int, int]) -> int:
    """The member a (possibly merged) member is now; a cycle stops where it closes."""
    if member not in merged:
        return member  # the usual case, without a set
    seen = {member}
    while member in merged and merged[member] not in seen:
        member = merged[member]
        seen.add(member)
    return member


def entrant_key(pair: int, members: Sequence[int | None], merged: Mapping[int, int]) -> str:
    """``m:<ids>`` (the live members, sorted) when every player has a member, else ``p:<pair id>``."""
    if not members or any(member is None for member in members):
        return f"p:{pair}"
    return "m:" + "-".join(str(m) for m in sorted({live_member(m, merged) for m in members if m is not None}))
