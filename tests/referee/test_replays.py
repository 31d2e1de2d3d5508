"""The deal-replay records the climbing games share (engine/replays.py, docs/referee.md
``deals/replay``): one entry type and one verdict type that each game extends with its own members,
and each game's answer keeps its members in its documented order."""

from __future__ import annotations

import random

import pytest

from engine.daguai import deal as daguai_deal
from engine.daguai.simulate import simulate_deal as daguai_deal_of
from engine.doudizhu import deal as doudizhu_deal
from engine.doudizhu.simulate import simulate_deal as doudizhu_deal_of
from engine.guandan import deal as guandan_deal
from engine.guandan.simulate import simulate_deal as guandan_deal_of
from engine.replays import PlayEntry, PlaysReplay

DEALS = "/api/v1/referee/deals/replay"
ENTRY = ["index", "seat", "ok", "passed", "went_out"]
GAMES = {
    "guandan": (
        guandan_deal_of,
        ["valid", "plays", "violation", "finishing_order", "finished", "winner_side", "level_rise"],
        [],
    ),
    "doudizhu4": (
        doudizhu_deal_of,
        [
            "valid",
            "bidding",
            "plays",
            "violation",
            "finished",
            "first_out",
            "winner",
            "spring",
            "bombs_played",
            "score",
        ],
        ["report"],
    ),
    "daguai": (
        daguai_deal_of,
        ["valid", "plays", "violation", "finishing_order", "finished", "score"],
        ["asked"],
    ),
}


@pytest.mark.parametrize("module", [guandan_deal, doudizhu_deal, daguai_deal], ids=lambda m: m.__name__)
def test_each_games_deal_records_extend_the_shared_ones(module):
    assert issubclass(module.DealEntry, PlayEntry)
    assert issubclass(module.DealReplay, PlaysReplay)


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_a_replay_answer_keeps_its_members_in_the_documented_order(api_client, game):
    simulate, members, own = GAMES[game]
    body = api_client.post(
        DEALS, {"game": game, **simulate(rng=random.Random(1)).request()}, format="json"
    ).json()
    assert list(body) == ["game", "ruleset", *members, "next_to_act"]
    assert all(list(entry) == [*ENTRY, *own, "reading"] for entry in body["plays"])


def test_a_violation_names_its_part_only_where_a_deal_has_several():
    violation = doudizhu_deal.Violation(index=2, code="not_your_turn", detail="Not N's turn.")
    replay = PlaysReplay(valid=False, entries=(), violation=violation, next_to_act=None)
    assert replay.violation_dict() == {"index": 2, "code": "not_your_turn", "detail": "Not N's turn."}
    assert list(replay.violation_dict(part=True)) == ["part", "index", "code", "detail"]
