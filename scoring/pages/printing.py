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

from engine import doudizhu, get_game, guandan
from engine.guandan.cards import format_level
from engine.seats import seat_order
from tournaments.models import Event
from tournaments.selectors import live_table_tokens
from tournaments.serializers.events import TableTokenSerializer

#: Places that get a certificate on the final standings page.
CERTIFICATE_PLACES = 3
#: Level-line rows on a score sheet when the match is not a fixed number of deals.
OPEN_SHEET_ROWS = 24


def rules_summary(event: Event) -> list[str]:
    """The event's effective rules (profile, overrides, match fields: ``Event.rule_profile``), in
    short sentences for the foot of a score sheet (Guandan: docs/rules/guandan.md G6-G8; a table of
    four: docs/rules/doudizhu.md D2, D8, D10). Another game's sheet has no summary yet."""
    summary = RULES_SUMMARIES.get(event.game)
    return [] if summary is None else summary(event.rule_profile())


def guandan_rules(profile) -> list[str]:
    """A Guandan table's rules in short sentences (G6 levels, G7 tribute, G8 the match format)."""
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
    at_a = _("A must be played; after %(limit)s failures at A the side goes back to %(level)s.") % {
        "limit": profile.a_fail_limit,
        "level": format_level(profile.a_fail_reset) if profile.a_fail_reset else "A",
    }
    if profile.a_goal == "reach_a":  # G6: 率先打到A的一方为获胜方（不必打通）
        formats["through_a"] = _("Play until a side reaches A.")
        at_a = _("The first side to reach A wins the game; it need not pass A (不必打通).")
    lines = [
        formats.get(profile.match_format, profile.match_format),
        equal.get(profile.equal_levels, profile.equal_levels),
        _("Only the side of the first seat goes up: +3 when its partner came 2nd, +2 when 3rd, +1 when 4th."),
        _("The next deal is played at the level of the side that won the last one."),
        at_a,
        _("From the second deal of a game the losers pay tribute and each receiver returns a card."),
    ]
    if profile.best_of > 1:
        lines.insert(1, _("Best of %(games)s games.") % {"games": profile.best_of})
    return lines


def doudizhu_rules(profile) -> list[str]:
    """A four-player Dou Dizhu table's rules in short sentences (D2 bidding, D8 scoring, D10 deals)."""
    direction = " → ".join(seat.value for seat in seat_order(profile.turn_direction))
    lines = [
        _("%(deals)s deals at the table: seat N deals the first, then the deal passes %(direction)s (D10).")
        % {"deals": profile.deals_per_round, "direction": direction},
        _(
            "Bids of 1, 2 or 3 (叫分): the highest bidder is the landlord (地主); "
            "when all pass, the dealer plays it at 1."
        ),
        _("Each player scores alone: a winning landlord scores the bid, else each farmer (农民) does (D8)."),
    ]
    if profile.opening_three_bonus:
        bonus = {"bonus": profile.opening_three_bonus}
        lines.append(_("An opening bid of 3 (头撂) that wins scores %(bonus)s more.") % bonus)
    if profile.bomb_doubling:
        lines.append(_("Every bomb played doubles the deal's points."))
    if profile.spring_doubling:
        lines.append(_("A spring (春天) doubles the deal's points."))
    if profile.ban_after_losses:
        lines.append(
            _("A player who lost %(limit)s landlord hands they bid may not bid again this round (D2).")
            % {"limit": profile.ban_after_losses}
        )
    return lines


#: Each game's rules in short sentences, from its profile (a game without one has no summary yet).
RULES_SUMMARIES = {guandan.GAME.code: guandan_rules, doudizhu.GAME.code: doudizhu_rules}


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
