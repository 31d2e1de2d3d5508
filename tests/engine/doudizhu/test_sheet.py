"""The scoresheet of a Dou Dizhu table in a round (engine/doudizhu/sheet.py; docs/rules/doudizhu.md
D10): deals posted by their bidding and outcome (or replayed whole), folded into each seat's points."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.doudizhu.deal import replay_deal
from engine.doudizhu.profiles import BUILTIN, STANDARD
from engine.doudizhu.sheet import SHEET, DoudizhuTable, dealer_of
from engine.doudizhu.simulate import simulate_deal
from engine.errors import BadInput, RuleViolation
from engine.seats import Seat, rotate, seat_order
from tests.engine.doudizhu.builders import FORCED_N, pass_, play, request

DOUBLING = BUILTIN["doudizhu4-doubling"]
BOMB_E = {"E": "S9 H9 C9 D9 S8 H8 C8 D8"}


def bids(dealer: str, **points: int) -> list[dict]:
    """The bidding from ``dealer`` in turn order: the named seats bid, the others pass; a 3 ends it."""
    out = []
    for seat in rotate(seat_order(STANDARD.turn_direction), Seat(dealer)):
        out.append({"seat": seat.value, "bid": points.get(seat.value, "pass")})
        if points.get(seat.value) == 3:
            break
    return out


def post(state: DoudizhuTable, *, profile=STANDARD, dealer: str | None = None, **data):
    """The state after one more short-form deal, and its record."""
    dealer = dealer or state.next_dealer.value
    body = {"dealer": dealer, "bids": bids(dealer), "winner": "landlord", **data}
    record = SHEET.record(body, state=state, profile=profile)
    return SHEET.apply(state, record, profile=profile), record


def lose_as_landlord(state: DoudizhuTable, seat: str = "W"):
    """A deal in which ``seat`` bids 1 (or, dealing with everyone passing, is forced) and loses."""
    return post(state, bids=bids(state.next_dealer.value, **{seat: 1}), winner="farmers")[0]


def whole_deal(seed: int = 3) -> dict:
    body = simulate_deal(rng=random.Random(seed), dealer=Seat.N).request()
    del body["banned"]
    return body


def test_d8_landlord_win_scores_the_bid():
    state, record = post(SHEET.start(STANDARD), bids=bids("N", W=2))
    assert (record["landlord"], record["bid"], record["forced"]) == ("W", 2, False)
    assert state.to_dict()["points"] == {"N": 0, "E": 0, "S": 0, "W": 2}
    assert (state.deals_won[Seat.W], state.landlord_won[Seat.W]) == (1, 1)


def test_d8_each_farmer_scores_the_bid_when_the_farmers_win():
    state, _ = post(SHEET.start(STANDARD), bids=bids("N", W=2), winner="farmers")
    assert state.to_dict()["points"] == {"N": 2, "E": 2, "S": 2, "W": 0}
    assert state.to_dict()["deals_won"] == {"N": 1, "E": 1, "S": 1, "W": 0}
    assert state.landlord_lost[Seat.W] == 1


def test_d8_opening_three_bonus_for_a_winning_landlord_only():
    won, record = post(SHEET.start(STANDARD), bids=bids("N", N=3))
    assert record["opening_three"] and won.points[Seat.N] == 4
    lost, _ = post(SHEET.start(STANDARD), bids=bids("N", N=3), winner="farmers")
    assert lost.points[Seat.W] == 3


def test_d8_bombs_and_a_spring_double_with_the_doubling_profile():
    deal = {"bids": bids("N", W=2), "bombs": 2, "spring": True}
    doubled, record = post(SHEET.start(DOUBLING), profile=DOUBLING, **deal)
    assert (record["score"]["multiplier"], doubled.points[Seat.W]) == (8, 16)
    plain, _ = post(SHEET.start(STANDARD), **deal)
    assert plain.points[Seat.W] == 2


def test_d2_ban_after_three_losses_refuses_a_bid():
    state = SHEET.start(STANDARD)
    for _ in range(3):
        state = lose_as_landlord(state, "W")
    assert state.to_dict()["banned"] == ["W"]
    with pytest.raises(RuleViolation) as caught:
        post(state, bids=bids("E", W=1))  # E deals deal 4: E, N, then W
    assert (caught.value.code, caught.value.field) == ("bidding_banned", "bids.2")


def test_d2_forced_loss_does_not_count():
    state = lose_as_landlord(SHEET.start(STANDARD), "W")
    state, record = post(state, bids=bids("W"), winner="farmers")  # W deals, all pass: forced
    assert record["forced"] and record["landlord"] == "W"
    state = lose_as_landlord(state, "W")
    assert state.landlord_lost[Seat.W] == 3 and state.to_dict()["banned"] == []
    post(state, bids=bids("E", W=1))


def test_d10_dealer_rotates_counterclockwise():
    state, dealers = SHEET.start(STANDARD), []
    for _ in range(5):
        dealers.append(state.next_dealer.value)
        state, _ = post(state)
    assert dealers == ["N", "W", "S", "E", "N"]
    clockwise = STANDARD.with_overrides({"turn_direction": "clockwise"})
    assert [dealer_of(k, clockwise.turn_direction).value for k in (1, 2, 3, 4)] == ["N", "E", "S", "W"]
    assert SHEET.start(clockwise).to_dict()["next_dealer"] == "N"


def test_d10_the_wrong_dealer_is_refused():
    with pytest.raises(BadInput) as caught:
        post(SHEET.start(STANDARD), dealer="E")
    assert (caught.value.code, caught.value.field) == ("wrong_dealer", "dealer")


def test_d10_a_dealer_is_required():
    with pytest.raises(BadInput) as caught:
        SHEET.record({"bids": bids("N"), "winner": "landlord"}, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("missing_dealer", "dealer")


def test_d10_match_over_after_deals_per_round():
    profile = STANDARD.with_overrides({"deals_per_round": 2})
    state = SHEET.start(profile)
    for _ in range(2):
        state, record = post(state, profile=profile)
    assert state.finished and state.to_dict()["next_dealer"] is None
    with pytest.raises(BadInput) as caught:
        SHEET.apply(state, record, profile=profile)
    assert (caught.value.code, caught.value.field) == ("match_over", "")


def test_d10_an_unknown_field_is_refused_and_service_fields_are_ignored():
    body = {"dealer": "N", "bids": bids("N"), "winner": "landlord", "number": 1, "note": "x"}
    SHEET.record(body, state=SHEET.start(STANDARD), profile=STANDARD)
    with pytest.raises(BadInput) as caught:
        SHEET.record({**body, "multiplier": 2}, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("unknown_field", "multiplier")


def test_d2_an_unfinished_bidding_is_refused():
    with pytest.raises(RuleViolation) as caught:
        post(SHEET.start(STANDARD), bids=bids("N")[:2])
    assert (caught.value.code, caught.value.field) == ("bidding_unfinished", "bids")


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"winner": None}, "winner_required", "winner"),
        ({"winner": "nobody"}, "invalid_choice", "winner"),
        ({"bombs": -1}, "out_of_range", "bombs"),
        ({"spring": "yes"}, "invalid_type", "spring"),
    ],
)
def test_d10_a_malformed_outcome_is_bad_input(change, code, field):
    with pytest.raises(BadInput) as caught:
        post(SHEET.start(STANDARD), **change)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_d10_a_stored_record_posted_again_gives_itself_back():
    _, record = post(SHEET.start(DOUBLING), profile=DOUBLING, bids=bids("N", S=2), bombs=1)
    assert SHEET.record(record, state=SHEET.start(DOUBLING), profile=DOUBLING) == record
    whole = SHEET.record(whole_deal(), state=SHEET.start(STANDARD), profile=STANDARD)
    assert SHEET.record(whole, state=SHEET.start(STANDARD), profile=STANDARD) == whole


def test_d6_a_whole_deal_is_replayed_and_scored():
    body = whole_deal()
    record = SHEET.record(body, state=SHEET.start(STANDARD), profile=STANDARD)
    replay = replay_deal(**body)
    assert record["winner"] == replay.winner.value and record["score"] == replay.score.to_dict()
    assert record["bombs"] == sum(replay.bombs_played.values()) and record["spring"] == replay.spring
    assert set(record) >= {"hands", "bottom", "plays", "bids", "landlord"}


def test_d6_a_posted_winner_other_than_the_replays_is_refused():
    body = whole_deal()
    other = "farmers" if replay_deal(**body).winner.value == "landlord" else "landlord"
    with pytest.raises(RuleViolation) as caught:
        SHEET.record({**body, "winner": other}, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("winner_mismatch", "winner")


def test_d3_whole_deal_bomb_limit_is_422_at_plays_index():
    plays = [play("N", "S3"), pass_("W"), pass_("S"), play("E", "S9 H9 C9 D9")]
    body = request(hands={"N": "S3", **BOMB_E}, bids=FORCED_N, plays=plays)
    with pytest.raises(RuleViolation) as caught:
        SHEET.record(body, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("bomb_limit", "plays.3")


def test_d6_an_unfinished_whole_deal_is_refused():
    body = request(hands={"N": "S3"}, bids=FORCED_N, plays=[play("N", "S3")])
    with pytest.raises(RuleViolation) as caught:
        SHEET.record(body, state=SHEET.start(STANDARD), profile=STANDARD)
    assert (caught.value.code, caught.value.field) == ("deal_not_finished", "plays")


def test_d10_close_on_time_ends_the_round_early():
    state, _ = post(SHEET.start(STANDARD))
    closed = SHEET.close_on_time(state, profile=STANDARD)
    assert closed.finished and SHEET.totals(closed).end_reason == "time_limit"
    assert SHEET.close_on_time(closed, profile=STANDARD) is closed


def test_d10_totals_per_seat_once_the_round_is_over():
    profile = STANDARD.with_overrides({"deals_per_round": 2})
    state, _ = post(SHEET.start(profile), profile=profile, bids=bids("N", W=2))
    with pytest.raises(BadInput) as caught:
        SHEET.totals(state)
    assert caught.value.code == "match_not_finished"
    state, _ = post(state, profile=profile, bids=bids("W", W=1), winner="farmers")
    totals = SHEET.totals(state)
    assert (totals.winner, totals.deals, totals.end_reason) == (None, 2, "deals")
    assert totals.seats["W"] == {"points": 2, "deals_won": 1, "landlord_won": 1, "landlord_lost": 1}
    assert totals.seats["N"] == {"points": 1, "deals_won": 1, "landlord_won": 0, "landlord_lost": 0}


def test_d10_the_line_names_the_scorer_and_every_seats_points():
    state, first = post(SHEET.start(STANDARD), bids=bids("N", W=2))
    _, second = post(state, bids=bids("W", S=1), winner="farmers")
    line = SHEET.line([first, second], profile=STANDARD)
    assert line[0] == {
        "deal": 1,
        "dealer": "N",
        "scorer": "W",
        "scored": 2,
        "after": {"N": 0, "E": 0, "S": 0, "W": 2},
    }
    assert (line[1]["scorer"], line[1]["after"]) == ("farmers", {"N": 1, "E": 1, "S": 0, "W": 3})
    assert SHEET.line_kind == "points"


@st.composite
def short_deals(draw, count: int):
    return [
        (
            [draw(st.sampled_from(["pass", 1, 2, 3])) for _ in range(4)],
            draw(st.sampled_from(["landlord", "farmers"])),
            draw(st.integers(0, 3)),
            draw(st.booleans()),
        )
        for _ in range(count)
    ]


@settings(max_examples=60, deadline=None)
@given(deals=st.integers(1, 10).flatmap(short_deals), doubling=st.booleans())
def test_d10_a_round_credits_exactly_the_deals_points(deals, doubling):
    profile = (DOUBLING if doubling else STANDARD).with_overrides({"deals_per_round": 10})
    state, credited = SHEET.start(profile), 0
    for wanted, winner, bombs, spring in deals:
        dealer = state.next_dealer
        made, high = [], 0
        for seat, points in zip(rotate(seat_order(profile.turn_direction), dealer), wanted, strict=True):
            # A banned seat or a bid not above the high one passes (D2).
            ok = points != "pass" and points > high and seat not in state.banned
            made.append({"seat": seat.value, "bid": points if ok else "pass"})
            high = points if ok else high
            if ok and points == 3:
                break
        state, record = post(state, profile=profile, bids=made, winner=winner, bombs=bombs, spring=spring)
        credited += sum(record["score"]["seats"].values())
    assert sum(state.points.values()) == credited
    assert all(state.deals_won[seat] <= state.deals for seat in Seat)
    assert sum(state.landlord_won.values()) + sum(state.landlord_lost.values()) == state.deals
