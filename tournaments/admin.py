"""The events' rows in the Django admin (superusers only, core.admin_site): to look at; the plain
descriptions (names, venue, dates, contact data) may be corrected here, nothing a rule owns
(core.admin_fields). Events, registrations, draws, results and rulings are made through the API and
the desks, by their services. A save here says what it changed as every writer does
(``tournaments.changes.changed``): a pair, unit or player renamed changes what the standings show."""

from django.contrib import admin

from core.admin_fields import ServiceOwnedAdmin
from tournaments import models
from tournaments.changes import changed
from tournaments.services.registration import PAIR_SHOWN, PLAYER_SHOWN, UNIT_SHOWN


class EventRowAdmin(ServiceOwnedAdmin):
    """A row of an event: its save moves the event's stamps (``shown``: the editable fields the
    standings show; ``tables``: a match's row)."""

    shown: frozenset[str] = frozenset()
    tables = False

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        event_id = (
            obj.pk
            if isinstance(obj, models.Event)
            else (obj.round.event_id if isinstance(obj, models.Match) else obj.event_id)
        )
        changed(
            event_id,
            rows=not self.tables,
            tables=self.tables,
            shows=bool(self.shown & set(form.changed_data)),
        )


@admin.register(models.Event)
class EventAdmin(EventRowAdmin):
    list_display = ["slug", "name", "starts_on", "status", "ruleset"]
    list_filter = ["status", "game"]
    search_fields = ["slug", "name"]
    editable = ("name", "venue", "starts_on", "ends_on")


@admin.register(models.Pair)
class PairAdmin(EventRowAdmin):
    shown = PAIR_SHOWN
    list_display = ["event", "number", "name", "status"]
    list_filter = ["status"]
    editable = ("name",)


@admin.register(models.Round)
class RoundAdmin(EventRowAdmin):
    list_display = ["event", "number", "stage", "status"]


@admin.register(models.Match)
class MatchAdmin(EventRowAdmin):
    tables = True
    list_display = ["round", "table", "ns_pair", "ew_pair", "status", "winner"]


@admin.register(models.Unit)
class UnitAdmin(EventRowAdmin):
    shown = UNIT_SHOWN
    editable = ("name", "short_name")


@admin.register(models.Player)
class PlayerAdmin(EventRowAdmin):
    shown = PLAYER_SHOWN
    editable = ("name", "email", "phone")


@admin.register(models.Stage)
class StageAdmin(ServiceOwnedAdmin):
    editable = ("name",)


@admin.register(models.EventRole)
class EventRoleAdmin(ServiceOwnedAdmin):
    """Roles are given and taken through the API (an event keeps its last organizer)."""

    list_display = ["event", "user", "role"]


@admin.register(models.TableToken)
class TableTokenAdmin(ServiceOwnedAdmin):
    """Tokens are minted and revoked through the API (one live token a table)."""

    list_display = ["event", "table", "created_at", "revoked_at"]
