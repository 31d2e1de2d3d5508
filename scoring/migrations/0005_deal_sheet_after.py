"""A posted deal carries the match's stored state after it, and a trigger copies it into the match row
in the deal's own INSERT (docs/scoring.md "The stored state"): a deal post sends no UPDATE of the
match. PostgreSQL and SQLite each have their own trigger syntax."""

from django.core.exceptions import ImproperlyConfigured
from django.db import migrations, models

POSTGRESQL = (
    """
    CREATE FUNCTION scoring_deal_keeps_sheet() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE tournaments_match SET sheet = NEW.sheet_after WHERE id = NEW.match_id;
        RETURN NULL;
    END
    $$;
    CREATE TRIGGER scoring_deal_keeps_sheet AFTER INSERT ON scoring_deal
    FOR EACH ROW WHEN (NEW.sheet_after IS NOT NULL) EXECUTE FUNCTION scoring_deal_keeps_sheet();
    """,
    """
    DROP TRIGGER IF EXISTS scoring_deal_keeps_sheet ON scoring_deal;
    DROP FUNCTION IF EXISTS scoring_deal_keeps_sheet();
    """,
)
SQLITE = (
    """
    CREATE TRIGGER scoring_deal_keeps_sheet AFTER INSERT ON scoring_deal
    FOR EACH ROW WHEN NEW.sheet_after IS NOT NULL
    BEGIN
        UPDATE tournaments_match SET sheet = NEW.sheet_after WHERE id = NEW.match_id;
    END;
    """,
    "DROP TRIGGER IF EXISTS scoring_deal_keeps_sheet;",
)
TRIGGERS = {"postgresql": POSTGRESQL, "sqlite": SQLITE}


def _run(schema_editor, index: int) -> None:
    sql = TRIGGERS.get(schema_editor.connection.vendor)
    if sql is None:
        # The service runs on PostgreSQL (production) and SQLite (make run, tests) only: on any other
        # database a deal post would leave the match's stored state behind, so refuse to migrate.
        raise ImproperlyConfigured(
            f"No trigger for {schema_editor.connection.vendor}: use PostgreSQL or SQLite (docs/deploy.md)."
        )
    schema_editor.execute(sql[index], params=None)


def create_trigger(apps, schema_editor) -> None:
    _run(schema_editor, 0)


def drop_trigger(apps, schema_editor) -> None:
    _run(schema_editor, 1)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_tables_of_four"),
        ("tournaments", "0011_match_sheet"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="sheet_after",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(create_trigger, drop_trigger),
    ]
