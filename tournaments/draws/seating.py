"""Seats, table movement and the checks of a draft round (docs/rules/guandan.md G11).

Seat draw: at a table, a card draw decides who sits North–South and who East–West (掼蛋比赛活动方案,
公司掼蛋比赛规则: the smaller card sits N–S). Here a seeded lot plays the cards, so the seats are recorded and
reproducible. Edits of a draft round (swap two pairs, move a table) are plain functions over
pairings; ``annotate`` re-derives the flags and ``check_draw`` lists what an edit broke.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from engine.lots import lot
from tournaments.draws.types import (
    Draw,
    DrawDefect,
    DrawError,
    DrawNote,
    Entrant,
    ErrorCode,
    Flag,
    Pairing,
    SameUnit,
)

_SEAT_SALT = 0x5EA7
_MOVE_SALT = 0x3073


def seat_pair(a: Entrant, b: Entrant, *, seed: int) -> tuple[int, int]:
    """(North–South, East–West) ids: the pair that sat N–S more often so far sits E–W, else a lot."""
    if a.seat_balance != b.seat_balance:
        return (a.id, b.id) if a.seat_balance < b.seat_balance else (b.id, a.id)
    return _by_lot(a.id, b.id, seed=seed, salt=_SEAT_SALT, keys={a.id: a.lot_key, b.id: b.lot_key})


def seat_draw(
    pairings: Sequence[Pairing], *, seed: int, keys: Mapping[int, int] | None = None
) -> tuple[Pairing, ...]:
    """Draw N–S and E–W at every table by seeded lot (G11 seating); byes are left as they are.

    ``keys`` are the pairs' lot keys by id (``types.lot_keys``: their numbers); an id missing
    there is its own key.
    """
    seated = []
    for pairing in pairings:
        if pairing.ew is not None:
            ns, ew = _by_lot(pairing.ns, pairing.ew, seed=seed, salt=_SEAT_SALT, keys=keys)
            pairing = Pairing(table=pairing.table, ns=ns, ew=ew, flags=pairing.flags)
        seated.append(pairing)
    return tuple(seated)


def table_movement(
    pairings: Sequence[Pairing],
    *,
    scores: Mapping[int, float],
    seed: int,
    keys: Mapping[int, int] | None = None,
) -> tuple[Pairing, ...]:
    """The tables after a half (G11; 掼蛋比赛活动方案 篇二): the higher-scoring side moves up one table.

    Reading of "1号桌高分组换到2号桌，2号桌高分组换到3号桌，依次类推": at each table the side with
    the higher half-time score moves to the next table number and takes the seat the mover there
    left; the lower side stays in its seat. The mover of the last table goes to table 1, the only
    way to keep every table full (the source stops at "and so on"). A tie is settled by a seeded
    lot (keyed on ``keys``, as ``seat_draw``). Byes do not move. The new pairings carry no flags:
    call ``annotate`` to derive them.
    """
    played = sorted((p for p in pairings if p.ew is not None), key=lambda p: p.table)
    movers, stayers = [], []
    for pairing in played:
        ns, ew = pairing.ns, pairing.ew
        assert ew is not None  # played: the byes were left out
        missing = [pair for pair in (ns, ew) if pair not in scores]
        if missing:
            raise DrawError(ErrorCode.MISSING_SCORE, f"no half-time score for pair {missing[0]}")
        if scores[ns] != scores[ew]:
            ns_moves = scores[ns] > scores[ew]
        else:
            ns_moves = _by_lot(ns, ew, seed=seed, salt=_MOVE_SALT, keys=keys) == (ns, ew)
        movers.append(ns if ns_moves else ew)
        stayers.append((ew, "ew") if ns_moves else (ns, "ns"))
    moved = []
    for index, pairing in enumerate(played):
        arriving = movers[index - 1]  # index -1 is the last table's mover: it wraps to table 1
        staying, seat = stayers[index]
        ns, ew = (staying, arriving) if seat == "ns" else (arriving, staying)
        moved.append(Pairing(table=pairing.table, ns=ns, ew=ew))
    return tuple(moved) + tuple(p for p in pairings if p.ew is None)


def annotate(
    pairings: Iterable[Pairing], entrants: Iterable[Entrant], *, floats: bool = True
) -> tuple[Pairing, ...]:
    """The pairings with their flags derived from the entrants' history (G11).

    Flags are facts (``bye``, ``repeat_bye``, ``rematch``, ``same_unit``, ``float``), whether or
    not the event's settings forbid them; a pair unknown to ``entrants`` gets no history flags.
    ``floats=False`` leaves out ``float``, which means nothing outside score-paired rounds.
    """
    known = {entrant.id: entrant for entrant in entrants}
    annotated = []
    for pairing in pairings:
        flags: set[str] = set()
        ns = known.get(pairing.ns)
        if pairing.ew is None:
            flags.add(Flag.BYE)
            if ns is not None and ns.had_bye:
                flags.add(Flag.REPEAT_BYE)
        else:
            ew = known.get(pairing.ew)
            if ns is not None and ew is not None:
                if ns.has_met(ew):
                    flags.add(Flag.REMATCH)
                if ns.same_unit(ew):
                    flags.add(Flag.SAME_UNIT)
                if floats and ns.points != ew.points:
                    flags.add(Flag.FLOAT)
        annotated.append(Pairing(table=pairing.table, ns=pairing.ns, ew=pairing.ew, flags=frozenset(flags)))
    return tuple(annotated)


def relaxed_of(pairings: Iterable[Pairing], *, ignore: Iterable[str] = ()) -> tuple[DrawNote, ...]:
    """``Draw.relaxed`` entries for the flagged pairings, leaving out constraints the event has off."""
    skip = {Flag.BYE, *ignore}
    entries = (DrawNote.of(flag, *p.entrants) for p in pairings for flag in p.flags if flag not in skip)
    return tuple(sorted(entries))


def check_draw(
    draw: Draw | Sequence[Pairing],
    entrants: Sequence[Entrant],
    *,
    same_unit: SameUnit = SameUnit.HARD,
    avoid_rematches: bool = True,
    byes: int | None = None,
) -> list[DrawNote]:
    """What is wrong with a draw, e.g. after a hand edit of a draft round (G11).

    Returns ``DrawNote``s (a ``DrawDefect`` code, then ids or a table number), sorted; an empty
    list means the draw places every active pair exactly once and breaks none of the event's
    constraints. ``byes`` is how many byes the round may have: by default one when the count is
    odd (a knockout passes its own number).
    """
    pairings = draw.pairings if isinstance(draw, Draw) else tuple(draw)
    known = {entrant.id: entrant for entrant in entrants}
    problems: list[DrawNote] = []
    tables = Counter(pairing.table for pairing in pairings)
    problems += [DrawNote.of(DrawDefect.DUPLICATE_TABLE, number=t) for t, n in tables.items() if n > 1]
    placed = Counter(pair for pairing in pairings for pair in pairing.entrants)
    problems += [DrawNote.of(DrawDefect.DUPLICATE_ENTRANT, pair) for pair, n in placed.items() if n > 1]
    problems += [DrawNote.of(DrawDefect.UNKNOWN_ENTRANT, pair) for pair in placed if pair not in known]
    problems += [DrawNote.of(DrawDefect.MISSING_ENTRANT, pair) for pair in known if pair not in placed]
    allowed_byes = len(known) % 2 if byes is None else byes
    bye_count = sum(1 for pairing in pairings if pairing.ew is None)
    if bye_count > allowed_byes:
        problems.append(DrawNote.of(DrawDefect.TWO_BYES, number=bye_count))
    for pairing in annotate(pairings, entrants):
        if pairing.ns == pairing.ew:
            problems.append(DrawNote.of(DrawDefect.SELF_PAIRING, pairing.ns))
            continue
        if Flag.REPEAT_BYE in pairing.flags:
            problems.append(DrawNote.of(DrawDefect.REPEAT_BYE, *pairing.entrants))
        if avoid_rematches and Flag.REMATCH in pairing.flags:
            problems.append(DrawNote.of(DrawDefect.REMATCH, *pairing.entrants))
        if same_unit != SameUnit.OFF and Flag.SAME_UNIT in pairing.flags:
            problems.append(DrawNote.of(DrawDefect.SAME_UNIT, *pairing.entrants))
    return sorted(problems)


def swap_entrants(pairings: Sequence[Pairing], *, a: int, b: int) -> tuple[Pairing, ...]:
    """A draft edit: pairs ``a`` and ``b`` trade places (table and seat). Flags are dropped."""
    placed = {pair for pairing in pairings for pair in pairing.entrants}
    for pair in (a, b):
        if pair not in placed:
            raise DrawError(ErrorCode.UNKNOWN_ENTRANT, f"pair {pair} is not in the draw")
    trade = {a: b, b: a}

    def swapped(pair: int) -> int:
        return trade.get(pair, pair)

    return tuple(
        Pairing(table=p.table, ns=swapped(p.ns), ew=None if p.ew is None else swapped(p.ew)) for p in pairings
    )


def move_table(pairings: Sequence[Pairing], *, table: int, to_table: int) -> tuple[Pairing, ...]:
    """A draft edit: the match at ``table`` moves to ``to_table``; a match already there trades places."""
    if table not in {pairing.table for pairing in pairings}:
        raise DrawError(ErrorCode.UNKNOWN_TABLE, f"no match at table {table}")
    renumber = {table: to_table, to_table: table}
    moved = [Pairing(table=renumber.get(p.table, p.table), ns=p.ns, ew=p.ew, flags=p.flags) for p in pairings]
    return tuple(sorted(moved, key=lambda pairing: pairing.table))


def _by_lot(a: int, b: int, *, seed: int, salt: int, keys: Mapping[int, int] | None) -> tuple[int, int]:
    # One lot per table, whichever order the two ids come in, drawn on their keys (numbers), so
    # that the same table draws the same way in any database.
    key_a, key_b = (a, b) if keys is None else (keys.get(a, a), keys.get(b, b))
    low, high = (a, b) if key_a < key_b else (b, a)
    return (low, high) if lot(seed, salt, min(key_a, key_b), max(key_a, key_b)) & 1 else (high, low)
