"""The events' rows in the Django admin (superusers only, core.admin_site): to look at; the plain
descriptions (names, venue, dates, contact data) may be corrected here, nothing a rule owns
(core.admin_fields). Events, registrations, draws, results and rulings are made through the API and
the desks, by their services."""

from django.contrib import admin

from core.admin_fields import ServiceOwnedAdmin
from tournaments import models


@admin.register(models.Event)
class EventAdmin(ServiceOwnedAdmin):
    list_display = ["slug", "name", "starts_on", "status", "ruleset"]
    list_filter = ["status", "game"]
    search_fields = ["slug", "name"]
    editable = ("name", "venue", "starts_on", "ends_on")


@admin.register(models.Pair)
class PairAdmin(ServiceOwnedAdmin):
    list_display = ["event", "number", "name", "status"]
    list_filter = ["status"]
    editable = ("name",)


@admin.register(models.Round)
class RoundAdmin(ServiceOwnedAdmin):
    list_display = ["event", "number", "stage", "status"]


@admin.register(models.Match)
class MatchAdmin(ServiceOwnedAdmin):
    list_display = ["round", "table", "ns_pair", "ew_pair", "status", "winner"]


@admin.register(models.Unit)
class UnitAdmin(ServiceOwnedAdmin):
    editable = ("name", "short_name")


@admin.register(models.Player)
class PlayerAdmin(ServiceOwnedAdmin):
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
