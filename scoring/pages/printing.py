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

from referee.games.guandan.cards import format_level
from tournaments.models import Event
from tournaments.selectors import live_table_tokens
from tournaments.serializers.events import TableTokenSerializer

#: Places that get a certificate on the final standings page.
CERTIFICATE_PLACES = 3
#: Level-line rows on a score sheet when the match is not a fixed number of deals.
OPEN_SHEET_ROWS = 24


def rules_summary(event: Event) -> list[str]:
    """The event's effective rules (profile, overrides, match fields: ``Event.rule_profile``), in
    short sentences for the foot of a score sheet (docs/rules/guandan.md G6-G8)."""
    profile = event.rule_profile()
    formats = {
        "through_a": _("Play until a side passes A (计局制)."),
        "deal_count": _("A fixed number of deals: %(deals)s (计副制).") % {"deals": profile.deal_limit},
        "time_limit": _("Timed: %(minutes)s minutes (计时制).") % {"minutes": profile.time_limit_minutes},
        "time_or_deals": _("%(deals)s deals or %(minutes)s minutes, whichever comes first (计时计副制).")
        % {"deals": profile.deal_limit, "minutes": profile.time_limit_minutes},
    }
    equal = {
        "draw": _("Equal levels at the end: a draw."),
        "extra_deal": _("Equal levels at the end: one extra deal decides."),
        "last_deal_winner": _("Equal levels at the end: the winner of the last deal wins."),
    }
    lines = [
        formats.get(profile.match_format, profile.match_format),
        equal.get(profile.equal_levels, profile.equal_levels),
        _("Only the side of the first seat goes up: +3 when its partner came 2nd, +2 when 3rd, +1 when 4th."),
        _("The next deal is played at the level of the side that won the last one."),
        _("A must be played; after %(limit)s failures at A the side goes back to %(level)s.")
        % {
            "limit": profile.a_fail_limit,
            "level": format_level(profile.a_fail_reset) if profile.a_fail_reset else "A",
        },
        _("From the second deal of a game the losers pay tribute and each receiver returns a card."),
    ]
    if profile.best_of > 1:
        lines.insert(1, _("Best of %(games)s games.") % {"games": profile.best_of})
    return lines


def deal_rows(event: Event) -> list[int]:
    """The numbered rows of the 记级 level line on a score sheet."""
    profile = event.rule_profile()
    if profile.match_format in ("deal_count", "time_or_deals"):
        count = profile.deal_limit * profile.best_of + (1 if profile.equal_levels == "extra_deal" else 0)
    else:
        count = OPEN_SHEET_ROWS
    return list(range(1, min(count, 60) + 1))


def certificates(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings rows that earn a certificate (the first places; a shared place is shared)."""
    return [row for row in table["rows"] if row["rank"] <= CERTIFICATE_PLACES]


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
