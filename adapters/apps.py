from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured

from engine.registry import game_codes
from scoring.adapters import missing, register


class AdaptersConfig(AppConfig):
    """Each game's adapter (docs/index.md "One game interface"): registered once, at start-up."""

    name = "adapters"
    verbose_name = "Game adapters"

    def ready(self) -> None:
        # Imported here, not at the top: the adapters import serializers, which import models, and
        # the app registry must be ready before they are (Django's rule for AppConfig.ready).
        from adapters import daguai, doudizhu, guandan, shuangkou

        for module in (guandan, doudizhu, daguai, shuangkou):  # the OpenAPI document's order
            register(module.ADAPTER)
        unserved = missing(game_codes())
        if unserved:
            raise ImproperlyConfigured(f"games in service without an adapter: {', '.join(unserved)}")
