"""The referee questions' wire shapes of Shuangkou (docs/rules/shuangkou.md "API")."""

from __future__ import annotations

from rest_framework import serializers

from adapters.wire.common import (
    SEATS,
    SHUANGKOU_KINDS,
    SHUANGKOU_LEVELS,
    listed,
)
from core.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from referee.api.serializers import ReasonSerializer, RulesMixin, enum, game_field
from scoring.serializers.plays import _cards


def _level(**kwargs) -> StrictCharField:
    return StrictCharField(max_length=3, **kwargs)


class ShuangkouPlayRequest(RulesMixin):
    game = game_field("shuangkou")
    cards = _cards(help_text="The play.")
    hand = _cards(help_text="The player's hand, holding the play (S5).")
    trick = serializers.ListField(
        child=_cards(),
        max_length=3,
        required=False,
        default=list,
        help_text="The plays already on the table, the lead first; empty: this play leads.",
    )
    level = _level(help_text="The deal's level: 2-10, J, Q, K, A, or NT (the no-trump deal).")
    # Required: a question without it was read as "no trump suit", which a client that merely forgot
    # it did not mean (docs/rules/shuangkou.md "API").
    trump = StrictCharField(
        max_length=4,
        allow_null=True,
        help_text="The trump suit: S, H, C or D; `none` (or null): no trump suit.",
    )
    others = _cards(
        required=False,
        allow_null=True,
        default=None,
        help_text="The cards a lead's throw is checked against (S5.3); without them it is not checked.",
    )


class ShuangkouUnitSerializer(serializers.Serializer):
    type = enum(["single", "pair", "tractor"])
    pairs = StrictIntegerField()
    cards = serializers.ListField(child=StrictCharField())


class ShuangkouShapeSerializer(serializers.Serializer):
    type = enum(SHUANGKOU_KINDS)
    size = StrictIntegerField()
    pairs = StrictIntegerField()
    tractors = serializers.ListField(child=StrictIntegerField(), help_text="Tractor lengths in pairs.")
    units = ShuangkouUnitSerializer(many=True)


class ShuangkouPlayVerdictSerializer(serializers.Serializer):
    game = enum(["shuangkou"])
    ruleset = StrictCharField()
    legal = StrictBooleanField()
    reason = ReasonSerializer(allow_null=True, help_text="card_not_in_hand, not_following_suit, …")
    card = StrictIntegerField(allow_null=True, help_text="Index into `cards` of the card at fault.")
    shape = ShuangkouShapeSerializer()
    lead = ShuangkouShapeSerializer(allow_null=True, help_text="The lead's shape; null when this play leads.")
    winning = StrictIntegerField(help_text="Index of the play winning the trick, this play last.")
    points = StrictIntegerField(help_text="The trick's points with this play (S6).")
    throw_checked = StrictBooleanField(
        allow_null=True, help_text="A throw led: whether `others` let it be checked (S5.3)."
    )
    remedy = serializers.ListField(
        child=StrictCharField(), allow_null=True, help_text="A refused throw: what is led instead."
    )


class ShuangkouCallSerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    cards = _cards()
    after_bottom = StrictBooleanField(required=False, help_text="Called after the bottom was taken.")


class ShuangkouPlaySerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    cards = _cards()
    refused = _cards(required=False, help_text="A refused throw: the throw; `cards` is the remedy (S5.4).")


class ShuangkouTrickSerializer(serializers.Serializer):
    plays = ShuangkouPlaySerializer(many=True)


class ShuangkouReplayRequest(RulesMixin):
    game = game_field("shuangkou")
    level = _level(help_text="The dealer side's level: 2-10, J, Q, K, A, or NT.")
    attackers_level = _level(required=False, default="2", help_text="The attackers' level (for their rise).")
    dealer = StrictCharField(
        max_length=2, required=False, allow_null=True, default=None, help_text="Null: a first deal (S3)."
    )
    first_deal = StrictBooleanField(
        required=False, default=False, help_text="The first deal of a match: its dealer is the first caller."
    )
    hands = serializers.DictField(child=_cards(), help_text="Seat -> the 25 cards dealt to it (S1).")
    bottom = _cards(help_text="The 8 bottom cards as dealt.")
    declarations = listed(
        ShuangkouCallSerializer(many=True),
        max_length=200,
        required=False,
        default=list,
        help_text="The calls (S3).",
    )
    buried = _cards(help_text="The 8 cards the dealer buried (S3).")
    tricks = listed(
        ShuangkouTrickSerializer(many=True), max_length=25, help_text="Every trick, in order (S5)."
    )


class ShuangkouViolationSerializer(serializers.Serializer):
    part = enum(["declarations", "buried", "tricks"])
    index = StrictIntegerField(help_text="Index into the list `part` names.")
    play = StrictIntegerField(allow_null=True, help_text="Index of the play in the trick.")
    card = StrictIntegerField(allow_null=True, help_text="Index of the card at fault.")
    path = StrictCharField(allow_null=True, help_text="The field at fault, e.g. tricks.3.plays.1.cards.0.")
    code = StrictCharField()
    detail = StrictCharField()


class ShuangkouTrumpSerializer(serializers.Serializer):
    valid = StrictBooleanField()
    violation = ShuangkouViolationSerializer(allow_null=True)
    trump_suit = enum(["S", "H", "C", "D"], allow_null=True, help_text="Null: no trump suit.")
    # A field named "source": DRF's metaclass takes it out of the class, the stubs see Field.source.
    source = StrictCharField(allow_null=True, help_text="declared, jokers, bottom_level_card, …")  # type: ignore[assignment]
    first_caller = enum(SEATS, allow_null=True)
    standing_call = StrictIntegerField(allow_null=True, help_text="Index of the call that stands.")
    turned = StrictIntegerField(allow_null=True, help_text="The bottom card that settled trump.")
    dealer = enum(SEATS, allow_null=True)


class ShuangkouTrickResultSerializer(serializers.Serializer):
    leader = enum(SEATS)
    lead = enum(SHUANGKOU_KINDS)
    winner = enum(SEATS)
    winning_play = StrictIntegerField()
    points = StrictIntegerField()
    complete = StrictBooleanField()


class ShuangkouLevelChangeSerializer(serializers.Serializer):
    dealer = enum(SEATS)
    attackers_points = StrictIntegerField()
    kept = StrictBooleanField(help_text="The dealer side keeps the deal.")
    side = enum(["NS", "EW"], help_text="The side that goes up.")
    earned = StrictIntegerField()
    level_from = enum(SHUANGKOU_LEVELS)
    level_to = enum(SHUANGKOU_LEVELS)
    rise = StrictIntegerField()
    j_reset = StrictBooleanField()
    dealer_side_level = enum(SHUANGKOU_LEVELS)
    next_dealer = enum(SEATS)
    won_no_trump = StrictBooleanField()


class ShuangkouScoreSerializer(serializers.Serializer):
    trick_points = StrictIntegerField()
    bottom_points = StrictIntegerField()
    last_trick = enum(["dealer", "attackers"])
    multiplier = StrictIntegerField(
        allow_null=True, help_text="The bottom multiplier (S7); null when the dealer side won the last trick."
    )
    bottom_bonus = StrictIntegerField()
    penalty = StrictIntegerField()
    attackers_points = StrictIntegerField()
    level_change = ShuangkouLevelChangeSerializer()


class ShuangkouReplaySerializer(serializers.Serializer):
    game = enum(["shuangkou"])
    ruleset = StrictCharField()
    valid = StrictBooleanField()
    violation = ShuangkouViolationSerializer(allow_null=True)
    level = enum(SHUANGKOU_LEVELS)
    trump = ShuangkouTrumpSerializer()
    tricks = ShuangkouTrickResultSerializer(many=True)
    trick_points = serializers.DictField(child=StrictIntegerField(), help_text="Side -> points in tricks.")
    finished = StrictBooleanField()
    score = ShuangkouScoreSerializer(allow_null=True, help_text="Once every card is played (S6-S9).")
    next_to_act = enum(SEATS, allow_null=True)
