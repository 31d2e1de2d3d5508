"""Rounds drawn before problems named pairs by number: their ``relaxed`` entries held pair ids.

Rewrite each ``"<flag>:<id>-<id>"`` (and ``"<flag>:<id>"``) entry with pair numbers, lower first,
as services/drawing.py now stores them; entries that name no pair (``duplicate_table``,
``two_byes``) stay as they are. The logic is inlined: a migration must not import services.
"""

from django.db import migrations

NO_PAIRS = {"duplicate_table", "two_byes"}


def _numbered(entry: str, number_of: dict[int, int]) -> str:
    flag, _, detail = entry.partition(":")
    if flag in NO_PAIRS or not detail:
        return entry
    try:
        ids = [int(part) for part in detail.split("-")]
    except ValueError:
        return entry
    numbers = sorted(number_of.get(pk, pk) for pk in ids)
    return f"{flag}:{'-'.join(str(n) for n in numbers)}"


def forwards(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    Pair = apps.get_model("tournaments", "Pair")
    for round_ in Round.objects.exclude(relaxed=[]):
        number_of = dict(Pair.objects.filter(event_id=round_.event_id).values_list("pk", "number"))
        round_.relaxed = sorted(_numbered(entry, number_of) for entry in round_.relaxed)
        round_.save(update_fields=["relaxed"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_scoring_settings")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
