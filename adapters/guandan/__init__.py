"""Guandan's adapter (docs/rules/guandan.md): its deal body declared field by field (G5-G7), its
match state (G6, G8), its referee questions on their own lean path, its tribute question (G7) and
its rules summary."""

from __future__ import annotations

from adapters.guandan import examples, referee
from adapters.guandan.deals import DealCorrectionSerializer, DealInputSerializer, MatchStateSerializer
from adapters.guandan.summary import guandan_rules
from adapters.guandan.tribute import TributeValidateRequest, TributeVerdictSerializer
from adapters.guandan.wire import (
    DealReplayRequest,
    DealReplaySerializer,
    PlayValidateRequest,
    PlayVerdictSerializer,
)
from engine import guandan
from scoring.adapters import GameAdapter, RefereeWire

ADAPTER = GameAdapter(
    game=guandan.GAME,
    deal_input=DealInputSerializer,
    deal_correction=DealCorrectionSerializer,
    match_state=MatchStateSerializer,
    rules_summary=guandan_rules,
    referee=RefereeWire(
        play_request=PlayValidateRequest,
        play_answer=PlayVerdictSerializer,
        replay_request=DealReplayRequest,
        replay_answer=DealReplaySerializer,
        tribute_request=TributeValidateRequest,
        tribute_answer=TributeVerdictSerializer,
        ask_play=referee.validate_play,
        ask_replay=referee.replay_deal,
        examples={
            "play": examples.PLAY_VALIDATE,
            "replay": examples.DEAL_REPLAY,
            "tribute": examples.TRIBUTE_VALIDATE,
        },
    ),
)
