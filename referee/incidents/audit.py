"""The referee's records in the audit log (django-auditlog, as scoring.audit registers the others):
each row names its event, so ``GET /events/{slug}/audit/?model=ruling`` reads them."""

from __future__ import annotations

from auditlog.registry import auditlog

from referee.models import Appeal, Incident, Penalty, Ruling

AUDITED = {
    Incident: lambda o: o.event_id,
    Ruling: lambda o: o.incident.event_id,
    Penalty: lambda o: o.event_id,
    Appeal: lambda o: o.incident.event_id,
}


def _additional_data(find_event):
    def get_additional_data(self) -> dict:
        return {"event_id": find_event(self)}

    return get_additional_data


for model, find_event in AUDITED.items():
    setattr(model, "get_additional_data", _additional_data(find_event))  # noqa: B010 - auditlog's hook, on each model
    auditlog.register(model)
