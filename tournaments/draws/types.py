"""Values the draw algorithms read and return (docs/rules/guandan.md G11).

Pure Python, like ``engine``: the draws never import Django. The Django side turns
its pairs into ``Entrant`` values, calls a generator and stores the ``Draw`` it gets back,
seed and relaxed constraints included, so that a published draw can be reproduced.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Flag(StrEnum):
    """Facts about one pairing, stored on the match (G11)."""

    BYE = "bye"
    # The pair already had a bye: every pair had one, or giving it elsewhere forced a rematch.
    REPEAT_BYE = "repeat_bye"
    REMATCH = "rematch"
    # An individual event only: two players partner again (docs/duplicate.md "Individual events").
    REPEAT_PARTNER = "repeat_partner"
    SAME_UNIT = "same_unit"
    # The two pairs have different points (score-paired rounds want equal points to meet).
    FLOAT = "float"
    # Knockout only, in ``Draw.relaxed``: two pairs of one unit in the same half of the bracket.
    SAME_HALF = "same_half"


class DrawKind(StrEnum):
    """The draw systems (G11), one per kind of stage; ``tournaments.draws.systems`` maps each to its class."""

    SWISS = "swiss"
    KNOCKOUT = "knockout"
    ROUND_ROBIN = "round_robin"


class SameUnit(StrEnum):
    """How hard a draw keeps two pairs of one unit (单位) apart (G11)."""

    HARD = "hard"  # always, unless no draw at all avoids it
    SOFT = "soft"  # where it costs no more than a small float
    OFF = "off"


class FirstRound(StrEnum):
    """How a Swiss stage's first round is drawn (G11)."""

    RANDOM = "random"  # a seeded lot (抽签)
    SEEDED = "seeded"  # by seed or grade: the top half meets the bottom half


class DrawDefect(StrEnum):
    """What ``check_draw`` finds wrong with a (possibly hand-edited) draw."""

    DUPLICATE_ENTRANT = "duplicate_entrant"
    MISSING_ENTRANT = "missing_entrant"
    UNKNOWN_ENTRANT = "unknown_entrant"
    SELF_PAIRING = "self_pairing"
    DUPLICATE_TABLE = "duplicate_table"
    REMATCH = "rematch"
    SAME_UNIT = "same_unit"
    REPEAT_BYE = "repeat_bye"
    # More byes than the round needs (one when the count is odd, none when it is even).
    TWO_BYES = "two_byes"


class ErrorCode(StrEnum):
    NO_ENTRANTS = "no_entrants"
    TOO_FEW_ENTRANTS = "too_few_entrants"
    DUPLICATE_ENTRANT = "duplicate_entrant"
    INVALID_SETTING = "invalid_setting"
    INVALID_SIZE = "invalid_size"
    IMPOSSIBLE_DRAW = "impossible_draw"
    INVALID_BRACKET = "invalid_bracket"
    MISSING_WINNER = "missing_winner"
    TWO_WINNERS = "two_winners"
    UNKNOWN_WINNER = "unknown_winner"
    MISSING_SCORE = "missing_score"
    # The stage has no round left to draw: a knockout's final was played, a round robin is complete.
    STAGE_COMPLETE = "stage_complete"
    UNKNOWN_TABLE = "unknown_table"
    UNKNOWN_ENTRANT = "unknown_entrant"


class DrawError(ValueError):
    """A draw that cannot be made from what was given; ``code`` is stable (an ``ErrorCode``)."""

    def __init__(self, code: ErrorCode, detail: str = ""):
        self.code = str(code)
        self.detail = detail or self.code
        super().__init__(self.detail)


class DrawNote(str):
    """One ``"<code>:<detail>"`` entry of ``Draw.relaxed`` or of ``check_draw``.

    ``code`` is a ``Flag`` or a ``DrawDefect``; ``detail`` is the ids of the pairs, joined by ``-``
    and sorted, or a table number or a count. A ``str`` so that it is stored and shown as it reads.

    >>> note = DrawNote.of(Flag.REMATCH, 12, 3)
    >>> note, note.code, note.ids
    ('rematch:3-12', 'rematch', (3, 12))
    >>> DrawNote.of(DrawDefect.TWO_BYES, number=2).ids
    ()
    """

    __slots__ = ()

    @classmethod
    def of(cls, code: str, *pairs: int, number: int | None = None) -> DrawNote:
        """The note of ``code`` about ``pairs`` (ids, sorted here), or about a table number or count."""
        detail = "-".join(str(pair) for pair in sorted(pairs)) if number is None else str(number)
        return cls(f"{code}:{detail}")

    @property
    def code(self) -> str:
        return self.partition(":")[0]

    @property
    def detail(self) -> str:
        return self.partition(":")[2]

    @property
    def ids(self) -> tuple[int, ...]:
        """The pairs the note is about; none for a note about a table or a count."""
        if self.code in _NOT_PAIRS or not self.detail:
            return ()
        return tuple(int(pair) for pair in self.detail.split("-"))


# Notes whose detail is a table number or a count, not pairs.
_NOT_PAIRS = frozenset({DrawDefect.DUPLICATE_TABLE, DrawDefect.TWO_BYES})


@dataclass(frozen=True, kw_only=True)
class Entrant:
    """A pair as the draw sees it: its standing and its history in the event.

    ``seeding`` is the seed number or grade (1 = strongest, ``None`` = unseeded); it is not the
    random seed of a draw. ``opponents`` are the ids of pairs already met in this event.
    ``ns_count``/``ew_count`` are previous rounds sat North–South/East–West, used to balance seats.
    ``number`` is what the event itself calls the pair: its number (对号; a player's at tables of
    four). Every lot and tie-break of a draw is keyed on it (``lot_key``), never on the id, so that
    two events built alike draw alike in any database; without a number the id stands for it.
    """

    id: int
    number: int | None = None
    points: float = 0.0
    seeding: int | None = None
    unit: int | str | None = None
    had_bye: bool = False
    opponents: frozenset[int] = frozenset()
    ns_count: int = 0
    ew_count: int = 0

    def has_met(self, other: Entrant) -> bool:
        # Histories built from confirmed results are symmetric; a half-recorded one still counts.
        return other.id in self.opponents or self.id in other.opponents

    def same_unit(self, other: Entrant) -> bool:
        return self.unit is not None and self.unit == other.unit

    @property
    def lot_key(self) -> int:
        """What the draw's lots and tie-breaks are keyed on: the pair's number, else its id."""
        return self.id if self.number is None else self.number

    @property
    def seat_balance(self) -> int:
        return self.ns_count - self.ew_count


@dataclass(frozen=True, kw_only=True)
class Pairing:
    """One match of a round: ``ns`` sits North–South, ``ew`` East–West, ``ew is None`` is a bye.

    ``table`` counts from the top (table 1 holds the highest-ranked pairs). In a knockout it is
    the match's place in the bracket: the winners of tables 1 and 2 meet next (掼蛋比赛活动方案,
    公司掼蛋比赛规则).
    """

    table: int
    ns: int
    ew: int | None = None
    flags: frozenset[str] = frozenset()

    @property
    def is_bye(self) -> bool:
        return self.ew is None

    @property
    def entrants(self) -> tuple[int, ...]:
        return (self.ns,) if self.ew is None else (self.ns, self.ew)


@dataclass(frozen=True, kw_only=True)
class Draw:
    """A round's pairings with the seed that reproduces them and every constraint relaxed.

    ``relaxed`` entries are ``DrawNote``s: ``"<flag>:<id>-<id>"`` (or ``"repeat_bye:<id>"``), sorted.
    """

    pairings: tuple[Pairing, ...]
    seed: int
    relaxed: tuple[DrawNote, ...] = ()


def lot_keys(entrants: Iterable[Entrant]) -> dict[int, int]:
    """Each entrant's ``lot_key`` by id: the keys of the draws that see only pairings (ids)."""
    return {entrant.id: entrant.lot_key for entrant in entrants}


def check_entrants(entrants: Sequence[Entrant]) -> None:
    """Refuse what no draw can be made from: nobody, a lone pair, or a pair listed twice."""
    if not entrants:
        raise DrawError(ErrorCode.NO_ENTRANTS, "no active pairs to draw")
    if len(entrants) < 2:
        raise DrawError(ErrorCode.TOO_FEW_ENTRANTS, "a draw needs at least two pairs")
    seen: set[int] = set()
    keys: set[int] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise DrawError(ErrorCode.DUPLICATE_ENTRANT, f"pair {entrant.id} is listed twice")
        if entrant.lot_key in keys:  # two pairs would draw the same lots
            raise DrawError(ErrorCode.DUPLICATE_ENTRANT, f"pair number {entrant.lot_key} is listed twice")
        seen.add(entrant.id)
        keys.add(entrant.lot_key)
