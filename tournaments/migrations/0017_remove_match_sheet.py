"""The match row no longer carries scoring's fold of its deals: scoring keeps it in its own row
(scoring 0008, which runs before this and drops the trigger that wrote this column)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0016_unsettled_rounds"),
    ]

    operations = [
        migrations.RemoveField(model_name="match", name="sheet"),
    ]
