"""A match's derived state moves into a row scoring owns (``MatchState``), written by its services:
the trigger of 0005 (which copied ``Deal.sheet_after`` into the match row in a deal's INSERT) is
dropped with the column it read, and the match row's ``sheet`` goes (tournaments 0016, run after
this). Nothing is copied: a state is only what the next post starts from, and a match without one
folds its deals again at its next post (docs/scoring.md "The stored state")."""

import django.db.models.deletion
from django.db import migrations, models

DROP = {
    "postgresql": (
        "DROP TRIGGER IF EXISTS scoring_deal_keeps_sheet ON scoring_deal;"
        " DROP FUNCTION IF EXISTS scoring_deal_keeps_sheet();"
    ),
    "sqlite": "DROP TRIGGER IF EXISTS scoring_deal_keeps_sheet;",
}


def drop_trigger(apps, schema_editor) -> None:
    sql = DROP.get(schema_editor.connection.vendor)
    if sql is not None:  # 0005 made one only on these two
        schema_editor.execute(sql, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0008_duplicate_deal_sets"),
        ("tournaments", "0016_unsettled_rounds"),
    ]
    run_before = [("tournaments", "0017_remove_match_sheet")]

    operations = [
        # Not reversed: going back below 0005 drops 0005's trigger with it (0005's own reverse).
        migrations.RunPython(drop_trigger, migrations.RunPython.noop),
        migrations.RemoveField(model_name="deal", name="sheet_after"),
        migrations.CreateModel(
            name="MatchState",
            fields=[
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="derived",
                        serialize=False,
                        to="tournaments.match",
                    ),
                ),
                ("state", models.JSONField(blank=True, null=True)),
                ("tally", models.JSONField(blank=True, null=True)),
                ("result", models.BooleanField(default=False)),
            ],
            options={"verbose_name": "match state"},
        ),
    ]
