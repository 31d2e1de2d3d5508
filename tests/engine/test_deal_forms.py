"""Every game's deal form (engine/forms.py, ``MatchSheet.deal_form``) and what a deal means before it
is sent (``MatchSheet.deal_notes``): the table app renders only these (docs/table-app.md)."""

from __future__ import annotations

import json

import pytest

from engine import daguai, doudizhu, guandan, shuangkou
from engine.forms import KINDS, DealForm, FormField
from engine.guandan.profiles import STANDARD
from engine.registry import GAMES

SHEETS = {code: game for code, game in GAMES.items() if game.match_sheet is not None}


def _profile(game):
    return game.profiles[game.default_profile]


def _walk(fields: tuple[FormField, ...]):
    for member in fields:
        yield member
        yield from _walk(member.fields)


@pytest.mark.parametrize("code", sorted(SHEETS))
def test_every_game_in_service_describes_its_next_deal(code):
    game = SHEETS[code]
    form = game.match_sheet.deal_form(_profile(game), game.match_sheet.begin(_profile(game)))
    assert isinstance(form, DealForm) and form.number == 1
    wire = json.loads(json.dumps(form.to_dict()))  # plain JSON, nothing else
    assert {seat["code"] for seat in wire["seats"]} >= {s for m in _walk(form.fields) for s in m.seats}
    assert all(member.kind in KINDS for member in _walk(form.fields))
    assert set(wire["names"]) >= {seat["code"] for seat in wire["seats"]} | set(wire["sides"])


@pytest.mark.parametrize("code", sorted(SHEETS))
def test_every_form_field_is_a_member_the_sheet_takes(code):
    """A form names only what the game's deal post reads: a post of the form's defaults is refused
    for a value, never for an unknown field."""
    game = SHEETS[code]
    sheet, profile = game.match_sheet, _profile(game)
    form = sheet.deal_form(profile, sheet.begin(profile))
    body = {member.name: member.default for member in form.fields if member.default is not None}
    try:
        sheet.record(body, state=sheet.begin(profile), profile=profile)
    except Exception as error:
        assert getattr(error, "code", None) != "unknown_field", error


def test_g5_guandan_enters_the_finishing_order_and_an_optional_tribute():
    form = guandan.GAME.match_sheet.deal_form(STANDARD, guandan.GAME.match_sheet.begin(STANDARD))
    order = form.member("finishing_order")
    assert (order.kind, order.seats, order.min_items, order.max_items) == (
        "seat_order",
        ("N", "E", "S", "W"),
        2,
        4,
    )
    tribute = form.member("tribute")
    assert (tribute.kind, tribute.required) == ("group", False)
    assert [m.name for m in tribute.fields] == ["tributes", "returns", "anti_tribute"]
    assert len(form.member("tribute.tributes").fields[2].choices) == 54  # a card of the two packs
    assert [seat.side for seat in form.seats] == ["NS", "EW", "NS", "EW"]  # G1: partners opposite


def test_g6_a_preview_says_the_rise_and_the_next_level():
    sheet = guandan.GAME.match_sheet
    before = sheet.begin(STANDARD)
    played = sheet.play({"finishing_order": ["N", "S", "E"]}, state=before, profile=STANDARD)
    notes = [
        note.to_dict(names=sheet.deal_form(STANDARD, before).labels())
        for note in sheet.deal_notes(before, played.state, played.record, profile=STANDARD)
    ]
    assert [n["code"] for n in notes] == ["deal_won", "level"]
    assert notes[1]["text"] == "North–South +3 → plays 5"
    assert notes[1]["params"] == {"side": "NS", "change": "+3", "level": "5"}


def test_g6_a_preview_counts_an_a_failure_and_the_game_won_past_a():
    sheet = guandan.GAME.match_sheet
    state = sheet.begin(STANDARD)
    for _ in range(4):  # NS 2 → 5 → 8 → J → A
        state = sheet.play({"finishing_order": ["N", "S", "E"]}, state=state, profile=STANDARD).state
    failed = sheet.play({"finishing_order": ["E", "W", "N"]}, state=state, profile=STANDARD)
    codes = [n.code for n in sheet.deal_notes(state, failed.state, failed.record, profile=STANDARD)]
    assert "a_failure" in codes
    failure = next(
        n
        for n in sheet.deal_notes(state, failed.state, failed.record, profile=STANDARD)
        if n.code == "a_failure"
    )
    assert failure.params == {"side": "NS", "count": 1, "limit": 3}
    on_stage = sheet.play({"finishing_order": ["N", "S", "E"]}, state=failed.state, profile=STANDARD).state
    won = sheet.play({"finishing_order": ["N", "S", "E"]}, state=on_stage, profile=STANDARD)
    codes = [n.code for n in sheet.deal_notes(on_stage, won.state, won.record, profile=STANDARD)]
    assert codes[-2:] == ["passed_a", "match_won"]


def test_g6_the_form_of_a_finished_match_has_no_number():
    sheet = guandan.GAME.match_sheet
    state = sheet.begin(STANDARD)
    for _ in range(5):
        state = sheet.play({"finishing_order": ["N", "S", "E"]}, state=state, profile=STANDARD).state
    assert state.finished and sheet.deal_form(STANDARD, state).number is None


def test_d2_dou_dizhu_bids_from_the_dealer_in_turn_and_a_3_ends_the_bidding():
    sheet = doudizhu.GAME.match_sheet
    profile = _profile(doudizhu.GAME)
    state = sheet.begin(profile)
    form = sheet.deal_form(profile, state)
    assert form.member("dealer").default == "N"  # D10: N deals first
    bids = form.member("bids")
    assert (bids.order, bids.stop_on) == (("N", "W", "S", "E"), ("bid", 3))  # D1: counterclockwise
    posted = {"dealer": "N", "bids": [{"seat": "N", "bid": 3}], "winner": "landlord"}
    after = sheet.play(posted, state=state, profile=profile).state
    second = sheet.deal_form(profile, after)
    assert (second.number, second.member("dealer").default, second.member("bids").order[0]) == (2, "W", "W")
    assert {c.value for c in second.member("winner").choices} == {"landlord", "farmers"}


def test_d8_a_dou_dizhu_preview_says_who_scored():
    sheet = doudizhu.GAME.match_sheet
    profile = _profile(doudizhu.GAME)
    state = sheet.begin(profile)
    played = sheet.play(
        {"dealer": "N", "bids": [{"seat": "N", "bid": 3}], "winner": "landlord"}, state=state, profile=profile
    )
    notes = [
        n.to_dict(names=sheet.deal_form(profile, state).labels())
        for n in sheet.deal_notes(state, played.state, played.record, profile=profile)
    ]
    assert notes[0]["code"] == "scored" and notes[0]["text"].startswith("North scores")


def test_k5_daguai_names_the_next_dealer_and_six_seats_in_two_teams():
    sheet = daguai.GAME.match_sheet
    profile = _profile(daguai.GAME)
    state = sheet.begin(profile)
    form = sheet.deal_form(profile, state)
    assert [s.code for s in form.seats] == ["1", "2", "3", "4", "5", "6"]
    assert [s.side for s in form.seats] == ["NS", "EW"] * 3  # K1: team A at the odd seats
    assert form.member("dealer").default == "1"
    after = sheet.play({"dealer": "1", "finishing_order": list("135")}, state=state, profile=profile).state
    assert sheet.deal_form(profile, after).member("dealer").default == "2"


def test_s9_shuangkou_leaves_the_first_dealer_open_then_names_it():
    sheet = shuangkou.GAME.match_sheet
    profile = _profile(shuangkou.GAME)
    state = sheet.begin(profile)
    form = sheet.deal_form(profile, state)
    assert form.member("dealer").default is None
    assert (form.member("attackers_points").kind, form.member("attackers_points").minimum) == ("integer", 0)
    after = sheet.play({"dealer": "N", "attackers_points": 40}, state=state, profile=profile).state
    assert sheet.deal_form(profile, after).member("dealer").default == after.dealer.value


def test_a_field_of_an_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        FormField(name="x", kind="slider", label="X")
