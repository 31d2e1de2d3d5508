"""The URL a table card's QR code carries (docs/table-app.md "The table card"; docs/deploy.md
"Running at a venue"): ``{PUBLIC_URL}/t/#table_token=<key>``, the table app with the key in the
fragment (which a browser never sends to a server, so it is never in a log)."""

from __future__ import annotations

from ipaddress import ip_address
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

#: Where the table app is served (config/urls.py).
APP_PATH = "/t/"


def base_url(request: HttpRequest | None) -> str:
    """Where phones reach the service: ``PUBLIC_URL``, else the host the request came to."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL
    return request.build_absolute_uri("/").rstrip("/") if request is not None else ""


def card_url(key: str, request: HttpRequest | None) -> str:
    """What a table card's QR code carries."""
    return f"{base_url(request)}{APP_PATH}#table_token={key}"


def is_loopback(url: str) -> bool:
    """A URL only the machine itself opens (``127.0.0.1``, ``localhost``, ``::1``): a card printed
    with it gives the phones a dead QR code."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False
