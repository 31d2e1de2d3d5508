"""Wire shapes of the referee questions of the games beside Guandan (docs/rules/doudizhu.md,
docs/rules/daguai.md, docs/rules/shuangkou.md, each "API"; docs/referee.md).

As for Guandan (``referee.api.serializers``), the request serializers check the JSON structure
only and the engine reads every value (a malformed one is its ``BadInput``: a 400 naming the
field); the answer serializers document the engine's ``to_dict`` forms, and tests check that
each answer is what its serializer writes. Every question and answer names its ``game``: the
request bodies of one endpoint are a ``oneOf`` by game, the answers a ``oneOf`` with ``game`` as
discriminator (``referee.api.games``).

Values that are a fixed set per game (types, seats, the game itself) are documented as inline
enums rather than ``ChoiceField``s, whose named enum components would collide across games.
"""

from __future__ import annotations

from drf_spectacular.drainage import set_override
from rest_framework import serializers

from core.fields import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField
from engine.daguai.readings import ComboType as DaguaiType
from engine.daguai.seats import SEATS as DAGUAI_SEATS
from engine.doudizhu.readings import ComboType as DoudizhuType
from engine.shuangkou.shapes import PlayKind
from referee.api.serializers import ReasonSerializer, RulesMixin, _cards, enum, game_field

SEATS = ("N", "E", "S", "W")
DAGUAI = tuple(seat.value for seat in DAGUAI_SEATS)
# The games' sets of values, named in the OpenAPI document by the project's ENUM_NAME_OVERRIDES.
DOUDIZHU_TYPES = tuple(t.value for t in DoudizhuType)
DAGUAI_TYPES = tuple(t.value for t in DaguaiType)
SHUANGKOU_KINDS = tuple(kind.value for kind in PlayKind)


def listed(serializer: serializers.Serializer, **kwargs) -> serializers.ListField:
    """A list the engine reads item by item (naming the exact field of a bad one), documented as
    ``serializer``'s items: checking each item here too would read it twice."""
    field = serializers.ListField(**kwargs)
    set_override(field, "field", serializer)
    return field


# --- Four-player Dou Dizhu (docs/rules/doudizhu.md) -------------------------------------------------------


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


class DoudizhuBidSerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    bid = serializers.JSONField(help_text='1, 2, 3, or "pass" (0 too).')

    def get_fields(self):
        fields = super().get_fields()
        fields["pass"] = StrictBooleanField(required=False, help_text="true: a pass (不叫).")
        return fields


set_override(
    DoudizhuBidSerializer._declared_fields["bid"],
    "field",
    {"oneOf": [{"type": "integer", "enum": [0, 1, 2, 3]}, {"type": "string", "enum": ["pass"]}]},
)


class DoudizhuActionSerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    cards = _cards(required=False)
    report = StrictIntegerField(
        required=False, min_value=0, max_value=33, help_text="A hand report (D7): the cards held."
    )

    def get_fields(self):
        fields = super().get_fields()
        fields["pass"] = StrictBooleanField(required=False)
        return fields


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


# --- Daguai Luzi (docs/rules/daguai.md) ------------------------------------------------------------------


class DaguaiPlayRequest(RulesMixin):
    game = game_field("daguai")
    cards = _cards(help_text="The play: 1, 2, 3 or 5 cards (K2).")
    previous = _cards(required=False, allow_null=True, default=None, help_text="The play on the table.")


class DaguaiReadingSerializer(serializers.Serializer):
    type = enum(DAGUAI_TYPES)
    rank = StrictCharField(help_text="The main rank (K2).")
    size = StrictIntegerField()
    wilds = serializers.ListField(
        child=StrictCharField(allow_null=True),
        help_text="What each joker stands for; null where its rank does not matter.",
    )


class DaguaiPlayVerdictSerializer(serializers.Serializer):
    game = enum(["daguai"])
    ruleset = StrictCharField()
    legal = StrictBooleanField(help_text="The cards form a combination (K2).")
    readings = DaguaiReadingSerializer(many=True, help_text="Every reading of the cards (K2).")
    reading = DaguaiReadingSerializer(allow_null=True, help_text="The strongest, which applies (K3).")
    previous_reading = DaguaiReadingSerializer(allow_null=True)
    beats_previous = StrictBooleanField(allow_null=True, help_text="Null without a previous play.")
    reason = ReasonSerializer(
        allow_null=True, help_text="illegal_combination, previous_illegal or does_not_beat."
    )


class DaguaiActionSerializer(serializers.Serializer):
    seat = StrictCharField(max_length=2)
    cards = _cards(required=False)
    ask = StrictCharField(required=False, max_length=2, help_text="报否: the seat asked (K4.5).")
    answer = serializers.JSONField(required=False, help_text='The answer: "不报" or the cards held (K4.5).')

    def get_fields(self):
        fields = super().get_fields()
        fields["pass"] = StrictBooleanField(required=False)
        return fields


set_override(
    DaguaiActionSerializer._declared_fields["answer"],
    "field",
    {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 27}, {"type": "string", "enum": ["不报"]}]},
)


class DaguaiReplayRequest(RulesMixin):
    game = game_field("daguai")
    dealer = StrictCharField(max_length=2, help_text="The seat that deals and leads: 1-6 (K4, K5).")
    hands = serializers.DictField(child=_cards(), help_text="Seat 1-6 -> the 27 cards dealt to it (K1).")
    plays = listed(
        DaguaiActionSerializer(many=True),
        max_length=3000,
        help_text="In order: {seat, cards}, {seat, pass: true} or 报否 {seat, ask, answer} (K4).",
    )
    stopped = StrictBooleanField(
        required=False, default=False, help_text="The deal clock ran out: score it as it stands (K6)."
    )


class DaguaiEntrySerializer(serializers.Serializer):
    index = StrictIntegerField()
    seat = enum(DAGUAI)
    ok = StrictBooleanField()
    passed = StrictBooleanField()
    went_out = StrictBooleanField()
    asked = enum(DAGUAI, allow_null=True, help_text="报否: the seat asked (K4.5).")
    reading = DaguaiReadingSerializer(allow_null=True)


class IndexViolationSerializer(serializers.Serializer):
    index = StrictIntegerField(help_text="Index into `plays`.")
    code = StrictCharField(help_text="not_your_turn, does_not_beat, wrong_report, ask_not_allowed, …")
    detail = StrictCharField()


class DaguaiScoreSerializer(serializers.Serializer):
    team = enum(["A", "B"], allow_null=True, help_text="The first-out player's team (K5).")
    points = StrictFloatField()
    caught = StrictIntegerField()
    trapped = StrictIntegerField()
    finished = StrictBooleanField()
    by_team = serializers.DictField(child=StrictFloatField())


class DaguaiReplaySerializer(serializers.Serializer):
    game = enum(["daguai"])
    ruleset = StrictCharField()
    valid = StrictBooleanField()
    plays = DaguaiEntrySerializer(many=True)
    violation = IndexViolationSerializer(allow_null=True)
    finishing_order = serializers.ListField(child=enum(DAGUAI))
    finished = StrictBooleanField()
    score = DaguaiScoreSerializer(allow_null=True, help_text="K5 when finished; K6 when stopped.")
    next_to_act = enum(DAGUAI, allow_null=True)


# --- Shuangkou (docs/rules/shuangkou.md) -----------------------------------------------------------------


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
    level_from = StrictCharField()
    level_to = StrictCharField()
    rise = StrictIntegerField()
    j_reset = StrictBooleanField()
    dealer_side_level = StrictCharField()
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
    level = StrictCharField()
    trump = ShuangkouTrumpSerializer()
    tricks = ShuangkouTrickResultSerializer(many=True)
    trick_points = serializers.DictField(child=StrictIntegerField(), help_text="Side -> points in tricks.")
    finished = StrictBooleanField()
    score = ShuangkouScoreSerializer(allow_null=True, help_text="Once every card is played (S6-S9).")
    next_to_act = enum(SEATS, allow_null=True)
