"""The match row no longer carries scoring's fold of its deals: scoring keeps it in its own row
(scoring 0007, which runs before this and drops the trigger that wrote this column)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_event_seed_by_rating"),
    ]

    operations = [
        migrations.RemoveField(model_name="match", name="sheet"),
    ]
