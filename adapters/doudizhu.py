"""Four-player Dou Dizhu's adapter (docs/rules/doudizhu.md): its deal body is the sheet's own, its
referee questions those of adapters.wire.doudizhu, with a bidding (D2, D3)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample

from adapters import wire
from adapters.common import open_body
from engine import doudizhu
from engine.seats import seat_order
from scoring.adapters import GameAdapter, RefereeWire


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


STATE = (
    "A four-player Dou Dizhu table's round so far (docs/rules/doudizhu.md D10): each seat's points and deals."
)

PLAY_EXAMPLE = OpenApiExample(
    "Dou Dizhu: a bomb of five on a bomb of four (D5)",
    value={
        "game": "doudizhu4",
        "cards": ["S9", "H9", "C9", "D9", "S9"],
        "previous": ["SA", "HA", "CA", "DA"],
    },
    request_only=True,
)

BIDDING_EXAMPLE = OpenApiExample(
    "N deals; W bids 1, S 2, E passes, N passes (D2, D3)",
    value={
        "game": "doudizhu4",
        "dealer": "N",
        "bids": [
            {"seat": "N", "bid": "pass"},
            {"seat": "W", "bid": 1},
            {"seat": "S", "bid": 2},
            {"seat": "E", "bid": "pass"},
        ],
    },
    request_only=True,
)

ADAPTER = GameAdapter(
    game=doudizhu.GAME,
    **open_body("DoudizhuState", STATE),
    rules_summary=doudizhu_rules,
    referee=RefereeWire(
        play_request=wire.DoudizhuPlayRequest,
        play_answer=wire.DoudizhuPlayVerdictSerializer,
        replay_request=wire.DoudizhuReplayRequest,
        replay_answer=wire.DoudizhuReplaySerializer,
        bidding_request=wire.DoudizhuBiddingRequest,
        bidding_answer=wire.DoudizhuBiddingVerdictSerializer,
        examples={"play": (PLAY_EXAMPLE,), "bidding": (BIDDING_EXAMPLE,)},
    ),
)
