from django.contrib import admin

from tournaments import models


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "starts_on", "status", "ruleset"]
    list_filter = ["status", "game"]
    search_fields = ["slug", "name"]


@admin.register(models.Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "name", "status"]
    list_filter = ["status"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "stage", "status"]


@admin.register(models.Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "ns_pair", "ew_pair", "status"]


admin.site.register([models.Unit, models.Player, models.Stage, models.EventRole, models.TableToken])
