"""The series' records in the audit log (django-auditlog, as scoring.audit registers the events'):
who changed a series, its events, its links and its registered qualifiers, through which credential.
A row names the event it is about where there is one (a series event, a link's final, a qualifier's
final), so the final's own log (``GET /events/{slug}/audit/``) shows its qualifiers registered;
a series' own settings belong to no event. The stored placings are a cache: not logged."""

from __future__ import annotations

from core.audit_log import register
from seasons.models import Qualification, Series, SeriesEvent, SeriesLink

AUDITED = {
    Series: lambda o: None,
    SeriesEvent: lambda o: o.event_id,
    SeriesLink: lambda o: o.final_id,
    Qualification: lambda o: o.final_id,
}


for model, find_event in AUDITED.items():
    # A series' own settings are its club's (GET /clubs/{slug}/audit/ lists them).
    register(
        model,
        find_event,
        excluded=["updated_at"],
        find_club=(lambda o: o.club_id) if model is Series else None,
    )
