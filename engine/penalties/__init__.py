"""Penalty tables and proposals (docs/rules/guandan.md G12, docs/referees.md). Pure Python: no Django."""

from engine.penalties.codes import (
    DECIDING_KINDS,
    NAMES,
    SCORING_KINDS,
    Infraction,
    PenaltyKind,
    Scope,
    Target,
)
from engine.penalties.propose import Proposal, propose
from engine.penalties.settings import (
    AMOUNT_KINDS,
    MAX_AMOUNT,
    PenaltySettingError,
    build_table,
    effects_from,
    to_setting,
)
from engine.penalties.tables import TABLES, Effect, LateRule, PenaltyTable, Row, table_choices

__all__ = [
    "AMOUNT_KINDS",
    "DECIDING_KINDS",
    "MAX_AMOUNT",
    "NAMES",
    "SCORING_KINDS",
    "TABLES",
    "Effect",
    "Infraction",
    "LateRule",
    "PenaltyKind",
    "PenaltySettingError",
    "PenaltyTable",
    "Proposal",
    "Row",
    "Scope",
    "Target",
    "build_table",
    "effects_from",
    "propose",
    "table_choices",
    "to_setting",
]
