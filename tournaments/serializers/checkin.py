"""The check-in (检录) of a round: its sheet and the marks the staff post (docs/events.md "Check-in")."""

from __future__ import annotations

from rest_framework import serializers

from core.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictDateTimeField,
    StrictIntegerField,
)
from tournaments.models import Attendance
from tournaments.serializers.registration import PAIR_ID, PairSerializer


class CheckInEntrySerializer(serializers.Serializer):
    pair = PairSerializer(read_only=True)
    status = StrictChoiceField(
        choices=Attendance.choices, read_only=True, allow_null=True, help_text="Null: not checked in yet."
    )
    note = StrictCharField(read_only=True)
    checked_by = StrictCharField(read_only=True, allow_null=True, help_text="Who marked it (a username).")
    checked_at = StrictDateTimeField(read_only=True, allow_null=True)
    drawn = StrictBooleanField(
        read_only=True, help_text="Whether the round's draw places the pair (false: left out as absent)."
    )


class CheckInCountsSerializer(serializers.Serializer):
    present = StrictIntegerField(read_only=True)
    late = StrictIntegerField(read_only=True)
    absent = StrictIntegerField(read_only=True)


class CheckInSheetCountsSerializer(CheckInCountsSerializer):
    unmarked = StrictIntegerField(read_only=True)


class CheckInSheetSerializer(serializers.Serializer):
    round = StrictIntegerField(read_only=True)
    counts = CheckInSheetCountsSerializer(read_only=True)
    entries = CheckInEntrySerializer(many=True, read_only=True)


class MarkSerializer(serializers.Serializer):
    pair = StrictIntegerField(**PAIR_ID, help_text="Pair id (an entrant alone at tables of four: its own).")
    status = StrictChoiceField(choices=Attendance.choices)
    note = StrictCharField(max_length=200, required=False, allow_blank=True, default="")


class CheckInMarksSerializer(serializers.Serializer):
    marks = MarkSerializer(many=True, allow_empty=False, max_length=5000)  # type: ignore[call-arg]  # ListSerializer takes it; the stubs do not know


def sheet_document(round_, entries, left_out: set[int]) -> dict:
    """The check-in sheet as the API answers it."""
    counts = {status.value: 0 for status in Attendance} | {"unmarked": 0}
    rows = []
    for entry in entries:
        mark = entry.mark
        counts[mark.status if mark else "unmarked"] += 1
        rows.append(
            {
                "pair": PairSerializer(entry.pair).data,
                "status": mark.status if mark else None,
                "note": mark.note if mark else "",
                "checked_by": mark.checked_by.username if mark and mark.checked_by else None,
                "checked_at": mark.checked_at if mark else None,
                "drawn": entry.pair.pk not in left_out,
            }
        )
    return CheckInSheetSerializer({"round": round_.number, "counts": counts, "entries": rows}).data
