"""How a match of a game is kept deal by deal: the scoresheet protocol (pure; no Django).

Every game that events can be run on gives its ``Game`` a ``match_sheet``, one
:class:`MatchSheet`, and the service keeps its matches through it alone:

- ``read(data)`` parses what is posted as far as it can be without the match (a Guandan deal:
  its hands, tribute, plays and finishing order, once, into a frozen value); a malformed deal is
  a ``BadInput`` before anything else is asked. The default leaves the body to ``record``.

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
- ``play(posted, state=, profile=)`` is both in one call, the record and the match after it
  (:class:`Played`): what the service calls for a deal posted or corrected. A sheet whose check
  already holds what the fold needs as a value (Guandan's finishing order) overrides it to fold
  that value instead of reading the record back (``refused_by_the_match`` keeps the refusals).
- ``apply(state, record, profile=)`` folds one stored record into the match state; a rule the
  deal breaks against the state (the wrong dealer, a deal after the match ended) is a
  ``BadInput`` too (the service answers ``match_over`` with a 409, any other with a 422).
  ``start`` is the state before the first deal, ``close_on_time`` ends a match whose clock ran
  out. ``deal_level(state)`` is the level the next deal is played at (stored on the deal; None
  for a game without levels).
- Every deal's record is stored whole (``Deal.record``); its member ``game``, where a sheet writes
  one, is the game (局) of a table that plays several (a best of three), which the deal's answer
  shows. ``deal_answer(record)`` is how the deal's answer shows the record.
- ``totals(state)`` is what a match result stores and the standings read
  (:class:`SheetTotals`).
- A table may play a best of three (Guandan G8): ``begin(profile, best_of=)`` is its state before
  the first deal, and ``fold`` takes the referee's level changes (G12) between deals (``change``).
- ``dump_state(state)`` and ``load_state(stored, profile=, best_of=)`` write a match state as JSON
  and read it back (``engine.state_codec``): a service stores the fold and posts the next deal from
  it instead of folding every deal again.
- What identifies a deal for an idempotent re-post is its record, or, for a sheet with
  ``identity_is_posted``, what was posted (``identity(posted)``: the same deal recorded the same
  way, whatever the match around it); such a deal keeps its identity when a correction of an earlier
  deal re-derives it. A refusal that needs more than a field (the expected level, each problem of a
  tribute) is a :class:`DealRefused`.

The two sides of a match are always ``Side.NS`` (the match's first pair, team or partnership)
and ``Side.EW`` (the second); a game with other names for them (Daguai Luzi's teams A and B)
maps them in its sheet and says so in ``side_names``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine import state_codec
from engine.errors import BadInput, RuleViolation
from engine.forms import DealForm, Note, gettext_noop
from engine.seats import Side

#: ``MatchSheet.line_kind`` of a game whose line is the table's level line (G8 记级).
LEVEL_LINE = "level_line"

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


class DealRefused(RuleViolation):
    """A deal the rules refuse, with what the scorekeeper needs to fix it: ``extra`` (members of the
    answer, e.g. the ``expected`` level) and ``errors`` (one ``{"field", "code", "message"}`` per
    problem when one field is not enough)."""

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        field: str | None = None,
        extra: Mapping[str, Any] | None = None,
        errors: list[dict[str, str]] | None = None,
    ) -> None:
        super().__init__(code, detail, field=field)
        self.extra = dict(extra or {})
        self.errors = errors


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
    end_reason: str | None  # None: a match not ended (the results read only ended ones)
    ns_level: int | None = None
    ew_level: int | None = None
    ns_points: float | None = None
    ew_points: float | None = None
    ns_first_outs: int | None = None
    ew_first_outs: int | None = None
    seats: Mapping[str, Mapping[str, float]] | None = None
    #: Each game of a table that plays several (a best of three, G8), as ``game_rows`` gives them.
    games: tuple[Mapping[str, Any], ...] | None = None

    def game_rows(self) -> list[dict[str, Any]]:
        """The result's games: ``games``, or the match as one game (both levels, the winner, the
        deals played and how it ended)."""
        if self.games is not None:
            return [dict(game) for game in self.games]
        winner = None if self.winner is None else self.winner.value
        return [
            {
                "ns_level": self.ns_level,
                "ew_level": self.ew_level,
                "winner": winner,
                "draw": winner is None,
                "deals_played": self.deals,
                "end_reason": self.end_reason,
                "tiebreak": None,
                "passed_a": None,
                "on_time": self.end_reason == "time_limit",
            }
        ]


StateT = TypeVar("StateT", bound=SheetState)  # each game's own match state


@dataclass(frozen=True, slots=True)
class Played(Generic[StateT]):
    """A deal played on a sheet: its canonical record and the match after it."""

    record: dict[str, Any]
    state: StateT


@contextmanager
def refused_by_the_match() -> Iterator[None]:
    """Around folding a checked deal into the match (``MatchSheet.play``): what the fold refuses is a
    ``DealRefused`` (a rule the deal breaks against the match, e.g. the wrong dealer); a deal after
    the end stays the ``BadInput`` ``match_over``."""
    try:
        yield
    except BadInput as error:
        if error.code == "match_over":
            raise
        raise DealRefused(error.code, error.detail, field=error.field) from None


class MatchSheet(ABC, Generic[StateT]):
    """A game's scoresheet (see the module's docstring), over its own match state."""

    side_names: ClassVar[Mapping[Side, str]] = {Side.NS: "NS", Side.EW: "EW"}
    #: What a deal's line counts after it (``line_entry``'s ``after``): "levels" or "points"; or
    #: "level_line": the table's level line (``line`` overridden, G8 记级).
    line_kind: ClassVar[str] = "points"
    #: A deal is identified by what was posted (``identity``), not by its derived record.
    identity_is_posted: ClassVar[bool] = False
    #: A match's result may also be read off its final levels alone (Guandan G8 记级:
    #: engine/guandan/level_result.py); otherwise the result is the posted deals.
    results_from_levels: ClassVar[bool] = False
    #: A referee's ruling may change the match's levels between deals (G12: ``change``).
    takes_level_changes: ClassVar[bool] = False
    #: Its tables play the deals of a deal set (duplicate, docs/duplicate.md): the service hands the
    #: sheet the set's deal a posted deal must be (``with_dealt``) before it is recorded.
    deals_from_set: ClassVar[bool] = False

    def read(self, data: Mapping[str, Any]) -> Any:
        """What was posted, parsed without the match (``BadInput``); by default ``record`` reads it."""
        return data

    def identity(self, posted: Any) -> Mapping[str, Any]:
        """What identifies a posted deal when ``identity_is_posted`` (otherwise its record does)."""
        raise NotImplementedError("this sheet identifies a deal by its record")

    def deal_identity(self, posted: Any, record: Callable[[], Mapping[str, Any]]) -> Mapping[str, Any]:
        """What identifies ``posted`` for an idempotent re-post: what was posted when
        ``identity_is_posted``, else its record (``record()``, asked only then: a record is the deal
        played against the match, which a posted identity is compared before)."""
        return self.identity(posted) if self.identity_is_posted else record()

    def rederived_identity(self, kept: str, record: Callable[[], str]) -> str:
        """What identifies a deal derived again after a correction of an earlier one: what identified
        it (``kept``) when ``identity_is_posted`` (the table posted it as it was), else its new
        record's (``record()``, asked only then)."""
        return kept if self.identity_is_posted else record()

    #: What a result refused because the posted deals do not end the match says to do next.
    unfinished_hint: ClassVar[str] = (
        "The posted deals do not end the match: post the remaining deals, or say `time_up` when "
        "the clock ran out."
    )

    def with_dealt(self, posted: Any, dealt: Any) -> Any:
        """The posted deal bound to the set's deal it must be (a sheet with ``deals_from_set``)."""
        raise BadInput("not_supported", "This game's tables play no deal sets.", field="")

    def begin(self, profile: Any, *, best_of: int = 1) -> StateT:
        """A table before its first deal: one match (``start``); a game whose table may play a best
        of three overrides this."""
        return self.start(profile)

    def level_sheet(
        self,
        games: Sequence[Mapping[str, Any]],
        *,
        profile: Any,
        best_of: int = 1,
        fields: Sequence[str] | None = None,
    ) -> StateT:
        """The finished table a result read off its final levels records (Guandan G8 记级: each game's
        ``ns_level``, ``ew_level``, ``deals_played``, ``time_up``, ``winner``; ``fields``: where each
        game's errors point), when ``results_from_levels``; a game whose result is its deals has none."""
        raise BadInput("deals_required", "This game's result is its posted deals.", field="levels")

    def change(self, state: StateT, change: Any, *, profile: Any) -> StateT:
        """The match after a referee's level change (G12) under ``profile``; only a level game has them."""
        raise BadInput("not_supported", "This game has no level changes.", field="levels")

    def play(self, posted: Any, *, state: StateT, profile: Any) -> Played[StateT]:
        """The next deal checked against the match and folded, in one call: its record and the match
        after it. A malformed deal is a ``BadInput``, a deal after the end a ``BadInput``
        ``match_over``; any rule it breaks is a ``RuleViolation`` (what ``apply`` refuses, e.g. the
        wrong dealer, a ``DealRefused``)."""
        record = self.record(posted, state=state, profile=profile)
        with refused_by_the_match():
            after = self.apply(state, record, profile=profile)
        return Played(record, after)

    def rederive(self, record: Mapping[str, Any], *, state: StateT, profile: Any) -> Played[StateT]:
        """A stored record played again against a new match state (after a correction of an earlier
        deal): ``play`` reads it as it reads a post, unless the sheet says otherwise."""
        return self.play(record, state=state, profile=profile)

    def deal_answer(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A stored deal's record as the deal's answer shows it (the API's ``Deal``): the members a
        game shows apart (``finishing_order``, ``tribute``, ``leader``, and ``recorded_plays``:
        whether its plays were recorded) and ``record``, the rest. By default the record is shown
        whole and the others are empty."""
        return {
            "finishing_order": [],
            "tribute": None,
            "leader": None,
            "recorded_plays": False,
            "record": record,
        }

    def stored_form(
        self,
        *,
        number: int,
        version: int,
        level: int | None,
        record: Mapping[str, Any],
        played_at: str | None,
    ) -> dict[str, Any]:
        """A stored deal as a conflict answer shows it (``stored``); ``played_at`` is ISO text or None."""
        return {
            "number": number,
            "version": version,
            "level": level,
            "record": record,
            "played_at": played_at,
        }

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

    def deals_expected(self, profile: Any) -> int | None:
        """How many deals a match plays, for a printed score sheet's rows: the profile's
        ``deals_per_round`` where it fixes them (Daguai Luzi K5, Dou Dizhu D10); None: no fixed
        number."""
        deals: int | None = getattr(profile, "deals_per_round", None)
        return deals

    def time_limit_minutes(self, profile: Any) -> int | None:
        """The minutes a match's clock gives (the round clock, docs/events.md "The round clock"):
        the profile's ``time_limit_minutes`` where it has one (Shuangkou S10); None: no clock."""
        minutes: int | None = getattr(profile, "time_limit_minutes", None)
        return minutes

    def tally(self, records: Iterable[Mapping[str, Any]]) -> dict[str, list[int]] | None:
        """The deals each side won by how they finished, when the game counts them (Guandan G6:
        ``[1-2, 1-3, 1-4]`` per side); None: it does not."""
        return None

    def knockout_profile(self, profile: Any) -> Any:
        """The profile a match of a knockout stage is played under (a knockout match must send a side
        through): a game whose rules name a way to decide a level match overrides this; unchanged,
        a drawn match in a knockout is refused (``knockout_needs_winner``)."""
        return profile

    def line(
        self,
        records: Iterable[Mapping[str, Any]],
        *,
        profile: Any,
        best_of: int = 1,
        changes: Mapping[int, Sequence[Any]] | None = None,
    ) -> list[dict[str, Any]]:
        """The match deal by deal as its scoresheet reads (the public results page shows it): per
        stored record ``deal`` (1, 2, …) and the game's ``line_entry`` after that deal. A game with a
        level line of its own (``line_kind`` "level_line": Guandan's 记级 with the referees' level
        changes) overrides this; ``best_of`` and ``changes`` are ``fold``'s."""
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

    def deal_form(self, profile: Any, state: StateT) -> DealForm:
        """The form a table fills in for the match's next deal (engine/forms.py): the seats, the sides
        and the posted members with their kinds, choices and defaults (the dealer the rotation names).
        Every game in service gives one; the table app renders only from it."""
        raise NotImplementedError("this game describes no deal form")

    def deal_notes(
        self, before: StateT, after: StateT, record: Mapping[str, Any], *, profile: Any
    ) -> list[Note]:
        """What a deal means, as a preview shows it before it is sent (engine/forms.py ``Note``):
        by default the deal's line (who scored what, both sides after it) and the match's end; a
        game with more to say (Guandan's levels, A failures) overrides this."""
        entry = self.line_entry(record, after)
        notes: list[Note] = []
        if entry.get("scorer") is not None and entry.get("scored") is not None:
            notes.append(
                Note(
                    "scored",
                    gettext_noop("{scorer} scores {scored}"),
                    {"scorer": entry["scorer"], "scored": entry["scored"]},
                )
            )
        elif entry.get("scored") is not None:
            notes.append(
                Note("scored", gettext_noop("The deal counts {scored}"), {"scored": entry["scored"]})
            )
        for code, value in (entry.get("after") or {}).items():
            notes.append(
                Note("after", gettext_noop("{who}: {value} after this deal"), {"who": code, "value": value})
            )
        if after.finished:
            winner = after.winner
            if winner is None:
                notes.append(Note("match_over", gettext_noop("The match is over")))
            else:
                notes.append(Note("match_won", gettext_noop("{side} wins the match"), {"side": winner.value}))
        return notes

    def dump_state(self, state: StateT) -> dict[str, Any]:
        """``state`` as JSON, to be stored and read back by ``load_state`` (engine/state_codec.py)."""
        return {"shape": state_codec.shape(type(state)), "state": state_codec.dump(state)}

    def load_state(self, stored: Mapping[str, Any], *, profile: Any, best_of: int = 1) -> StateT | None:
        """A state ``dump_state`` wrote, for a match begun with ``profile`` and ``best_of``; None when it
        was written for another shape of this game's state (another release) or does not read as one."""
        kind = type(self.begin(profile, best_of=best_of))
        if stored.get("shape") != state_codec.shape(kind):
            return None
        try:
            state: StateT = state_codec.load(kind, stored.get("state"))
        except (BadInput, ValueError, TypeError, KeyError, IndexError):
            return None
        return state

    def deal_level(self, state: StateT) -> int | None:
        """The level the next deal is played at (a level game overrides this); None: no levels."""
        return None

    def fold(
        self,
        records: Iterable[Mapping[str, Any]],
        *,
        profile: Any,
        time_up: bool = False,
        best_of: int = 1,
        changes: Mapping[int, Sequence[Any]] | None = None,
    ) -> StateT:
        """Every stored record in order, then the clock when it ran out. ``changes`` are the referee's
        level changes by the number of deals before them (0: before the first); one that comes after
        the match is over is the game's ``change_after_end``."""
        changes = changes or {}
        state = self._changed(self.begin(profile, best_of=best_of), changes.get(0, ()), profile=profile)
        for number, record in enumerate(records, start=1):
            after = self.apply(state, record, profile=profile)
            state = self._changed(after, changes.get(number, ()), profile=profile)
        return self.close_on_time(state, profile=profile) if time_up else state

    def change_after_end(self, state: StateT, change: Any, *, profile: Any) -> StateT:
        """The match after a referee's level change ruled once it was over (G12: found at the count);
        a game without levels to move takes none."""
        return state

    def _changed(self, state: StateT, changes: Sequence[Any], *, profile: Any) -> StateT:
        for change in changes:
            if state.finished:
                state = self.change_after_end(state, change, profile=profile)
            else:
                state = self.change(state, change, profile=profile)
        return state
