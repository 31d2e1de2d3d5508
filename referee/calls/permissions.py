"""The calls' permission names (core.permissions): ``call.keeper``, who keeps the score of the table
that called (its token, its scorekeepers, the event's staff who keep every table)."""

from __future__ import annotations

from enum import StrEnum

from core.permissions import register_check
from scoring.actors import actor_of


class CallPermission(StrEnum):
    KEEPER = "call.keeper"


register_check(CallPermission.KEEPER, lambda r, v, o: actor_of(r, v.get_event()).keeps(v.get_call().match))
