"""How a match of a game is kept deal by deal: the scoresheet protocol (pure; no Django).

Guandan's scorekeeping is its own (levels, tribute, best of three: ``engine.guandan``);
every other game that events can be run on gives its ``Game`` a ``match_sheet``, one
:class:`MatchSheet`, and the service keeps its matches through it alone:

- ``record(data, state=, profile=)`` checks what a scorekeeper posts for the next deal against
  the match so far and answers the deal's canonical record (a plain JSON-able dict: what is
  stored, compared for idempotent re-posts, and folded). ``data`` is the whole posted body (the
  service's own keys ``number``, ``played_at``, ``note``, ``corrects`` are the service's; ignore
  them). A malformed deal is a ``BadInput`` (the API's 400), a well-formed deal that breaks a
  rule (a replay's first violation, a posted ``level`` that is not the deal's) a
  ``RuleViolation`` (a 422); either names in ``field`` the path inside the posted body.
  A stored record is also valid input: after a correction of an earlier deal the service
  re-derives each later deal with ``record(stored_record, state=…)`` against its new state (a
  record whose derived values depend on the state recomputes them; one the new state makes
  impossible refuses the correction).
- ``apply(state, record, profile=)`` folds one stored record into the match state; a rule the
  deal breaks against the state (the wrong dealer, a deal after the match ended) is a
  ``BadInput`` too (the service answers ``match_over`` with a 409, any other with a 422).
  ``start`` is the state before the first deal, ``close_on_time`` ends a match whose clock ran
  out. ``deal_level(state)`` is the level the next deal is played at (stored on the deal; None
  for a game without levels).
- ``totals(state)`` is what a match result stores and the standings read
  (:class:`SheetTotals`).

The two sides of a match are always ``Side.NS`` (the match's first pair, team or partnership)
and ``Side.EW`` (the second); a game with other names for them (Daguai Luzi's teams A and B)
maps them in its sheet and says so in ``side_names``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.errors import BadInput
from engine.seats import Side

#: What the scorekeeping service itself reads from a posted deal; a sheet leaves these to it.
SERVICE_FIELDS = frozenset({"number", "played_at", "note", "corrects"})


def check_deal_fields(data: object, fields: frozenset[str], *, game: str) -> Mapping[str, Any]:
    """A posted deal is an object holding only the sheet's ``fields`` and the service's own
    (``SERVICE_FIELDS``): a ``BadInput`` naming the first unknown field otherwise."""
    if not isinstance(data, Mapping):
        raise BadInput("invalid_type", "A deal is an object.", field="")
    unknown = sorted(set(data) - fields - SERVICE_FIELDS, key=str)
    if unknown:
        raise BadInput("unknown_field", f"A {game} deal has no field {unknown[0]!r}.", field=str(unknown[0]))
    return data


class SheetState(Protocol):
    """A match state as the service reads it; each game's own frozen dataclass."""

    @property
    def deals(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> Side | None: ...  # None while playing, and for a drawn match

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetTotals:
    """What a result of the match records (``None``: the game has no such number).

    ``ns_level``/``ew_level`` for level games (2 … 14, 15 past A), ``ns_points``/``ew_points``
    for point games (the sum of the deals' points), ``ns_first_outs``/``ew_first_outs`` the
    deals each side's player went out first in (the first-outs tiebreak). ``seats`` for games
    where each seat scores for itself (Dou Dizhu's table of four): seat (``"N"`` …) →
    ``{"points", "deals_won", "landlord_won", "landlord_lost"}``; ``winner`` is then None.
    """

    winner: Side | None
    deals: int
    end_reason: str
    ns_level: int | None = None
    ew_level: int | None = None
    ns_points: float | None = None
    ew_points: float | None = None
    ns_first_outs: int | None = None
    ew_first_outs: int | None = None
    seats: Mapping[str, Mapping[str, float]] | None = None


StateT = TypeVar("StateT", bound=SheetState)  # each game's own match state


class MatchSheet(ABC, Generic[StateT]):
    """A game's scoresheet (see the module's docstring), over its own match state."""

    side_names: ClassVar[Mapping[Side, str]] = {Side.NS: "NS", Side.EW: "EW"}
    #: What a deal's line counts after it (``line_entry``'s ``after``): "levels" or "points".
    line_kind: ClassVar[str] = "points"

    @abstractmethod
    def start(self, profile: Any) -> StateT:
        """The match before its first deal."""

    @abstractmethod
    def record(self, data: Mapping[str, Any], *, state: StateT, profile: Any) -> dict[str, Any]:
        """The canonical record of the next deal from what was posted (``BadInput`` with a field)."""

    @abstractmethod
    def apply(self, state: StateT, record: Mapping[str, Any], *, profile: Any) -> StateT:
        """The match after one more (stored, canonical) deal."""

    @abstractmethod
    def close_on_time(self, state: StateT, *, profile: Any) -> StateT:
        """The match ended by the clock after its last deal (a finished match is unchanged)."""

    @abstractmethod
    def totals(self, state: StateT) -> SheetTotals:
        """What the result of a finished match (or one closed on time) records."""

    def knockout_profile(self, profile: Any) -> Any:
        """The profile a match of a knockout stage is played under (a knockout match must send a side
        through): a game whose rules name a way to decide a level match overrides this; unchanged,
        a drawn match in a knockout is refused (``knockout_needs_winner``)."""
        return profile

    def line(self, records: Iterable[Any], *, profile: Any) -> list[dict[str, Any]]:
        """The match deal by deal as its scoresheet reads (the public results page shows it): per
        stored record ``deal`` (1, 2, …) and the game's ``line_entry`` after that deal."""
        state, entries = self.start(profile), []
        for number, record in enumerate(records, start=1):
            state = self.apply(state, record, profile=profile)
            entries.append({"deal": number, **self.line_entry(record, state)})
        return entries

    def line_entry(self, record: Mapping[str, Any], state: StateT) -> dict[str, Any]:
        """One deal's line: ``dealer``, ``scorer`` (who scored it, where the game says), ``scored``
        (the deal's own figure) and ``after`` (``{"NS", "EW"}``: the match's levels or points after
        it, as ``line_kind`` says)."""
        return {"dealer": record.get("dealer"), "scorer": None, "scored": None, "after": None}

    def deal_level(self, state: StateT) -> int | None:
        """The level the next deal is played at (a level game overrides this); None: no levels."""
        return None

    def fold(self, records: Iterable[Any], *, profile: Any, time_up: bool = False) -> StateT:
        """Every stored record in order, then the clock when it ran out."""
        state = self.start(profile)
        for record in records:
            state = self.apply(state, record, profile=profile)
        return self.close_on_time(state, profile=profile) if time_up else state
