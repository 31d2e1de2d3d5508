"""What the adapters of several games share: the open deal body of a game kept on a scoresheet."""

from __future__ import annotations

from typing import Any

from scoring.serializers.deals import (
    SheetDealCorrectionSerializer,
    SheetDealInputSerializer,
    SheetStateSerializer,
)


def open_body() -> dict[str, Any]:
    """A game whose deal body its sheet reads and checks as posted (docs/rules/<game>.md
    "Scorekeeping"): the service's own fields declared, the rest the sheet's."""
    return {
        "deal_input": SheetDealInputSerializer,
        "deal_correction": SheetDealCorrectionSerializer,
        "match_state": SheetStateSerializer,
    }
