"""Every game's deal keeps its record whole in ``Deal.record`` (issue 36): Guandan's five columns
(``finishing_order``, ``tribute``, ``hands``, ``leader``, ``plays``) move into it with its ``game``,
as the Guandan scoresheet writes a record (engine/guandan/scoresheet.py ``RECORD_MEMBERS``), and go.
No read filters on them, so no index takes their place."""

from django.db import migrations, models

BATCH = 500


def records_from_columns(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    pending = Deal.objects.filter(record__isnull=True).order_by("pk")
    batch = []
    for deal in pending.iterator(chunk_size=BATCH):
        deal.record = {
            "game": deal.game,
            "finishing_order": deal.finishing_order,
            "tribute": deal.tribute,
            "hands": deal.hands,
            "leader": deal.leader or None,
            "plays": deal.plays,
        }
        batch.append(deal)
        if len(batch) >= BATCH:
            Deal.objects.bulk_update(batch, ["record"])
            batch = []
    if batch:
        Deal.objects.bulk_update(batch, ["record"])


def columns_from_records(apps, schema_editor):
    """Back: a Guandan record (the one with a ``finishing_order`` and ``tribute``) into its columns."""
    Deal = apps.get_model("scoring", "Deal")
    batch = []
    for deal in Deal.objects.order_by("pk").iterator(chunk_size=BATCH):
        record = deal.record or {}
        if {"finishing_order", "tribute", "hands", "leader", "plays"} <= set(record) and "game" in record:
            deal.finishing_order = record["finishing_order"]
            deal.tribute = record["tribute"]
            deal.hands = record["hands"]
            deal.leader = record["leader"] or ""
            deal.plays = record["plays"]
            deal.record = None
            batch.append(deal)
    Deal.objects.bulk_update(batch, ["finishing_order", "tribute", "hands", "leader", "plays", "record"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_result_cause"),
    ]

    operations = [
        migrations.RunPython(records_from_columns, columns_from_records),
        migrations.RemoveField(model_name="deal", name="finishing_order"),
        migrations.RemoveField(model_name="deal", name="tribute"),
        migrations.RemoveField(model_name="deal", name="hands"),
        migrations.RemoveField(model_name="deal", name="leader"),
        migrations.RemoveField(model_name="deal", name="plays"),
        # Not null, its default and help, for Django only (every row has its record now): as a
        # database operation SQLite would rebuild the table, and the deal's trigger (0005) would go
        # with the old table. The column itself still allows null.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="deal",
                    name="record",
                    field=models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="The deal's canonical record, as the game's scoresheet checked it "
                        "(docs/rules/<game>.md).",
                    ),
                ),
            ],
        ),
    ]
