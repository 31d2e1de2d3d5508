"""The Django admin as a tool for superusers only (issue 34): a staff account that is not a
superuser is sent to the admin's login, as an anonymous visitor is. The event's staff work at the
desks (``/desk/``) and through the API, under the event roles; the admin is the server's own
inspection tool, and what the rules forbid writing directly is read-only there
(``core.admin_fields.ServiceOwnedAdmin``)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig


class SuperuserAdminSite(admin.AdminSite):
    site_header = "Guandan service administration (superusers)"

    def has_permission(self, request) -> bool:
        user = request.user
        return bool(user.is_active and user.is_superuser)


class AdminConfig(DjangoAdminConfig):
    """``django.contrib.admin`` with ``SuperuserAdminSite`` as ``admin.site``."""

    default_site = "core.admin_site.SuperuserAdminSite"
