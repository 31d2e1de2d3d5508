"""The shape every scoring method shares (docs/rules/guandan.md G9), and the errors of a bad setting.

An event chooses a method, separately for match points (场分) and level points (级分), as a JSON
object ``{"method": "<key>", **params}``. Each method declares its params (``Param``) with a
default for every one, so the setting is validated against the same declaration the code reads,
and ``to_dict()`` shows the effective setting with the defaults filled in.

Every method has the same five params for matches that were not played (G9, G11): ``bye``,
``forfeit_win``, ``forfeit_loss``, ``withdrawal_win`` and ``withdrawal_loss``; only their
defaults differ. Pure Python: nothing under ``engine/scoring/methods`` imports Django.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, ClassVar

from engine.scoring.methods.records import GameRecord, MatchKind, MatchRecord, Points
from engine.seats import Side


def gettext_noop(message: str) -> str:
    """Marks ``message`` for translation without translating it: ``make messages`` (xgettext) finds
    this name as it finds Django's, and the Django side translates the label where it shows it
    (``scoring.labels``). Pure Python keeps the registries free of Django."""
    return message


class SettingCode(StrEnum):
    """Stable codes of ``SettingError`` (scoring methods, G9, and tiebreak chains, G10)."""

    REQUIRED = "required"
    UNKNOWN_METHOD = "unknown_method"
    UNKNOWN_FIELD = "unknown_field"
    INVALID = "invalid"
    OUT_OF_RANGE = "out_of_range"
    INVALID_CHOICE = "invalid_choice"
    UNKNOWN_METRIC = "unknown_metric"
    DUPLICATE_METRIC = "duplicate_metric"
    LOTS_SEED_REQUIRED = "lots_seed_required"


class SettingError(ValueError):
    """An event's scoring or standings setting is wrong; ``field`` is a dotted path inside it."""

    def __init__(self, code: SettingCode | str, field: str, detail: str = ""):
        self.code = str(code)
        self.field = field
        self.detail = detail or self.code
        super().__init__(f"{field}: {self.detail}" if field else self.detail)


class ParamType(StrEnum):
    FLOAT = "float"
    INT = "int"
    STR = "str"
    LIST = "list"


@dataclass(frozen=True, kw_only=True)
class Derived:
    """A default taken from another param once the given ones are applied: ``param + plus``."""

    param: str
    plus: float = 0

    def describe(self) -> dict[str, object]:
        return {"param": self.param, "plus": self.plus}


@dataclass(frozen=True, kw_only=True)
class Param:
    """One param of a method. ``items`` is the type of a list's elements; ``minimum``/``maximum``
    bound a number or every number of a list; ``nullable`` params may be ``None`` (their default)."""

    type: ParamType
    default: object
    help: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[object, ...] | None = None
    items: ParamType | None = None
    nullable: bool = False

    def describe(self) -> dict[str, object]:
        """The param as the API documents it."""
        default = self.default.describe() if isinstance(self.default, Derived) else _plain(self.default)
        out: dict[str, object] = {"type": str(self.type), "default": default, "help": self.help}
        for name in ("minimum", "maximum", "items"):
            if getattr(self, name) is not None:
                out[name] = _plain(getattr(self, name))
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out

    def clean(self, value: object, field: str) -> object:
        """``value`` checked and normalised (lists become tuples), or a ``SettingError``."""
        if value is None and self.nullable:
            return None
        if self.type is ParamType.LIST:
            if isinstance(value, str | bytes) or not isinstance(value, Sequence):
                raise SettingError(SettingCode.INVALID, field, "expected a list")
            if self.items is None:
                return tuple(value)
            return tuple(self._scalar(self.items, item, f"{field}.{i}") for i, item in enumerate(value))
        return self._scalar(self.type, value, field)

    def _scalar(self, kind: ParamType, value: object, field: str) -> object:
        if kind is ParamType.STR:
            if not isinstance(value, str):
                raise SettingError(SettingCode.INVALID, field, "expected a string")
        elif kind is ParamType.LIST:
            if isinstance(value, str | bytes) or not isinstance(value, Sequence):
                raise SettingError(SettingCode.INVALID, field, "expected a list")
            return tuple(value)
        else:
            value = number(value, field, integer=kind is ParamType.INT)
            if self.minimum is not None and value < self.minimum:
                raise SettingError(SettingCode.OUT_OF_RANGE, field, f"must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise SettingError(SettingCode.OUT_OF_RANGE, field, f"must be at most {self.maximum}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise SettingError(SettingCode.INVALID_CHOICE, field, f"must be one of {allowed}")
        return value


def number(value: object, field: str, *, integer: bool = False) -> float:
    """A finite JSON number (an integral float is accepted where an integer is asked)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SettingError(SettingCode.INVALID, field, "expected a number")
    if integer:
        if isinstance(value, float) and not value.is_integer():
            raise SettingError(SettingCode.INVALID, field, "expected an integer")
        return int(value)
    return value


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, StrEnum):
        return str(value)
    return value


def unplayed_params(
    *,
    bye: object,
    forfeit_win: object,
    forfeit_loss: object,
    withdrawal_win: object,
    withdrawal_loss: object,
) -> dict[str, Param]:
    """The five params every method has for matches not played (G9 forfeits, G11 byes)."""

    def points(default: object, help_text: str) -> Param:
        return Param(type=ParamType.FLOAT, default=default, help=help_text)

    return {
        "bye": points(bye, "points of the pair that had a bye"),
        "forfeit_win": points(forfeit_win, "points of the side whose opponent forfeited (迟到弃权)"),
        "forfeit_loss": points(forfeit_loss, "points of a side that forfeited"),
        "withdrawal_win": points(withdrawal_win, "points of the side whose opponent withdrew (退赛)"),
        "withdrawal_loss": points(withdrawal_loss, "points of a side that withdrew"),
    }


class ScoringMethod(ABC):
    """A G9 scoring method, configured by keyword params (unknown ones are refused).

    ``score`` receives every record of the rounds being scored, so methods that compare tables
    (``win_plus_speed``) can; per-match methods implement ``score_played`` only.
    """

    key: ClassVar[str]
    label: ClassVar[str]  # English, marked with gettext_noop: translated where it is shown
    needs_deals: ClassVar[bool] = False
    params: ClassVar[dict[str, Param]]

    def __init__(self, **settings: object) -> None:
        unknown = sorted(set(settings) - set(self.params))
        if unknown:
            raise SettingError(SettingCode.UNKNOWN_FIELD, unknown[0], f"{self.key} has no param {unknown[0]}")
        given = {name: self.params[name].clean(value, name) for name, value in settings.items()}
        resolved: dict[str, Any] = {}
        for name in self.params:
            _resolve(name, self.params, given, resolved)
        ordered = {name: resolved[name] for name in self.params}
        # Each param's value, of its ParamType: its readers know which (a number, a table…).
        self.settings: Mapping[str, Any] = MappingProxyType(self.validate(ordered))

    @classmethod
    def validate(cls, settings: dict[str, Any]) -> dict[str, Any]:
        """Checks across params, once every param has its value; override to add some."""
        return settings

    @classmethod
    def describe(cls) -> dict[str, dict[str, object]]:
        return {name: param.describe() for name, param in cls.params.items()}

    def to_dict(self) -> dict[str, object]:
        """The effective setting: ``{"method": key}`` and every param, defaults filled in."""
        return {"method": self.key, **{name: _plain(value) for name, value in self.settings.items()}}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.settings == self.settings

    def __hash__(self) -> int:
        return hash((self.key, tuple(self.settings.items())))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.settings)!r})"

    #: What ``score_played`` reads of a record, when that is only its ``winner`` (``"winner"``) or its
    #: winner and ``games`` (``"games"``); None: anything. ``score`` then scores a played match once
    #: per outcome rather than once per record (``_played_once``).
    played_reads: ClassVar[str | None] = None

    def score(self, records: Sequence[MatchRecord]) -> dict[int, Points]:
        """Points of every match, keyed by ``match_id``."""
        if self.played_reads is not None:
            return self._played_once(records)
        played, unplayed = self.score_played, self.score_unplayed  # bound once: standings score thousands
        return {
            record.match_id: played(record) if record.kind is MatchKind.PLAYED else unplayed(record)
            for record in records
        }

    def _played_once(self, records: Sequence[MatchRecord]) -> dict[int, Points]:
        """``score``, each played outcome scored once: the standings of 5,000 pairs × 9 rounds score
        22,500 records with a few hundred outcomes among them. A ``Points`` is frozen, so records of
        the same outcome share one. The outcome is keyed by the identity of the winner (a ``Side``
        or None) and of the games tuple, not by their values (hashing a tuple of games calls Python
        for every game): records built from rows share the tuple of an outcome
        (scoring.selectors.standing_records). The memo holds each tuple whose id it keys, so no
        other tuple can take that id meanwhile; equal tuples that are not shared are scored apart."""
        played, unplayed = self.score_played, self.score_unplayed
        games = self.played_reads == "games"
        seen: dict[tuple[int, int], tuple[Points, tuple[GameRecord, ...]]] = {}
        out: dict[int, Points] = {}
        for record in records:
            if record.kind is not MatchKind.PLAYED:
                out[record.match_id] = unplayed(record)
                continue
            key = (id(record.winner), id(record.games) if games else 0)
            known = seen.get(key)
            if known is None:
                known = seen[key] = (played(record), record.games)
            out[record.match_id] = known[0]
        return out

    def score_match(self, record: MatchRecord) -> Points:
        """Points of one match: unplayed matches by the common params, the others by the method."""
        if record.kind is MatchKind.PLAYED:
            return self.score_played(record)
        return self.score_unplayed(record)

    def score_unplayed(self, record: MatchRecord) -> Points:
        s = self.settings
        if record.kind is MatchKind.BYE:
            return Points(ns=s["bye"], ew=None)
        if record.kind is MatchKind.AWARDED:
            return self.score_awarded(record)
        prefix = "forfeit" if record.kind is MatchKind.FORFEIT else "withdrawal"
        win, loss = s[f"{prefix}_win"], s[f"{prefix}_loss"]
        if record.winner is None:
            return Points(ns=loss, ew=loss)
        return Points(ns=win, ew=loss) if record.winner is Side.NS else Points(ns=loss, ew=win)

    def score_awarded(self, record: MatchRecord) -> Points:
        """A match a referee awarded to ``record.winner`` (G12): the most an unplayed match gives,
        the withdrawal numbers (28 and 0 on the 28-point scale); a method with a larger maximum
        overrides this."""
        win, loss = self.settings["withdrawal_win"], self.settings["withdrawal_loss"]
        if record.winner is None:
            return Points(ns=loss, ew=loss)
        return Points(ns=win, ew=loss) if record.winner is Side.NS else Points(ns=loss, ew=win)

    @abstractmethod
    def score_played(self, record: MatchRecord) -> Points:
        """Points of a played match."""


def _resolve(
    name: str, params: Mapping[str, Param], given: Mapping[str, object], resolved: dict[str, Any]
) -> Any:
    if name not in resolved:
        if name in given:
            resolved[name] = given[name]
        else:
            default = params[name].default
            if isinstance(default, Derived):
                base = _resolve(default.param, params, given, resolved)
                default = base + default.plus if default.plus else base
            resolved[name] = default
    return resolved[name]


def per_side(points: Callable[[Side], float]) -> Points:
    """``Points`` of a played match from a function of the side."""
    return Points(ns=points(Side.NS), ew=points(Side.EW))
