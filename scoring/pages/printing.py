"""What the print pages add to the public data: the rules summary and level-line rows of a score
sheet, the certificates' data, and the table cards' QR codes (segno, inline SVG: nothing fetched).

A table card's QR code carries the URL the table-token API gives (``TableTokenSerializer.url``:
the table's matches, the key in the URL fragment, docs/events.md §2), so the scorekeeping app opens
it as it opens a token minted through the API.
"""

from __future__ import annotations

from typing import Any

import segno
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from engine import get_game
from engine.seats import seat_order
from scoring.adapters import adapter
from tournaments.models import Event
from tournaments.pins import pair_pin
from tournaments.selectors import live_table_tokens, pair_players, pairs_with_players
from tournaments.serializers.events import TableTokenSerializer

#: Places that get a certificate on the final standings page.
CERTIFICATE_PLACES = 3
#: Level-line rows on a score sheet when the match is not a fixed number of deals.
OPEN_SHEET_ROWS = 24


def rules_summary(event: Event) -> list[str]:
    """The event's effective rules (profile, overrides, match fields: ``Event.rule_profile``), in
    short sentences for the foot of a score sheet (the game adapter's ``rules_summary``: Guandan,
    Shuangkou, a table of four). Daguai Luzi's sheet has no summary yet."""
    summary = adapter(event.game).rules_summary
    return [] if summary is None else summary(event.rule_profile())


def table_dealers(event: Event) -> list[dict[str, Any]]:
    """The rows of a table of four's deal sheet: each deal's number and dealer (D10: N deals first,
    then the deal passes in the turn direction)."""
    profile = event.rule_profile()
    order = seat_order(profile.turn_direction)
    return [
        {"number": number, "dealer": order[(number - 1) % len(order)].value}
        for number in range(1, min(profile.deals_per_round, 60) + 1)
    ]


def deal_rows(event: Event) -> list[int]:
    """The numbered rows of the deal by deal line on a score sheet (Guandan's 记级 level line; a table
    of four: its deals, D10): as many as the game's sheet expects (``MatchSheet.deals_expected``), or
    ``OPEN_SHEET_ROWS`` when the match has no fixed number of deals."""
    sheet = get_game(event.game).match_sheet
    assert sheet is not None, "events are run only on games in service, each with its sheet"
    count = sheet.deals_expected(event.rule_profile())
    return list(range(1, min(OPEN_SHEET_ROWS if count is None else count, 60) + 1))


def certificates(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings rows that earn a certificate (the first places; a shared place is shared), each
    with ``players``: a named pair's (or team's) players, whose names its own name does not say
    (issue 35); an empty list for a pair that reads as its players."""
    rows = [row for row in table["rows"] if row["rank"] <= CERTIFICATE_PLACES]
    named = pair_players([row["pair"]["id"] for row in rows])
    return [
        {**row, "players": named[row["pair"]["id"]][1] if named[row["pair"]["id"]][0] else []} for row in rows
    ]


def qr_svg(url: str, *, title: str) -> str:
    return mark_safe(segno.make(url, error="m").svg_inline(scale=4, title=title))


def table_cards(request, event: Event, tables: list[int]) -> list[dict[str, Any]]:
    """A card a table (``tables``, and any table with a live token), its QR code when it has one."""
    tokens = live_table_tokens(event)
    cards = []
    for table in sorted(set(tables) | set(tokens)):
        token = tokens.get(table)
        url = TableTokenSerializer(token, context={"request": request}).data["url"] if token else None
        cards.append(
            {
                "table": table,
                "url": url,
                "qr": qr_svg(url, title=_("Table %(table)s") % {"table": table}) if url else None,
            }
        )
    return cards


def pair_cards(event: Event) -> list[dict[str, Any]]:
    """A card per active pair (or team, or player alone): its number, name, players and unit, and
    its PIN, with which it confirms on the table's one phone a result the other side submitted
    (docs/scoring.md "One phone at the table"; ``tournaments.pins``)."""
    cards = []
    for pair in pairs_with_players(event):
        players = [p.name for p in (pair.player_1, pair.player_2, pair.player_3) if p is not None]
        cards.append(
            {
                "number": pair.number,
                "name": pair.name,
                "players": players,
                "unit": pair.unit.name if pair.unit else "",
                "pin": pair_pin(pair.pk),
            }
        )
    return cards
