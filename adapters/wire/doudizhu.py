"""The referee questions' wire shapes of Four-player Dou Dizhu (docs/rules/doudizhu.md "API")."""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from adapters.wire.common import (
    DOUDIZHU_TYPES,
    SEATS,
    PassSerializer,
    listed,
)
from core.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from referee.api.serializers import ReasonSerializer, RulesMixin, enum, game_field
from scoring.serializers.plays import _cards


class DoudizhuPlayRequest(RulesMixin):
    game = game_field("doudizhu4")
    cards = _cards(help_text="The play.")
    previous = _cards(required=False, allow_null=True, default=None, help_text="The play on the table.")


class DoudizhuReadingSerializer(serializers.Serializer):
    type = enum(DOUDIZHU_TYPES)
    rank = StrictCharField(help_text="The rank of the main part (the highest of a run).")
    size = StrictIntegerField()


class DoudizhuPlayVerdictSerializer(serializers.Serializer):
    game = enum(["doudizhu4"])
    ruleset = StrictCharField()
    legal = StrictBooleanField(help_text="The cards form a combination (D4).")
    readings = DoudizhuReadingSerializer(many=True, help_text="One reading, or none (D4).")
    reading = DoudizhuReadingSerializer(allow_null=True)
    previous_reading = DoudizhuReadingSerializer(allow_null=True)
    beats_previous = StrictBooleanField(allow_null=True, help_text="Null without a previous play.")
    reason = ReasonSerializer(
        allow_null=True, help_text="illegal_combination, previous_illegal or does_not_beat."
    )


class DoudizhuBidSerializer(PassSerializer):
    seat = StrictCharField(max_length=2)
    bid = serializers.JSONField(help_text='1, 2, 3, or "pass" (0 too).')
    pass_help_text = "true: a pass (不叫)."


set_override(
    DoudizhuBidSerializer._declared_fields["bid"],
    "field",
    {"oneOf": [{"type": "integer", "enum": [0, 1, 2, 3]}, {"type": "string", "enum": ["pass"]}]},
)


class DoudizhuActionSerializer(PassSerializer):
    seat = StrictCharField(max_length=2)
    cards = _cards(required=False)
    report = StrictIntegerField(
        required=False, min_value=0, max_value=33, help_text="A hand report (D7): the cards held."
    )


#: Bids a question may list: four seats bid once each, and a bid after the end is the verdict
#: ``bidding_over`` (D2), not a malformed request, so a few more than four are read.
MAX_BIDS = 8


def _bids() -> serializers.ListField:
    return listed(
        DoudizhuBidSerializer(many=True),
        max_length=MAX_BIDS,
        help_text='In order from the dealer: {"seat", "bid": 1|2|3|"pass"}; 0 is a pass too (D2). '
        "A bid after the end (the fifth, say) is the verdict `bidding_over`.",
    )


def _banned() -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(max_length=2),
        max_length=4,
        required=False,
        default=list,
        help_text="Seats barred from bidding this round by the three-lost-hands rule (D2).",
    )


class DoudizhuBiddingRequest(RulesMixin):
    game = game_field("doudizhu4", required=False)
    dealer = StrictCharField(max_length=2, help_text="The dealer, who bids first (D2).")
    bids = _bids()
    banned = _banned()


class DoudizhuReplayRequest(RulesMixin):
    game = game_field("doudizhu4")
    dealer = StrictCharField(max_length=2, help_text="The dealer, who bids first (D2).")
    hands = serializers.DictField(child=_cards(), help_text="Seat -> the 25 cards dealt to it (D1).")
    bottom = _cards(help_text="The 8 bottom cards, which the landlord takes (D1, D6).")
    bids = _bids()
    plays = listed(
        DoudizhuActionSerializer(many=True),
        max_length=2000,
        help_text="In order: {seat, cards}, {seat, pass: true} or a hand report {seat, report} (D6, D7).",
    )
    banned = _banned()


class BiddingViolationSerializer(serializers.Serializer):
    index = StrictIntegerField(help_text="Index into `bids`.")
    code = StrictCharField(help_text="not_your_turn, bidding_over, bidding_banned, bid_not_higher.")
    detail = StrictCharField()


class DoudizhuBiddingSerializer(serializers.Serializer):
    valid = StrictBooleanField()
    violation = BiddingViolationSerializer(allow_null=True)
    complete = StrictBooleanField(help_text="A 3 was bid or every seat has bid.")
    landlord = enum(SEATS, allow_null=True)
    bid = StrictIntegerField(allow_null=True, help_text="The landlord's points: 1 when forced (逼打).")
    forced = StrictBooleanField(help_text="Everyone passed: the dealer is landlord at 1 (逼打).")
    opening_three = StrictBooleanField(help_text="The first bidder bid 3 (头撂).")
    bomb_allowances = serializers.DictField(
        child=StrictIntegerField(allow_null=True),
        help_text="Seat -> bombs allowed this deal; null: no limit (the landlord always) (D3).",
    )
    next_bidder = enum(SEATS, allow_null=True)


class DoudizhuBiddingVerdictSerializer(DoudizhuBiddingSerializer):
    game = enum(["doudizhu4"])
    ruleset = StrictCharField()


class DoudizhuEntrySerializer(serializers.Serializer):
    index = StrictIntegerField()
    seat = enum(SEATS)
    ok = StrictBooleanField()
    passed = StrictBooleanField()
    went_out = StrictBooleanField()
    report = StrictIntegerField(allow_null=True, help_text="A hand report's count (D7).")
    reading = DoudizhuReadingSerializer(allow_null=True)


class PartViolationSerializer(serializers.Serializer):
    part = enum(["bids", "plays"], help_text="The list `index` points into.")
    index = StrictIntegerField()
    code = StrictCharField(help_text="not_your_turn, card_not_in_hand, bomb_limit, missing_report, …")
    detail = StrictCharField()


class DoudizhuScoreSerializer(serializers.Serializer):
    winner = enum(["landlord", "farmers"])
    base = StrictIntegerField(help_text="The bid, plus the opening-three bonus (D8).")
    multiplier = StrictIntegerField()
    points = StrictIntegerField()
    seats = serializers.DictField(child=StrictIntegerField(), help_text="Seat -> points (D8).")


class DoudizhuReplaySerializer(serializers.Serializer):
    game = enum(["doudizhu4"])
    ruleset = StrictCharField()
    valid = StrictBooleanField()
    bidding = DoudizhuBiddingSerializer()
    plays = DoudizhuEntrySerializer(many=True)
    violation = PartViolationSerializer(allow_null=True)
    finished = StrictBooleanField()
    first_out = enum(SEATS, allow_null=True)
    winner = enum(["landlord", "farmers"], allow_null=True)
    spring = StrictBooleanField(help_text="A spring or an anti-spring (D8).")
    bombs_played = serializers.DictField(child=StrictIntegerField(), help_text="Seat -> bombs played.")
    score = DoudizhuScoreSerializer(allow_null=True, help_text="D8, once the deal is finished.")
    next_to_act = enum(SEATS, allow_null=True)
