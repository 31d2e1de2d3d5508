"""What the adapters of several games share: the open deal body of a game kept on a scoresheet."""

from __future__ import annotations

from typing import Any

from scoring.serializers.deals import (
    SheetDealCorrectionSerializer,
    SheetDealInputSerializer,
    game_state,
)


def open_body(state: str, doc: str) -> dict[str, Any]:
    """A game whose deal body its sheet reads and checks as posted (docs/rules/<game>.md
    "Scorekeeping"): the service's own fields declared, the rest the sheet's; its match state the
    component ``state`` (``game_state``)."""
    return {
        "deal_input": SheetDealInputSerializer,
        "deal_correction": SheetDealCorrectionSerializer,
        "match_state": game_state(state, doc),
    }
