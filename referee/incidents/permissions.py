"""Permission checks of the referee's records, registered by name (core.permissions).

- ``event.rulings``: reads incidents and rulings: the event's staff, or anyone once the event is
  public and publishes its rulings (``publish_rulings``); what each sees is narrowed by
  ``referee.incidents.selectors.visible_incidents``.
"""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from referee.incidents.selectors import rulings_visible


class RulingPermission(StrEnum):
    """The referee records' permission names (registered below)."""

    RULINGS = "event.rulings"


register_check(RulingPermission.RULINGS, lambda r, v, o: rulings_visible(r, v.get_event()), anonymous=True)
