"""Webhooks: signed POSTs of ``result.confirmed``, ``standings.updated`` and ``round.published``.

A delivery row is written in the same transaction as the change it reports (so a change is
never reported unless it committed, and never lost once it did); its first attempt is queued
on commit, and a Celery beat sweep retries failures with exponential back-off.

Signature (docs/scoring.md has a verification snippet): header
``X-Guandan-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the hook's
secret>``. Receivers should check the HMAC with a constant-time compare and refuse old ``t``.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import ipaddress
import json
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.utils import timezone

from scoring.models import DeliveryStatus

EVENT_TYPES = ("result.confirmed", "standings.updated", "round.published", "ruling.made", "referee.called")
MAX_ATTEMPTS = 8
TIMEOUT_SECONDS = 5
SIGNATURE_HEADER = "X-Guandan-Signature"


def backoff(attempts: int) -> datetime.timedelta:
    """30 s after the first failure, doubling, at most an hour (so 8 attempts span about 1 h 4 min)."""
    return datetime.timedelta(seconds=min(30 * 2 ** max(attempts - 1, 0), 3600))


def sign(secret: str, body: bytes, timestamp: int | None = None) -> str:
    timestamp = int(time.time()) if timestamp is None else timestamp
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verify(secret: str, body: bytes, header: str, *, tolerance: int = 300, now: int | None = None) -> bool:
    """What a receiver does (and our tests do): the HMAC matches and the timestamp is recent."""
    try:
        parts = dict(item.split("=", 1) for item in header.split(","))
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    now = int(time.time()) if now is None else now
    expected = sign(secret, body, timestamp).split("v1=", 1)[1]
    return abs(now - timestamp) <= tolerance and hmac.compare_digest(expected, parts.get("v1", ""))


class UrlNotAllowed(ValueError):
    pass


def check_url(url: str) -> None:
    """Only http(s), and (unless ``WEBHOOK_ALLOW_PRIVATE``) only public addresses: a hook must not
    make the service call into its own network."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UrlNotAllowed("A webhook URL is an http or https URL.")
    if getattr(settings, "WEBHOOK_ALLOW_PRIVATE", False):
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise UrlNotAllowed(f"The host {parts.hostname!r} does not resolve.") from exc
    for info in infos:
        address = ipaddress.ip_address(info[4][0])
        refused = refusal(address)
        if refused:
            raise UrlNotAllowed(f"{parts.hostname} resolves to a {refused} address ({address}).")


NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: an IPv4 address in the last 32 bits


def refusal(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """What makes ``address`` no public unicast address ("" when it is one; docs/scoring.md §6).

    ``is_global`` alone is not enough: Python counts multicast (224.0.0.0/4, ff00::/8) as global,
    and a 6to4 or NAT64 address as global whatever IPv4 address it carries.
    """
    if address.is_multicast:
        return "multicast"
    if not address.is_global or address.is_reserved or address.is_unspecified:
        return "private"
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is None and address in NAT64:
            inner = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if inner is not None:
            return refusal(inner)
    return ""


@dataclass(frozen=True)
class Attempt:
    ok: bool
    status: int | None  # the receiver's HTTP status; None when it could not be reached
    error: str


def post(delivery) -> Attempt:
    """POST a delivery, signed; never raises for the receiver's failures."""

    body = json.dumps({"id": delivery.pk, **delivery.payload}, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "guandan-referee-webhooks/1",
        "X-Guandan-Event": delivery.event_type,
        "X-Guandan-Delivery": str(delivery.pk),
        SIGNATURE_HEADER: sign(delivery.webhook.secret, body),
    }
    try:
        check_url(delivery.webhook.url)
        response = requests.post(
            delivery.webhook.url, data=body, headers=headers, timeout=TIMEOUT_SECONDS, allow_redirects=False
        )
    except (requests.RequestException, UrlNotAllowed) as exc:
        return Attempt(ok=False, status=None, error=str(exc)[:500])
    ok = 200 <= response.status_code < 300
    return Attempt(ok=ok, status=response.status_code, error="" if ok else f"HTTP {response.status_code}")


def record(delivery, attempt: Attempt) -> None:
    """Write an attempt's outcome on its delivery (the attempt was counted when it was claimed)."""
    delivery.response_status, delivery.last_error = attempt.status, attempt.error
    if attempt.ok:
        delivery.status, delivery.delivered_at, delivery.next_attempt_at = (
            DeliveryStatus.DELIVERED,
            timezone.now(),
            None,
        )
    elif delivery.attempts >= MAX_ATTEMPTS:
        delivery.status, delivery.next_attempt_at = DeliveryStatus.FAILED, None
    delivery.save(
        update_fields=["response_status", "last_error", "status", "delivered_at", "next_attempt_at"]
    )
