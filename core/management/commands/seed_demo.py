"""``manage.py seed_demo``: load a small demo, idempotently (safe to run twice)."""

from importlib import import_module

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from rest_framework.authtoken.models import Token

DEMO_USER = "demo"


class Command(BaseCommand):
    help = "Create the demo organiser account and the demo event. Running it again changes nothing."

    @transaction.atomic
    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(
            username=DEMO_USER, defaults={"first_name": "Demo", "last_name": "Organiser"}
        )
        if created:
            user.set_unusable_password()
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        for loader in self.loaders():
            loader(user=user, stdout=self.stdout)
        self.stdout.write(f"Demo user {DEMO_USER!r}; API token: {token.key}")

    def loaders(self):
        """Each app that has demo data contributes a ``seed_demo(user=, stdout=)`` function."""
        for config in apps.get_app_configs():
            try:
                module = import_module(f"{config.name}.demo")
            except ModuleNotFoundError as exc:
                if exc.name != f"{config.name}.demo":
                    raise
                continue
            yield module.seed_demo
