"""The referee's records in the audit log (django-auditlog, as scoring.audit registers the others):
each row names its event, so ``GET /events/{slug}/audit/?model=ruling`` reads them."""

from __future__ import annotations

from core.audit_log import register
from referee.models import Appeal, Incident, Penalty, Ruling

AUDITED = {
    Incident: lambda o: o.event_id,
    Ruling: lambda o: o.incident.event_id,
    Penalty: lambda o: o.event_id,
    Appeal: lambda o: o.incident.event_id,
}


for model, find_event in AUDITED.items():
    register(model, find_event)
