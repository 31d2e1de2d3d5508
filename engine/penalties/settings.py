"""An event's penalty table setting (docs/referees.md "The penalty table"): a built-in table by key,
with any row changed.

    {"table": "club_levels",
     "rows": {"hidden_card": {"steps": [[{"kind": "levels", "to": "opponents", "amount": 2}],
                                        [{"kind": "match_awarded", "to": "opponents"}]]},
              "late_arrival": {"late": {"levels_per": 10}}}}

A row given replaces what it names (``scope``, ``steps``, ``late``, ``note``) and keeps the rest.
A bad setting raises ``PenaltySettingError`` naming the dotted path of the bad value. Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from enum import Enum
from typing import Any, TypeVar

from engine.penalties.codes import Infraction, PenaltyKind, Scope, Target
from engine.penalties.levels import without_levels
from engine.penalties.seats import at_seats
from engine.penalties.tables import (
    DISQUALIFIED_RESULTS,
    FORFEIT_WHEN,
    TABLES,
    Effect,
    LateRule,
    PenaltyTable,
    Row,
    with_rows,
)

MAX_AMOUNT = 100  # levels or match points in one effect: far above any table's numbers
#: The kinds of effect that carry a signed amount (levels, match points); no other has one.
AMOUNT_KINDS = frozenset({PenaltyKind.LEVELS, PenaltyKind.MATCH_POINTS})
MAX_STEPS = 10
MAX_MINUTES = 24 * 60

E = TypeVar("E", bound=Enum)  # the choices of one field (_choice)


class PenaltySettingError(ValueError):
    def __init__(self, code: str, field: str, detail: str):
        self.code, self.field, self.detail = code, field, detail
        super().__init__(f"{field}: {detail}")


def build_table(
    setting: Mapping[str, Any] | None,
    *,
    default_table: str = "default",
    signal_penalty: str = "match_point",
    seat_rows: Mapping[Infraction, Row] | None = None,
    levels: bool = True,
) -> PenaltyTable:
    """The effective table of an event's setting (``None`` or ``{}``: ``default_table``, the rule
    profile's ``penalty_table``).

    ``signal_penalty`` is the rule profile's G12 variant for illegal signals: ``disqualification``
    (掼蛋比赛活动方案) makes the last step of that row a disqualification unless the setting gives the row.
    ``disqualified_results`` (``keep`` or ``forfeit``) says how a disqualified pair's past matches score.
    ``seat_rows`` (a game played four to a table, each player alone: its own rows, maybe none) reads
    the built-in table for players alone (engine.penalties.seats) before the setting's rows change it;
    ``levels`` False (a game whose levels follow its deals alone) reads its level changes as match
    points (engine.penalties.levels), as its proposals read the setting's own rows.
    """
    setting = {} if setting is None else setting
    if not isinstance(setting, Mapping):
        raise PenaltySettingError("invalid", "", "The penalty table setting is an object.")
    _only(setting, {"table", "rows", "disqualified_results"}, "")
    key = setting.get("table", default_table)
    if not isinstance(key, str) or key not in TABLES:  # a JSON object or list is not a key (unhashable)
        choices = ", ".join(TABLES)
        raise PenaltySettingError("unknown_table", "table", f"Unknown penalty table {key!r}; use {choices}.")
    table = TABLES[key] if seat_rows is None else at_seats(TABLES[key], seat_rows)
    if not levels and seat_rows is None:
        table = without_levels(table)
    rows = setting.get("rows") or {}
    if not isinstance(rows, Mapping):
        raise PenaltySettingError("invalid", "rows", "rows is an object: infraction -> row.")
    changed = {}
    for code, given in rows.items():
        try:
            infraction = Infraction(code)
        except ValueError:
            raise PenaltySettingError(
                "unknown_infraction", f"rows.{code}", f"Unknown infraction {code!r}."
            ) from None
        changed[infraction] = _row(table.row(infraction), given, f"rows.{code}")
    if signal_penalty == "disqualification" and Infraction.ILLEGAL_SIGNAL not in changed:
        row = table.row(Infraction.ILLEGAL_SIGNAL)
        last = (Effect(kind=PenaltyKind.DISQUALIFICATION),)
        changed[Infraction.ILLEGAL_SIGNAL] = replace(row, steps=(*row.steps[:-1], last))
    disqualified = setting.get("disqualified_results", table.disqualified_results)
    if not isinstance(disqualified, str) or disqualified not in DISQUALIFIED_RESULTS:
        choices = ", ".join(DISQUALIFIED_RESULTS)
        raise PenaltySettingError(
            "invalid_choice", "disqualified_results", f"{disqualified!r} is not one of {choices}."
        )
    return replace(with_rows(table, changed), disqualified_results=disqualified)


def effects_from(value: object, path: str = "effects") -> tuple[Effect, ...]:
    """A referee's own effects (a ruling other than the table's): a list of effects, as a table's
    step writes them; empty: no penalty. Raises ``PenaltySettingError`` naming the bad value."""
    if value == []:
        return ()
    return _step(value, path)


def to_setting(table: PenaltyTable) -> dict[str, Any]:
    """The effective setting, every number filled in (what an event shows)."""
    return table.to_dict()


def _only(value: Mapping[str, Any], allowed: set[str], path: str) -> None:
    for name in value:
        if name not in allowed:
            where = f"{path}.{name}" if path else str(name)
            raise PenaltySettingError("unknown_field", where, f"Unknown field {name!r}.")


def _row(base: Row, given: object, path: str) -> Row:
    if not isinstance(given, Mapping):
        raise PenaltySettingError("invalid", path, "A row is an object.")
    _only(given, {"scope", "steps", "late", "note"}, path)
    row = base
    if "scope" in given:
        row = replace(row, scope=_choice(Scope, given["scope"], f"{path}.scope"))
    if "steps" in given:
        steps = given["steps"]
        if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
            raise PenaltySettingError("invalid", f"{path}.steps", f"steps: a list of 1 to {MAX_STEPS} steps.")
        row = replace(row, steps=tuple(_step(step, f"{path}.steps.{i}") for i, step in enumerate(steps)))
    if "late" in given:
        row = replace(row, late=_late(row.late or LateRule(), given["late"], f"{path}.late"))
    if "note" in given:
        if not isinstance(given["note"], str) or len(given["note"]) > 500:
            raise PenaltySettingError("invalid", f"{path}.note", "A note is text of at most 500 characters.")
        row = replace(row, note=given["note"])
    return row


def _step(step: object, path: str) -> tuple[Effect, ...]:
    if not isinstance(step, list) or not step:
        raise PenaltySettingError("invalid", path, "A step is a non-empty list of effects.")
    return tuple(_effect(effect, f"{path}.{i}") for i, effect in enumerate(step))


def _effect(effect: object, path: str) -> Effect:
    if not isinstance(effect, Mapping):
        raise PenaltySettingError("invalid", path, "An effect is an object with a kind.")
    _only(effect, {"kind", "to", "amount", "on_stage"}, path)
    if "kind" not in effect:
        raise PenaltySettingError("required", f"{path}.kind", "Give the effect's kind.")
    kind = _choice(PenaltyKind, effect["kind"], f"{path}.kind")
    to = _choice(Target, effect.get("to", "offender"), f"{path}.to")
    amount = effect.get("amount")
    needs_amount = kind in AMOUNT_KINDS
    if needs_amount and amount is None:
        raise PenaltySettingError("required", f"{path}.amount", f"A {kind} effect needs an amount.")
    if amount is not None:
        if not needs_amount:
            raise PenaltySettingError("unexpected", f"{path}.amount", f"A {kind} effect has no amount.")
        _int(amount, f"{path}.amount", -MAX_AMOUNT, MAX_AMOUNT)
    on_stage = effect.get("on_stage", False)
    if not isinstance(on_stage, bool):
        raise PenaltySettingError("invalid", f"{path}.on_stage", "on_stage is true or false.")
    if on_stage and kind is not PenaltyKind.LEVELS:
        raise PenaltySettingError(
            "unexpected", f"{path}.on_stage", "Only a levels effect puts a side on stage."
        )
    return Effect(kind=kind, to=to, amount=amount, on_stage=on_stage)


def _late(base: LateRule, given: object, path: str) -> LateRule:
    if not isinstance(given, Mapping):
        raise PenaltySettingError("invalid", path, "late is an object.")
    _only(given, {"forfeit_after", "forfeit_after_with_leave", "levels_per", "forfeit_when"}, path)
    values: dict[str, Any] = {
        name: _int(value, f"{path}.{name}", 0, MAX_MINUTES)
        for name, value in given.items()
        if name != "forfeit_when"
    }
    if "forfeit_when" in given:
        when = given["forfeit_when"]
        if not isinstance(when, str) or when not in FORFEIT_WHEN:
            choices = ", ".join(FORFEIT_WHEN)
            raise PenaltySettingError(
                "invalid_choice", f"{path}.forfeit_when", f"{when!r} is not one of {choices}."
            )
        values["forfeit_when"] = when
    late = replace(base, **values)
    if late.forfeit_after_with_leave < late.forfeit_after:
        raise PenaltySettingError(
            "invalid",
            f"{path}.forfeit_after_with_leave",
            "The chief referee's leave cannot shorten the limit.",
        )
    return late


def _int(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PenaltySettingError("invalid", path, "A whole number.")
    if not low <= value <= high:
        raise PenaltySettingError("out_of_range", path, f"From {low} to {high}.")
    return value


def _choice(enum: type[E], value: object, path: str) -> E:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum)
        raise PenaltySettingError("invalid_choice", path, f"{value!r} is not one of {choices}.") from None
