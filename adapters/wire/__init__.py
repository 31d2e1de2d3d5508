"""Wire shapes of the referee questions of the games beside Guandan, their adapters' (docs/rules/doudizhu.md,
docs/rules/daguai.md, docs/rules/shuangkou.md, each "API"; docs/referee.md): one module
per game (``doudizhu``, ``daguai``, ``shuangkou``), what they share in ``common``; this package
re-exports them all.

As for Guandan (``adapters.guandan.wire``), the request serializers check the JSON structure
only and the engine reads every value (a malformed one is its ``BadInput``: a 400 naming the
field); the answer serializers document the engine's ``to_dict`` forms, and tests check that
each answer is what its serializer writes. Every question and answer names its ``game``: the
request bodies of one endpoint are a ``oneOf`` by game, the answers a ``oneOf`` with ``game`` as
discriminator (``referee.api.games``).

Values that are a fixed set per game (types, seats, the game itself) are documented as inline
enums rather than ``ChoiceField``s, whose named enum components would collide across games.
"""

from adapters.wire.common import (
    DAGUAI,
    DAGUAI_TYPES,
    DOUDIZHU_TYPES,
    SEATS,
    SHUANGKOU_KINDS,
    SHUANGKOU_LEVELS,
    listed,
)
from adapters.wire.daguai import (
    DaguaiActionSerializer,
    DaguaiEntrySerializer,
    DaguaiPlayRequest,
    DaguaiPlayVerdictSerializer,
    DaguaiReadingSerializer,
    DaguaiReplayRequest,
    DaguaiReplaySerializer,
    DaguaiScoreSerializer,
    IndexViolationSerializer,
)
from adapters.wire.doudizhu import (
    BiddingViolationSerializer,
    DoudizhuActionSerializer,
    DoudizhuBiddingRequest,
    DoudizhuBiddingSerializer,
    DoudizhuBiddingVerdictSerializer,
    DoudizhuBidSerializer,
    DoudizhuEntrySerializer,
    DoudizhuPlayRequest,
    DoudizhuPlayVerdictSerializer,
    DoudizhuReadingSerializer,
    DoudizhuReplayRequest,
    DoudizhuReplaySerializer,
    DoudizhuScoreSerializer,
    PartViolationSerializer,
)
from adapters.wire.shuangkou import (
    ShuangkouCallSerializer,
    ShuangkouLevelChangeSerializer,
    ShuangkouPlayRequest,
    ShuangkouPlaySerializer,
    ShuangkouPlayVerdictSerializer,
    ShuangkouReplayRequest,
    ShuangkouReplaySerializer,
    ShuangkouScoreSerializer,
    ShuangkouShapeSerializer,
    ShuangkouTrickResultSerializer,
    ShuangkouTrickSerializer,
    ShuangkouTrumpSerializer,
    ShuangkouUnitSerializer,
    ShuangkouViolationSerializer,
)

__all__ = [
    "DAGUAI",
    "DAGUAI_TYPES",
    "DOUDIZHU_TYPES",
    "SEATS",
    "SHUANGKOU_KINDS",
    "SHUANGKOU_LEVELS",
    "BiddingViolationSerializer",
    "DaguaiActionSerializer",
    "DaguaiEntrySerializer",
    "DaguaiPlayRequest",
    "DaguaiPlayVerdictSerializer",
    "DaguaiReadingSerializer",
    "DaguaiReplayRequest",
    "DaguaiReplaySerializer",
    "DaguaiScoreSerializer",
    "DoudizhuActionSerializer",
    "DoudizhuBidSerializer",
    "DoudizhuBiddingRequest",
    "DoudizhuBiddingSerializer",
    "DoudizhuBiddingVerdictSerializer",
    "DoudizhuEntrySerializer",
    "DoudizhuPlayRequest",
    "DoudizhuPlayVerdictSerializer",
    "DoudizhuReadingSerializer",
    "DoudizhuReplayRequest",
    "DoudizhuReplaySerializer",
    "DoudizhuScoreSerializer",
    "IndexViolationSerializer",
    "PartViolationSerializer",
    "ShuangkouCallSerializer",
    "ShuangkouLevelChangeSerializer",
    "ShuangkouPlayRequest",
    "ShuangkouPlaySerializer",
    "ShuangkouPlayVerdictSerializer",
    "ShuangkouReplayRequest",
    "ShuangkouReplaySerializer",
    "ShuangkouScoreSerializer",
    "ShuangkouShapeSerializer",
    "ShuangkouTrickResultSerializer",
    "ShuangkouTrickSerializer",
    "ShuangkouTrumpSerializer",
    "ShuangkouUnitSerializer",
    "ShuangkouViolationSerializer",
    "listed",
]
