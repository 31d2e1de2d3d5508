"""What a row held when it was read, kept on the instance without another query.

``LoadedValues`` records, as Django's ``Model.from_db`` documentation suggests, the values a
model instance was loaded with (``loaded_values``: attname → value, deferred fields absent), so that
a receiver of ``post_save`` can tell what the save changed without reading the row again first (a
``pre_save`` SELECT on every save, which issue 36 removed). ``remember`` files the values an instance
holds now, after a save has written them. An instance made in Python, not read, has none (None).
"""

from __future__ import annotations

from typing import Any

from django.db import models


class LoadedValues(models.Model):
    class Meta:
        abstract = True

    @classmethod
    def from_db(cls, db, field_names, values):
        instance = super().from_db(db, field_names, values)
        instance._loaded_values = dict(zip(field_names, values, strict=True))
        return instance

    @property
    def loaded_values(self) -> dict[str, Any] | None:
        return getattr(self, "_loaded_values", None)

    def remember(self) -> None:
        """The values held now are what the row holds (a save wrote them)."""
        deferred = self.get_deferred_fields()
        self._loaded_values = {
            field.attname: getattr(self, field.attname)
            for field in self._meta.concrete_fields
            if field.attname not in deferred
        }
