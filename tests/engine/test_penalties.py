"""Penalty tables (engine/penalties, docs/rules/guandan.md G12): every row of every built-in table, written
out for the 1st to 4th offence, and the settings that change them."""

from __future__ import annotations

import pytest

from engine.penalties import (
    TABLES,
    Effect,
    Infraction,
    PenaltyKind,
    PenaltySettingError,
    Target,
    build_table,
    propose,
)

I = Infraction  # noqa: E741

# Compact notation: "kind" for the offender, "kind>opponents", "kind>both"; "levels+1>opponents*" puts
# the side on stage. One tuple per offence: the 1st, 2nd, 3rd and 4th in the match.
W, R, LT = "warning", "remedy", "lose_turn"
DEFAULT = {
    I.HIDDEN_CARD: [("levels+1>opponents*",)] * 2 + [("match_awarded>opponents",)] * 2,
    I.OUT_OF_TURN: [(R, LT), (R, LT), (R, LT, "match_points-1"), (R, LT, "match_points-1")],
    I.WRONG_CARD_COUNT: [(R,), (R,), (R, "match_points-1>both"), (R, "match_points-1>both")],
    I.ILLEGAL_SIGNAL: [(W,), (W,), (W,), ("match_points-1",)],
    I.EXPOSED_CARD: [(LT,)] * 4,
    I.SLOW_PLAY: [(W,)] * 4,
    I.TRIBUTE_ERROR: [("redo_tribute",)] * 4,
    I.REPORT_ERROR: [("take_back",)] * 4,
    I.IMPROPER_PLAY: [(W,)] * 4,
    I.COUNT_QUESTION: [(W,)] * 4,
    I.LATE_ARRIVAL: [(W,)] * 4,
    I.PLAYER_CHANGE: [("forfeit",)] * 4,
    I.PARTNER_TALK: [(W,)] + [("match_awarded>opponents",)] * 3,
}
NATIONAL_2017 = {
    **DEFAULT,
    I.IMPROPER_PLAY: [(W,), ("violation", LT), ("foul",), ("foul",)],
    I.REPORT_ERROR: [("take_back", W)] + [("take_back", "violation", LT)] * 3,
    I.COUNT_QUESTION: [(W,), ("violation",), ("violation",), ("violation",)],
    I.SLOW_PLAY: [(W,), ("violation", LT), ("violation", LT), ("violation", LT)],
}
CLUB_LEVELS = {
    **DEFAULT,
    I.HIDDEN_CARD: [("levels+3>opponents",)] * 2 + [("match_awarded>opponents",)] * 2,
    I.ILLEGAL_SIGNAL: [(W,), (W,), ("match_awarded>opponents",), ("match_awarded>opponents",)],
    I.SLOW_PLAY: [(W,), (W,), ("levels+1>opponents",), ("levels+1>opponents",)],
    I.TRIBUTE_ERROR: [("redo_tribute", "levels+2>opponents")] * 4,
    I.OUT_OF_TURN: [(R,), (R,), (R, "levels-1"), (R, "levels-1")],
}
EXPECTED = {"default": DEFAULT, "national_2017": NATIONAL_2017, "club_levels": CLUB_LEVELS}


def notation(effect: dict) -> str:
    text = effect["kind"]
    if "amount" in effect:
        text += f"{effect['amount']:+d}"
    if effect["to"] != "offender":
        text += f">{effect['to']}"
    if effect.get("on_stage"):
        text += "*"
    return text


CASES = [
    pytest.param(key, infraction, n, id=f"{key}-{infraction}-{n + 1}")
    for key, rows in EXPECTED.items()
    for infraction in rows
    for n in range(4)
]


@pytest.mark.parametrize(("key", "infraction", "earlier"), CASES)
def test_g12_each_row_of_each_table_for_the_first_to_fourth_offence(key, infraction, earlier):
    proposal = propose(TABLES[key], infraction, earlier=earlier).to_dict()
    assert tuple(notation(e) for e in proposal["effects"]) == EXPECTED[key][infraction][earlier]
    assert proposal["count"] == earlier + 1


def test_every_table_has_a_row_for_every_infraction():
    for table in TABLES.values():
        assert set(table.rows) == set(Infraction)


def test_g12_counts_are_per_seat_side_or_table_as_the_row_says():
    table = TABLES["default"]
    assert str(table.row(I.HIDDEN_CARD).scope) == "side"
    assert str(table.row(I.EXPOSED_CARD).scope) == "seat"
    assert str(table.row(I.WRONG_CARD_COUNT).scope) == "table"


# ---- late arrival (G11, G12) ----
@pytest.mark.parametrize(
    ("minutes", "with_leave", "expected"),
    [
        (5, False, (W,)),
        (10, False, (W,)),
        (11, False, ("forfeit",)),
        (14, True, (W,)),
        (16, True, ("forfeit",)),
    ],
)
def test_g11_late_past_ten_minutes_or_fifteen_with_leave_is_a_forfeit(minutes, with_leave, expected):
    proposal = propose(
        TABLES["default"], I.LATE_ARRIVAL, earlier=0, minutes_late=minutes, with_leave=with_leave
    )
    assert tuple(notation(e.to_dict()) for e in proposal.effects) == expected


@pytest.mark.parametrize(("minutes", "levels"), [(4, None), (5, 1), (9, 1), (10, 2)])
def test_g12_club_levels_opponents_gain_a_level_per_five_minutes_late(minutes, levels):
    effects = propose(TABLES["club_levels"], I.LATE_ARRIVAL, earlier=0, minutes_late=minutes).effects
    gained = [e.amount for e in effects if str(e.kind) == "levels"]
    assert gained == ([] if levels is None else [levels])


# ---- an event's own numbers ----
def test_an_event_changes_a_row_and_keeps_the_rest():
    steps = [[{"kind": "warning"}], [{"kind": "disqualification"}]]  # 掼蛋比赛活动方案's variant
    table = build_table({"table": "default", "rows": {"illegal_signal": {"steps": steps}}})
    assert [e.to_dict()["kind"] for e in propose(table, I.ILLEGAL_SIGNAL, earlier=1).effects] == [
        "disqualification"
    ]
    assert str(table.row(I.ILLEGAL_SIGNAL).scope) == "side"  # kept
    assert table.row(I.HIDDEN_CARD) == TABLES["default"].row(I.HIDDEN_CARD)


def test_an_event_changes_the_late_arrival_minutes():
    table = build_table(
        {
            "table": "club_levels",
            "rows": {"late_arrival": {"late": {"forfeit_after": 20, "forfeit_after_with_leave": 25}}},
        }
    )
    assert [str(e.kind) for e in propose(table, I.LATE_ARRIVAL, earlier=0, minutes_late=15).effects] == [
        "warning",
        "levels",
    ]


def test_no_setting_is_the_default_table():
    assert build_table(None) == TABLES["default"]
    assert build_table({}).to_dict() == TABLES["default"].to_dict()


STEP = "rows.hidden_card.steps.0.0"


@pytest.mark.parametrize(
    ("setting", "code", "field"),
    [
        ({"table": "fifa"}, "unknown_table", "table"),
        ({"colour": 1}, "unknown_field", "colour"),
        ({"rows": {"cheating": {}}}, "unknown_infraction", "rows.cheating"),
        ({"rows": {"hidden_card": {"steps": []}}}, "invalid", "rows.hidden_card.steps"),
        (
            {"rows": {"hidden_card": {"steps": [[{"kind": "fine"}]]}}},
            "invalid_choice",
            "rows.hidden_card.steps.0.0.kind",
        ),
        (
            {"rows": {"hidden_card": {"steps": [[{"kind": "levels"}]]}}},
            "required",
            "rows.hidden_card.steps.0.0.amount",
        ),
        (
            {"rows": {"hidden_card": {"steps": [[{"kind": "levels", "amount": 1000}]]}}},
            "out_of_range",
            "rows.hidden_card.steps.0.0.amount",
        ),
        (
            {"rows": {"hidden_card": {"steps": [[{"kind": "warning", "amount": 1}]]}}},
            "unexpected",
            "rows.hidden_card.steps.0.0.amount",
        ),
        ({"rows": {"hidden_card": {"scope": "room"}}}, "invalid_choice", "rows.hidden_card.scope"),
        (
            {"rows": {"late_arrival": {"late": {"forfeit_after": 20, "forfeit_after_with_leave": 15}}}},
            "invalid",
            "rows.late_arrival.late.forfeit_after_with_leave",
        ),
    ],
)
def test_a_bad_setting_names_its_field(setting, code, field):
    with pytest.raises(PenaltySettingError) as error:
        build_table(setting)
    assert (error.value.code, error.value.field) == (code, field)


def test_the_effective_setting_round_trips():
    for table in TABLES.values():
        shown = table.to_dict()
        again = build_table({"table": shown["table"], "rows": shown["rows"]})
        assert again.to_dict() == shown


def test_g12_a_game_without_level_changes_reads_levels_as_match_points():
    """Issue 35 defect 3: Shuangkou, Daguai Luzi and duplicate Guandan take no level change: the
    opponents' gain of n levels is the offender's loss of n match points, a side's own n levels as
    many match points; the rest as written."""
    table = build_table({"table": "club_levels"}, levels=False)
    first = propose(table, Infraction.HIDDEN_CARD, earlier=0)
    assert first.effects == (Effect(kind=PenaltyKind.MATCH_POINTS, to=Target.OFFENDER, amount=-3),)
    third = propose(table, Infraction.OUT_OF_TURN, earlier=2)
    assert Effect(kind=PenaltyKind.MATCH_POINTS, to=Target.OFFENDER, amount=-1) in third.effects
    late = propose(table, Infraction.LATE_ARRIVAL, earlier=0, minutes_late=7)  # 1 level per 5 minutes
    assert late.effects[-1] == Effect(kind=PenaltyKind.MATCH_POINTS, to=Target.OFFENDER, amount=-1)
    assert propose(table, Infraction.HIDDEN_CARD, earlier=2).effects[0].kind is PenaltyKind.MATCH_AWARDED
    assert not any(
        effect.kind is PenaltyKind.LEVELS
        for row in table.rows.values()
        for step in row.steps
        for effect in step
    )
