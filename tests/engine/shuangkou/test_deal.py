"""Replaying a recorded deal from its wire form (docs/rules/shuangkou.md S3-S9, "Referee questions"):
deal.py."""

from __future__ import annotations

import random

import pytest

from engine.errors import BadInput
from engine.seats import Seat, Side
from engine.shuangkou.deal import replay_deal
from engine.shuangkou.simulate import simulate_deal
from tests.engine.shuangkou.builders import request


def simulated(seed=7, **kwargs):
    return simulate_deal(rng=random.Random(seed), **kwargs)


def test_s5_a_whole_legal_deal_replays_as_valid_with_its_score():
    deal = simulated()
    result = replay_deal(**deal.request())
    assert result.valid and result.finished and result.score is not None and result.next_to_act is None
    assert len(result.tricks) == len(deal.tricks) and all(t.complete for t in result.tricks)
    assert result.score.change.dealer is deal.dealt_by


def test_s5_an_unfinished_deal_shows_who_is_winning_the_trick_on_the_table():
    deal = simulated()
    data = deal.request()
    data["tricks"] = [*data["tricks"][:3], {"plays": data["tricks"][3]["plays"][:2]}]
    result = replay_deal(**data)
    assert (result.valid, result.finished, result.score) == (True, False, None)
    assert not result.tricks[-1].complete and result.next_to_act is not None


def test_s3_a_broken_call_stops_the_replay_before_any_play():
    data = request(hands={"E": "H3"}, declarations=[{"seat": "E", "cards": ["H3"]}])
    result = replay_deal(**data)
    assert (result.valid, result.violation.part, result.violation.code, result.tricks) == (
        False,
        "declarations",
        "invalid_declaration",
        (),
    )


def test_s3_the_dealer_buries_cards_of_its_33():
    data = request(
        hands={"N": "H3 D2 D2 D3 D3 D4", "E": "RJ RJ"}, bottom="C5", buried="C5 H3 RJ D2 D2 D3 D3 D4"
    )
    result = replay_deal(**data)
    assert (result.violation.part, result.violation.code, result.violation.index, result.violation.path) == (
        "buried",
        "card_not_in_hand",
        2,
        "buried.2",
    )


def test_s3_the_dealer_leads_with_its_hand_after_burying():
    data = request(hands={"N": "HA D2 D2 D3 D3 D4 D4"}, bottom="C3", buried="HA C3 D2 D2 D3 D3 D4 D4")
    data["tricks"] = [{"plays": [{"seat": "N", "cards": ["HA"]}]}]
    result = replay_deal(**data)
    assert (result.violation.code, result.violation.path) == ("card_not_in_hand", "tricks.0.plays.0.cards.0")


def test_s5_the_first_violation_names_its_trick_play_and_card():
    deal = simulated(3)
    data = deal.request()
    trick = data["tricks"][5]["plays"]
    trick[2] = {"seat": trick[2]["seat"], "cards": ["ZZ"]}
    with pytest.raises(BadInput) as caught:
        replay_deal(**data)
    assert caught.value.field == "tricks.5.plays.2.cards.0"


def test_s5_an_extra_trick_after_the_last_card_is_deal_over():
    deal = simulated()
    data = deal.request()
    data["tricks"].append({"plays": [{"seat": "N", "cards": ["HA"]}]})
    result = replay_deal(**data)
    assert (result.violation.code, result.violation.index, result.violation.play) == (
        "deal_over",
        len(deal.tricks),
        0,
    )


def test_s6_trick_points_and_the_bottom_make_200():
    deal = simulated(11)
    result = replay_deal(**deal.request())
    bottom = result.score.bottom_points
    assert result.trick_points[Side.NS] + result.trick_points[Side.EW] + bottom == 200


def test_s3_a_first_deal_without_a_dealer_is_dealt_by_the_first_caller():
    for seed in range(40):
        deal = simulated(seed)
        if deal.declarations:
            break
    result = replay_deal(**(deal.request() | {"dealer": None}))
    assert result.valid and result.dealer is deal.declarations[0].seat


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["hands"].pop("W"), "hands.W"),
        (lambda d: d["hands"]["W"].__setitem__(3, "XX"), "hands.W.3"),
        (lambda d: d["bottom"].pop(), "bottom"),
        (lambda d: d["buried"].pop(), "buried"),
        (lambda d: d.__setitem__("tricks", "no"), "tricks"),
        (lambda d: d["tricks"][0]["plays"].append({"seat": "N", "cards": ["HA"]}), "tricks.0.plays"),
        (
            lambda d: d["tricks"][0]["plays"].__setitem__(1, {"seat": "Q", "cards": ["HA"]}),
            "tricks.0.plays.1.seat",
        ),
        (lambda d: d["tricks"][0]["plays"].__setitem__(1, {"seat": "W"}), "tricks.0.plays.1.cards"),
        (lambda d: d["tricks"][1]["plays"].pop(), "tricks.1.plays"),
        (
            lambda d: d["tricks"][0]["plays"].__setitem__(0, {"seat": "N", "cards": []}),
            "tricks.0.plays.0.cards",
        ),
        (lambda d: d.__setitem__("level", "Z"), "level"),
        (lambda d: d.__setitem__("dealer", "Q"), "dealer"),
    ],
)
def test_s1_a_malformed_record_is_bad_input_at_the_exact_field(change, field):
    data = simulated().request()
    change(data)
    with pytest.raises(BadInput) as caught:
        replay_deal(**data)
    assert caught.value.field == field


def test_s1_a_third_copy_of_a_card_is_bad_input_at_the_card():
    data = simulated().request()
    data["tricks"][0]["plays"][0] = {
        "seat": data["tricks"][0]["plays"][0]["seat"],
        "cards": ["H3", "H3", "H3"],
    }
    with pytest.raises(BadInput) as caught:
        replay_deal(**data)
    assert (caught.value.code, caught.value.field) == ("too_many_copies", "tricks.0.plays.0.cards.2")


def test_s5_a_replay_as_json():
    data = replay_deal(**simulated().request()).to_dict()
    assert set(data) == {
        "valid",
        "violation",
        "level",
        "trump",
        "tricks",
        "trick_points",
        "finished",
        "score",
        "next_to_act",
    }
    assert data["valid"] and set(data["tricks"][0]) == {
        "leader",
        "lead",
        "winner",
        "winning_play",
        "points",
        "complete",
    }


def test_s8_the_replay_rises_the_attackers_from_their_own_level():
    deal = simulated(5, level=9, attackers_level=4)
    score = replay_deal(**deal.request()).score
    change = score.change
    assert change.level_from == (9 if change.kept else 4)
    assert Seat(change.next_dealer) in Seat
