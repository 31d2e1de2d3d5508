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
from tournaments.models import Attendance, MatchStatus, RoundStatus
from tournaments.serializers.registration import PAIR_ID, PairSerializer


class CheckInTableSerializer(serializers.Serializer):
    match = StrictIntegerField(read_only=True, source="pk")
    table = StrictIntegerField(read_only=True)
    status = StrictChoiceField(choices=MatchStatus.choices, read_only=True)


class CheckInEntrySerializer(serializers.Serializer):
    pair = PairSerializer(read_only=True)
    status = StrictChoiceField(
        choices=Attendance.choices, read_only=True, allow_null=True, help_text="Null: not checked in yet."
    )
    note = StrictCharField(read_only=True)
    checked_by = StrictCharField(read_only=True, allow_null=True, help_text="Who marked it (a username).")
    checked_at = StrictDateTimeField(read_only=True, allow_null=True)
    drawn = StrictBooleanField(
        read_only=True,
        help_text="Whether the round's draw places the pair (false: left out as absent; in a published "
        "round, whether it has a table).",
    )
    table = CheckInTableSerializer(
        read_only=True,
        allow_null=True,
        help_text="The pair's table in the round's draw and its match's status (null: not drawn yet, "
        "or left out).",
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


class TableOutcomeSerializer(serializers.Serializer):
    match = StrictIntegerField(read_only=True)
    table = StrictIntegerField(read_only=True)
    outcome = StrictChoiceField(
        choices=[
            ("forfeited", "forfeited"),
            ("forfeit_withdrawn", "forfeit_withdrawn"),
            ("forfeit_changed", "forfeit_changed"),
            ("referee", "referee"),
        ],
        read_only=True,
        help_text="forfeited: the absent pair's match is recorded as its forfeit; forfeit_withdrawn: "
        "the pair marked present or late again, the check-in's forfeit is withdrawn and the match is "
        "to play; forfeit_changed: the forfeit now names the side (or both) whose pair is absent; "
        "referee: recorded only — the table has begun, or the event leaves absent pairs out of the "
        "draw, or both pairs of a knockout table are absent: a referee rules on it.",
    )


class CheckInAnswerSerializer(CheckInSheetSerializer):
    tables = TableOutcomeSerializer(
        many=True,
        read_only=True,
        help_text="What the marks did to the tables of a published round (empty for a draft round).",
    )


class CheckInMarksSerializer(serializers.Serializer):
    marks = MarkSerializer(many=True, allow_empty=False, max_length=5000)  # type: ignore[call-arg]  # ListSerializer takes it; the stubs do not know


def sheet_document(round_, entries, left_out: set[int], tables=None) -> dict:
    """The check-in sheet as the API answers it; with ``tables`` (a POST's: what its marks did to
    the round's tables, ``TableOutcome``), the answer to the marks."""
    counts = {status.value: 0 for status in Attendance} | {"unmarked": 0}
    rows = []
    fixed = round_.status != RoundStatus.DRAFT
    for entry in entries:
        mark = entry.mark
        counts[mark.status if mark else "unmarked"] += 1
        rows.append(
            {
                "pair": entry.pair,
                "status": mark.status if mark else None,
                "note": mark.note if mark else "",
                "checked_by": mark.checked_by.username if mark and mark.checked_by else None,
                "checked_at": mark.checked_at if mark else None,
                # A published draw is what it is: a pair marked absent since keeps its table.
                "drawn": entry.match is not None if fixed else entry.pair.pk not in left_out,
                "table": entry.match,
            }
        )
    document = {"round": round_.number, "counts": counts, "entries": rows}
    if tables is None:
        return CheckInSheetSerializer(document).data
    return CheckInAnswerSerializer({**document, "tables": tables}).data
