"""The plays/validate question for Shuangkou (docs/rules/shuangkou.md S4-S6, "Referee questions"): play.py.

Level 7 and spades trump unless a test says otherwise."""

from __future__ import annotations

import pytest

from engine.errors import BadInput
from engine.shuangkou.play import validate_play


def ask(cards, hand, trick=(), **kwargs):
    kwargs = {"level": "7", "trump": "S"} | kwargs
    return validate_play(cards.split(), hand=hand.split(), trick=[p.split() for p in trick], **kwargs)


def test_s5_a_legal_follow_that_takes_the_lead_is_winning():
    verdict = ask("HK", "HK H3 C4", trick=["HQ"])
    assert (verdict.legal, verdict.reason, verdict.winning, verdict.points) == (True, None, 1, 10)


def test_s5_a_follower_not_following_suit_is_refused_with_the_card_at_fault():
    verdict = ask("C4", "HK H3 C4", trick=["HQ"])
    assert (verdict.legal, verdict.reason, verdict.card, verdict.winning) == (
        False,
        "not_following_suit",
        0,
        0,
    )


def test_s5_the_question_answers_who_wins_among_the_plays_already_on_the_table():
    verdict = ask("C4", "C4 C5", trick=["H5", "S2", "HK"])
    assert (verdict.legal, verdict.winning, verdict.points) == (True, 1, 15)


def test_s5_a_ruff_of_a_pair_lead_wins_only_with_a_trump_pair():
    assert ask("S3 S4", "S3 S4 C2", trick=["HA HA"]).winning == 0
    assert ask("S3 S3", "S3 S3 C2", trick=["HA HA"]).winning == 1


def test_s5_pair_and_tractor_obligations_use_the_whole_hand():
    assert ask("H2 H5", "H2 H2 H5 H6", trick=["HA HA"]).reason == "not_following_pairs"
    hand = "H2 H2 H3 H3 H9 H9"
    assert ask("H2 H2 H9 H9", hand, trick=["HK HK HA HA"]).reason == "not_following_tractor"


def test_s5_a_play_not_in_the_hand_is_card_not_in_hand():
    verdict = ask("HK HK", "HK H3", trick=["HQ HQ"])
    assert (verdict.reason, verdict.card) == ("card_not_in_hand", 1)


def test_s5_a_wrong_number_of_cards():
    assert ask("HK", "HK H3", trick=["HQ HQ"]).reason == "wrong_number_of_cards"


def test_s5_a_lead_is_legal_in_one_suit_and_mixed_otherwise():
    assert ask("HA HA", "HA HA C2").legal
    verdict = ask("HA C2", "HA HA C2")
    assert (verdict.reason, verdict.card) == ("mixed_lead", 1)


def test_s5_a_throw_led_is_checked_only_against_the_cards_the_question_gives():
    unchecked = ask("HA HQ", "HA HQ")
    assert (unchecked.legal, unchecked.throw_checked) == (True, False)
    refused = validate_play(["HA", "HQ"], hand=["HA", "HQ"], level="7", trump="S", others=["HK", "C3"])
    assert (refused.legal, refused.reason, refused.throw_checked) == (False, "throw_not_highest", True)
    assert [c.code for c in refused.remedy.cards] == ["HQ"]
    standing = validate_play(["HA", "HQ"], hand=["HA", "HQ"], level="7", trump="S", others=["H3", "C3"])
    assert (standing.legal, standing.throw_checked) == (True, True)


def test_s3_without_a_trump_suit_the_level_cards_are_trumps():
    assert ask("H7", "H7 H3", trick=["S3"], trump=None).legal
    assert ask("H3", "H7 H3", trick=["S3"], trump="none").legal


def test_s9_the_no_trump_deal_has_no_level_cards():
    assert ask("H7", "H7 S2", trick=["H3"], level="NT", trump=None).winning == 1


def test_s4_the_verdict_as_json():
    data = ask("HK", "HK H3", trick=["HQ"]).to_dict()
    assert data == {
        "legal": True,
        "reason": None,
        "card": None,
        "shape": {
            "type": "single",
            "size": 1,
            "pairs": 0,
            "tractors": [],
            "units": [{"type": "single", "pairs": 0, "cards": ["HK"]}],
        },
        "lead": {
            "type": "single",
            "size": 1,
            "pairs": 0,
            "tractors": [],
            "units": [{"type": "single", "pairs": 0, "cards": ["HQ"]}],
        },
        "winning": 1,
        "points": 10,
        "throw_checked": None,
        "remedy": None,
    }
    refused = ask("C4", "HK C4", trick=["HQ"]).to_dict()["reason"]
    assert refused["code"] == "not_following_suit" and "S5" in refused["detail"]


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"cards": ["ZZ"]}, "unknown_card", "cards.0"),
        ({"cards": []}, "empty_play", "cards"),
        ({"hand": ["HK", "H3", "XX"]}, "unknown_card", "hand.2"),
        ({"trick": [["HQ", "Q1"]]}, "unknown_card", "trick.0.1"),
        ({"trick": [["HQ"], ["H2", "H3"]]}, "wrong_number_of_cards", "trick.1"),
        ({"trick": [["HQ", "CQ"]]}, "invalid_lead", "trick.0"),
        ({"trick": [["HQ"]] * 4}, "invalid", "trick"),
        ({"hand": ["HK", "HQ"], "trick": [["HQ"], ["HQ"]]}, "too_many_copies", "trick.1.0"),
        ({"others": ["HK", "HK"]}, "too_many_copies", "others.1"),
        ({"level": "1"}, "unknown_level", "level"),
        ({"trump": "X"}, "unknown_suit", "trump"),
        ({"level": "NT", "trump": "H"}, "invalid", "trump"),
    ],
)
def test_s1_a_malformed_question_is_bad_input_at_the_exact_field(kwargs, code, field):
    question = {"cards": ["HK"], "hand": ["HK", "H3"], "trick": [["HQ"]], "level": "7", "trump": "S"} | kwargs
    cards = question.pop("cards")
    with pytest.raises(BadInput) as caught:
        validate_play(cards, **question)
    assert (caught.value.code, caught.value.field) == (code, field)
