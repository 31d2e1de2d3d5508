"""``manage.py apitoken USERNAME [--superuser]``: print an API token, creating the user if missing."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from rest_framework.authtoken.models import Token


class Command(BaseCommand):
    help = "Print the API token of USERNAME, creating the user (and token) when missing."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--superuser", action="store_true", help="Make the user a superuser and staff.")

    @transaction.atomic
    def handle(self, *args, username: str, superuser: bool, **options):
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_unusable_password()
        if superuser and not (user.is_superuser and user.is_staff):
            user.is_superuser = user.is_staff = True
        user.save()
        token, _ = Token.objects.get_or_create(user=user)
        if created:
            self.stderr.write(f"Created user {username!r}.")
        self.stdout.write(token.key)
