"""Admin pages that write only what no rule owns (issue 34).

Everything a service of the project writes under its rules — a match's winner and status (results,
rulings), pairings (the draws), a round's status and draw, an event's game, rules, scoring and
status, a pair's number and status (withdrawal, disqualification by a ruling), derived state such as
``results_version`` — is read-only in the admin: its page shows it, its form has no field for it,
and a POST that names it changes nothing. A model admin lists the few plain columns it may edit in
``editable``; every other field is read-only. Rows are made and deleted by the services alone (no
add, no delete): a draw makes matches, a deletion would lose a result.
"""

from __future__ import annotations

from django.contrib import admin


class ServiceOwnedAdmin(admin.ModelAdmin):
    #: The columns the admin may write: plain descriptions no rule reads.
    editable: tuple[str, ...] = ()

    def get_readonly_fields(self, request, obj=None):
        names = [
            field.name for field in self.model._meta.get_fields() if field.concrete and not field.auto_created
        ]
        return [name for name in names if name not in self.editable]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
