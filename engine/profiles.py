"""Rule profiles of plain settings: the JSON round trip and the checks, for the games whose settings
are all booleans, integers, numbers, lists of numbers and named choices (docs/rules/doudizhu.md,
docs/rules/daguai.md). Guandan's profile has level-valued settings and keeps its own module.

A game's profile is a frozen dataclass that inherits :class:`SettingsProfile` and declares
``CHOICES`` (setting -> allowed values) and ``RANGES`` (setting -> inclusive bounds, for
integers and for every number of a list). ``Profile.from_dict(profile.to_dict())`` round-trips.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, ClassVar, Self

from engine.errors import BadInput


@dataclass(frozen=True, slots=True)
class SettingsProfile:
    key: str = "custom"
    name: str = "Custom profile"

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {}
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {}

    def __post_init__(self) -> None:
        for name, allowed in self.CHOICES.items():
            if getattr(self, name) not in allowed:
                raise BadInput(
                    "invalid_choice",
                    f"{name} must be one of {', '.join(allowed)}; got {getattr(self, name)!r}.",
                    field=name,
                )
        for name, (low, high) in self.RANGES.items():
            value = getattr(self, name)
            for number in value if isinstance(value, tuple) else (value,):
                if not low <= number <= high:
                    raise BadInput("out_of_range", f"{name} must lie between {low} and {high}.", field=name)

    def to_dict(self) -> dict[str, Any]:
        return {
            name: list(value) if isinstance(value, tuple) else value for name, value in asdict(self).items()
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, base: Self | None = None) -> Self:
        """Build a profile from JSON, starting from ``base`` (defaults when omitted)."""
        if not isinstance(data, dict):
            raise BadInput("invalid", "A rule profile is a JSON object.", field="ruleset")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                raise BadInput("unknown_field", f"Unknown rule setting {name!r}.", field=name)
            values[name] = _coerce(name, value, str(known[name].type))
        return replace(base or cls(), **values)

    def with_overrides(self, overrides: dict[str, Any] | None) -> Self:
        if not overrides:
            return self
        return type(self).from_dict(overrides, base=self)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _coerce(name: str, value: Any, annotation: str) -> Any:
    if annotation.startswith("tuple"):
        if not isinstance(value, list | tuple) or not all(_number(v) for v in value):
            raise BadInput("invalid", f"{name} must be a list of numbers.", field=name)
        return tuple(value)
    if annotation == "bool":
        if not isinstance(value, bool):
            raise BadInput("invalid", f"{name} must be true or false.", field=name)
        return value
    if annotation == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput("invalid", f"{name} must be an integer.", field=name)
        return value
    if not isinstance(value, str):
        raise BadInput("invalid", f"{name} must be a string.", field=name)
    return value
