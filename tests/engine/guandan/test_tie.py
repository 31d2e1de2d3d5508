"""One match or a best of three at a table (docs/rules/guandan.md G8): engine/guandan/tie.py."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BadInput
from engine.guandan.match import EndReason, MatchState, play_match
from engine.guandan.profiles import BUILTIN, STANDARD, knockout_profile
from engine.guandan.tie import TieState, apply_tie_deal, close_tie_on_time, play_tie
from engine.seats import Side

NS, EW = Side.NS, Side.EW
NS_12, NS_14 = ["N", "S"], ["N", "E", "W"]
EW_12, EW_13, EW_14 = ["E", "W"], ["E", "N", "W"], ["E", "N", "S"]
NS_GAME = [NS_12] * 5  # 2 -> 5 -> 8 -> J -> A, then passes A: five deals
EW_GAME = [EW_12] * 5
DEALS = replace(STANDARD, match_format="deal_count", deal_limit=2)
TIMED = replace(STANDARD, match_format="time_limit")


def test_g8_best_of_one_is_a_single_match():
    tie = play_tie(NS_GAME)
    assert (tie.finished, tie.winner, len(tie.games), tie.deals_played) == (True, NS, 1, 5)
    assert tie.games[0] == play_match(NS_GAME)


def test_g8_best_of_three_ends_at_two_wins():
    tie = play_tie(NS_GAME + NS_GAME, best_of=3)
    assert (tie.finished, tie.winner, tie.games_won) == (True, NS, {NS: 2, EW: 0})
    assert len(tie.games) == 2


def test_g8_best_of_three_goes_to_a_third_game_at_one_all():
    tie = play_tie(NS_GAME + EW_GAME, best_of=3)
    assert (tie.finished, tie.game_number, tie.games_won) == (False, 3, {NS: 1, EW: 1})


def test_g8_best_of_three_third_game_decides():
    tie = play_tie(NS_GAME + EW_GAME + EW_GAME, best_of=3)
    assert (tie.finished, tie.winner, tie.draw) == (True, EW, False)


def test_g8_next_game_starts_with_fresh_levels():
    tie = play_tie([*NS_GAME, EW_14], best_of=3)
    assert tie.game_number == 2
    assert (tie.current.ns_level, tie.current.ew_level, tie.current.deals_played) == (2, 3, 1)


def test_g8_current_game_not_begun_is_a_fresh_state():
    tie = play_tie(NS_GAME, best_of=3)
    assert tie.current == MatchState()
    assert tie.game_number == 2


def test_g8_current_of_a_finished_tie_is_its_last_game():
    tie = play_tie(NS_GAME + NS_GAME, best_of=3)
    assert tie.current is tie.games[-1]
    assert tie.game_number == 2


def test_g8_finished_tie_rejects_more_deals_with_match_over():
    with pytest.raises(BadInput) as raised:
        apply_tie_deal(play_tie(NS_GAME), EW_12)
    assert (raised.value.code, raised.value.field) == ("match_over", "finishing_order")


def test_g8_play_tie_names_the_bad_deal():
    with pytest.raises(BadInput) as raised:
        play_tie([*NS_GAME, EW_12])
    assert (raised.value.code, raised.value.field) == ("match_over", "finishing_orders[5]")


def test_g8_best_of_must_be_one_or_three():
    with pytest.raises(BadInput) as raised:
        play_tie([], best_of=2)
    assert (raised.value.code, raised.value.field) == ("invalid_choice", "best_of")


def test_g8_a_tie_holds_at_most_best_of_games_all_but_the_last_finished():
    with pytest.raises(BadInput) as raised:
        TieState(best_of=3, games=(MatchState(), MatchState()))
    assert raised.value.field == "games"


def test_g8_best_of_three_all_drawn_is_a_draw():
    tie = play_tie([NS_12, EW_12] * 3, best_of=3, profile=DEALS)
    assert (tie.finished, tie.winner, tie.draw, tie.games_won) == (True, None, True, {NS: 0, EW: 0})


def test_g8_best_of_three_one_win_and_two_draws_wins():
    tie = play_tie([NS_12, EW_12, NS_12, EW_13, NS_12, EW_12], best_of=3, profile=DEALS)
    assert (tie.finished, tie.winner) == (True, NS)


def test_g8_best_of_three_one_win_each_and_a_draw_is_a_draw():
    tie = play_tie([NS_12, EW_12, NS_12, EW_13, EW_12, NS_14], best_of=3, profile=DEALS)
    assert (tie.games_won, tie.draw) == ({NS: 1, EW: 1}, True)


def test_g8_tie_waits_for_the_extra_deal_of_its_game():
    profile = replace(DEALS, equal_levels="extra_deal")
    tie = play_tie([NS_12, EW_12], profile=profile)
    assert (tie.finished, tie.needs_extra_deal, tie.game_number) == (False, True, 1)
    assert apply_tie_deal(tie, EW_14, profile=profile).winner is EW


# ---- knockout ----------------------------------------------------------------------------------


def test_g8_knockout_profile_turns_equal_levels_draw_into_an_extra_deal():
    assert STANDARD.equal_levels == "draw"
    assert knockout_profile(STANDARD) == replace(STANDARD, equal_levels="extra_deal")


@pytest.mark.parametrize("equal_levels", ["extra_deal", "last_deal_winner"])
def test_g8_knockout_profile_keeps_a_profile_that_already_decides(equal_levels):
    profile = replace(STANDARD, equal_levels=equal_levels)
    assert knockout_profile(profile) is profile


def test_g8_knockout_profile_keeps_every_other_setting():
    seed_001 = BUILTIN["guandan-seed-001"]
    assert knockout_profile(seed_001) == replace(seed_001, equal_levels="extra_deal")


def test_g8_knockout_tie_is_not_drawn_on_equal_levels():
    profile = knockout_profile(DEALS)
    tie = play_tie([NS_12, EW_12], profile=profile)
    assert (tie.finished, tie.needs_extra_deal) == (False, True)
    assert apply_tie_deal(tie, NS_14, profile=profile).winner is NS


# ---- the clock ---------------------------------------------------------------------------------


def test_g8_close_tie_on_time_closes_the_game_in_progress():
    tie = close_tie_on_time(play_tie([NS_12], profile=TIMED), profile=TIMED)
    assert (tie.finished, tie.winner, tie.games[0].end_reason) == (True, NS, EndReason.TIME_LIMIT)


def test_g8_close_tie_on_time_with_no_deal_closes_game_one_at_2_2():
    tie = close_tie_on_time(TieState(), profile=TIMED)
    assert (tie.finished, tie.draw, tie.deals_played) == (True, True, 0)
    assert tie.games[0].end_reason is EndReason.TIME_LIMIT


def test_g8_close_tie_on_time_between_games_is_no_game_in_progress():
    with pytest.raises(BadInput) as raised:
        close_tie_on_time(play_tie(NS_GAME, best_of=3, profile=TIMED), profile=TIMED)
    assert (raised.value.code, raised.value.field) == ("no_game_in_progress", "time_up")


def test_g8_close_tie_on_time_without_a_clock_is_no_time_limit():
    with pytest.raises(BadInput) as raised:
        close_tie_on_time(play_tie([NS_12]), profile=STANDARD)
    assert raised.value.code == "no_time_limit"


def test_g8_close_tie_on_time_of_a_finished_tie_changes_nothing():
    tie = play_tie(NS_GAME, profile=TIMED)
    assert close_tie_on_time(tie, profile=TIMED) == tie


def test_g8_play_tie_time_up_closes_the_current_game():
    tie = play_tie([*NS_GAME, EW_13], best_of=3, profile=TIMED, time_up=True)
    assert (tie.games_won, tie.game_number, tie.finished) == ({NS: 1, EW: 1}, 3, False)


# ---- to_dict -----------------------------------------------------------------------------------


def test_g8_to_dict_flattens_the_current_game():
    data = play_tie([*NS_GAME, EW_14], best_of=3).to_dict()
    assert (data["best_of"], data["game"], data["games_won"]) == (3, 2, {"NS": 1, "EW": 0})
    assert (data["finished"], data["winner"], data["draw"]) == (False, None, False)
    assert (data["deals_played"], data["next_deal"]) == (6, 7)
    assert (data["levels"], data["on_stage"], data["deal_level"]) == ({"NS": "2", "EW": "3"}, "EW", "3")
    assert data["a_failures"] == {"NS": 0, "EW": 0}
    assert data["needs_extra_deal"] is False
    assert [game["game"] for game in data["games"]] == [1, 2]
    assert data["games"][0]["winner"] == "NS"


def test_g8_to_dict_level_line_numbers_deals_through_the_table():
    line = play_tie([*NS_GAME, EW_14], best_of=3).to_dict()["level_line"]
    assert line[0] == {"deal": 1, "game": 1, "NS": "5", "EW": "2"}
    assert line[4] == {"deal": 5, "game": 1, "NS": "A+", "EW": "2"}
    assert line[5] == {"deal": 6, "game": 2, "NS": "2", "EW": "3"}


def test_g8_to_dict_finished_tie_has_no_next_deal():
    data = play_tie(NS_GAME).to_dict()
    assert (data["finished"], data["winner"], data["next_deal"]) == (True, "NS", None)


# ---- properties --------------------------------------------------------------------------------

ORDERS = st.sampled_from([NS_12, ["N", "E", "S"], NS_14, EW_12, EW_13, EW_14, ["S", "W", "N"], ["W", "E"]])
PROFILES = st.sampled_from(
    [STANDARD, replace(DEALS, deal_limit=6), replace(DEALS, equal_levels="extra_deal")]
)


def _play_until_over(orders, best_of, profile):
    tie = TieState(best_of=best_of)
    for order in orders:
        if tie.finished:
            break
        tie = apply_tie_deal(tie, order, profile=profile)
    return tie


@settings(max_examples=150, deadline=None)
@given(st.lists(ORDERS, max_size=120), st.sampled_from([1, 3]), PROFILES)
def test_g8_property_games_won_never_exceed_the_wins_needed(orders, best_of, profile):
    tie = _play_until_over(orders, best_of, profile)
    assert max(tie.games_won.values()) <= best_of // 2 + 1
    assert len(tie.games) <= best_of
    assert tie.deals_played == sum(game.deals_played for game in tie.games)
    assert tie.deals_played == len(tie.to_dict()["level_line"])


@settings(max_examples=150, deadline=None)
@given(st.lists(ORDERS, max_size=120), st.sampled_from([1, 3]), PROFILES, ORDERS)
def test_g8_property_finished_tie_rejects_more_deals(orders, best_of, profile, extra):
    tie = _play_until_over(orders, best_of, profile)
    if not tie.finished:
        return
    assert tie.winner is not None or tie.draw
    with pytest.raises(BadInput) as raised:
        apply_tie_deal(tie, extra, profile=profile)
    assert raised.value.code == "match_over"


@settings(max_examples=100, deadline=None)
@given(st.lists(ORDERS, max_size=60), PROFILES)
def test_g8_property_best_of_one_agrees_with_play_match(orders, profile):
    tie = _play_until_over(orders, 1, profile)
    assert tie.games in ((), (play_match(orders[: tie.deals_played], profile=profile),))
