"""The series' records in the audit log (django-auditlog, as scoring.audit registers the events'):
who changed a series, its events, its links and its registered qualifiers, through which credential.
A row names the event it is about where there is one (a series event, a link's final, a qualifier's
final), so the final's own log (``GET /events/{slug}/audit/``) shows its qualifiers registered;
a series' own settings belong to no event. The stored placings are a cache: not logged."""

from __future__ import annotations

from auditlog.registry import auditlog

from seasons.models import Qualification, Series, SeriesEvent, SeriesLink

AUDITED = {
    Series: lambda o: None,
    SeriesEvent: lambda o: o.event_id,
    SeriesLink: lambda o: o.final_id,
    Qualification: lambda o: o.final_id,
}


def _additional_data(find_event):
    def get_additional_data(self) -> dict:
        return {"event_id": find_event(self)}

    return get_additional_data


for model, find_event in AUDITED.items():
    setattr(model, "get_additional_data", _additional_data(find_event))  # noqa: B010 - auditlog's hook, on each model
    auditlog.register(model, exclude_fields=["updated_at"])
