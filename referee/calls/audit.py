"""The calls in the audit log (django-auditlog, as referee.incidents.audit registers the records):
each names its event, so ``GET /events/{slug}/audit/?model=refereecall`` reads them."""

from __future__ import annotations

from core.audit_log import register
from referee.models import RefereeCall

register(RefereeCall, lambda o: o.event_id)
