"""Scoring methods of docs/rules/guandan.md G9, behind one registry. Pure Python: no Django here.

``METHODS`` maps a setting's ``method`` key to its class: ``build_method`` validates an event's
setting against it and the API's enum comes from it, so configuration and code cannot drift.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.scoring.methods.base import Derived, Param, ParamType, ScoringMethod, SettingCode, SettingError
from engine.scoring.methods.deals import (
    DaguaiDeal,
    DealOrderError,
    DealPoints,
    GamePoints,
    NetPoints,
    daguai_deal_points,
)
from engine.scoring.methods.levels import LevelDifference, LevelTable
from engine.scoring.methods.records import DealTally, GameRecord, MatchKind, MatchRecord, Outcome, Points
from engine.scoring.methods.results import WinDrawLoss, WinPlusSpeed

METHODS: dict[str, type[ScoringMethod]] = {
    cls.key: cls
    for cls in (
        WinDrawLoss,
        LevelTable,
        LevelDifference,
        DealPoints,
        WinPlusSpeed,
        DaguaiDeal,
        NetPoints,
        GamePoints,
    )
}


def build_method(setting: Mapping[str, object]) -> ScoringMethod:
    """The method an event's setting ``{"method": "<key>", **params}`` describes (G9)."""
    if not isinstance(setting, Mapping):
        raise SettingError(SettingCode.INVALID, "", "a scoring setting is an object")
    if "method" not in setting:
        raise SettingError(SettingCode.REQUIRED, "method", "the scoring method is required")
    key = setting["method"]
    if not isinstance(key, str) or key not in METHODS:
        raise SettingError(SettingCode.UNKNOWN_METHOD, "method", f"unknown scoring method {key!r}")
    params = {name: value for name, value in setting.items() if name != "method"}
    bad = next((name for name in params if not isinstance(name, str)), None)
    if bad is not None:
        raise SettingError(SettingCode.UNKNOWN_FIELD, str(bad), f"{key} has no param {bad!r}")
    return METHODS[key](**params)


__all__ = [
    "METHODS",
    "DaguaiDeal",
    "DealOrderError",
    "DealPoints",
    "DealTally",
    "Derived",
    "GamePoints",
    "GameRecord",
    "LevelDifference",
    "LevelTable",
    "MatchKind",
    "MatchRecord",
    "NetPoints",
    "Outcome",
    "Param",
    "ParamType",
    "Points",
    "ScoringMethod",
    "SettingCode",
    "SettingError",
    "WinDrawLoss",
    "WinPlusSpeed",
    "build_method",
    "daguai_deal_points",
]
