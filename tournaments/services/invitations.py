"""Invitations (docs/events.md "Invitations"): an organizer invites a person to a role in the
event; the one-time link lets them make their account with a password of their own, and gives
them the role. A link expires, is used once, and may be revoked. A person changes their own
password with ``password_change``.

Only the SHA-256 of a link's key is stored: a leaked database gives no working link.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, DomainError, NotFound
from tournaments.models import Event, EventRole, Invitation

#: How long a link stays good by default, and at most (hours).
DEFAULT_HOURS = 72
MAX_HOURS = 30 * 24


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def invitation_create(
    *, event: Event, role: str, tables: list[int], name: str, hours: int, by: User | None
) -> tuple[Invitation, str]:
    """A new invitation and its key (shown once: only its hash is kept)."""
    key = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        event=event,
        role=role,
        tables=sorted(set(tables)),
        name=name,
        key_hash=key_hash(key),
        created_by=by,
        expires_at=timezone.now() + timedelta(hours=hours),
    )
    return invitation, key


@transaction.atomic
def invitation_revoke(*, invitation: Invitation) -> Invitation:
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    state = invitation.state()
    if state != "pending":
        raise Conflict(f"The invitation is {state}: there is nothing to revoke.", f"invitation_{state}")
    invitation.revoked_at = timezone.now()
    invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_by_key(key: str) -> Invitation:
    """The invitation a link's key opens, whatever its state; a 404 for a key that opens none."""
    invitation = Invitation.objects.select_related("event").filter(key_hash=key_hash(key)).first()
    if invitation is None:
        raise NotFound("This invitation link is not known.", "invitation_unknown")
    return invitation


def check_password(password: str, *, user: User | None = None, field: str = "password") -> None:
    """Django's password validators (settings' AUTH_PASSWORD_VALIDATORS) as a 400 on ``field``."""
    try:
        password_validation.validate_password(password, user=user)
    except ValidationError as exc:
        raise DomainError(" ".join(exc.messages), "password_invalid", field=field) from exc


@transaction.atomic
def invitation_accept(*, key: str, username: str, password: str) -> EventRole:
    """Make the invitee's account with their password and give it the invitation's role; the
    link is then used. A used, revoked or expired link is a 409 and nothing is made."""
    invitation = invitation_by_key(key)
    invitation = Invitation.objects.select_for_update().select_related("event").get(pk=invitation.pk)
    state = invitation.state()
    if state != "pending":
        raise Conflict(f"This invitation is {state}.", f"invitation_{state}")
    users = get_user_model()
    if users.objects.filter(username__iexact=username).exists():
        raise DomainError(
            "That username is taken: choose another (or ask the organizer to give your account the role).",
            "username_taken",
            field="username",
        )
    check_password(password, user=users(username=username))
    user = users.objects.create_user(username=username, password=password)
    role, _ = EventRole.objects.update_or_create(
        event=invitation.event, user=user, role=invitation.role, defaults={"tables": invitation.tables}
    )
    invitation.used_at, invitation.used_by = timezone.now(), user
    invitation.save(update_fields=["used_at", "used_by"])
    return role


@transaction.atomic
def password_change(*, user: User, old_password: str, new_password: str) -> None:
    """A person changes their own password: the old one first, then the validators."""
    if not user.check_password(old_password):
        raise DomainError("The current password is not right.", "wrong_password", field="old_password")
    check_password(new_password, user=user, field="new_password")
    user.set_password(new_password)
    user.save(update_fields=["password"])
