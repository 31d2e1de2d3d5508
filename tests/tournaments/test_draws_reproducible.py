"""The same event draws the same way in any database (docs/events.md "Reproducing a draw", G11).

Every lot and tie-break of a draw is keyed on what the event itself holds, the pairs' numbers
(``Entrant.number``), never on their database ids. So a copy of a field with other ids and the
same numbers draws exactly the same pairings, seats, byes and tables, read by number, in every
draw system: a Swiss round (first, seeded, later rounds, by blocks), table movement, a knockout
and its next round, a round robin and tables of four.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draws import (
    Draw,
    Entrant,
    KnockoutSystem,
    Pairing,
    RoundRobinSystem,
    SwissSystem,
    first_round_draw,
    knockout_draw,
    next_knockout_round,
    swiss_draw,
    table_movement,
)
from tournaments.draws.tables import TablesDraw, tables_draw

from .histories import histories


def numbered(field: list[Entrant]) -> list[Entrant]:
    """The field with pair numbers 1, 2, … in its order, which is what a copy keeps."""
    return [replace(entrant, number=place) for place, entrant in enumerate(field, start=1)]


def copied(field: list[Entrant], shift: int) -> tuple[list[Entrant], dict[int, int]]:
    """The same pairs under other ids (in another order of ids: reversed, then shifted), and the
    new id of each old one."""
    ids = sorted(entrant.id for entrant in field)
    new_id = {old: shift + new for old, new in zip(ids, reversed(ids), strict=True)}
    copy = [
        replace(
            entrant,
            id=new_id[entrant.id],
            opponents=frozenset(new_id[o] for o in entrant.opponents if o in new_id),
        )
        for entrant in field
    ]
    return copy, new_id


def by_number(pairings, field: list[Entrant]) -> list[tuple[int, int, int | None, frozenset[str]]]:
    number = {entrant.id: entrant.number for entrant in field}
    return [(p.table, number[p.ns], None if p.ew is None else number[p.ew], p.flags) for p in pairings]


def relaxed_by_number(draw: Draw, field: list[Entrant]) -> list[tuple[str, tuple[int, ...]]]:
    number = {entrant.id: entrant.number for entrant in field}
    return sorted((note.code, tuple(sorted(number[pid] for pid in note.ids))) for note in draw.relaxed)


def tables_by_number(drawn: TablesDraw, field: list[Entrant]) -> tuple:
    number = {entrant.id: entrant.number for entrant in field}
    tables = [(t.table, tuple(number[pid] for pid in t.seats), t.flags) for t in drawn.tables]
    return tables, tuple(number[pid] for pid in drawn.byes)


def fields(min_size: int = 2, max_size: int = 14):
    return histories(min_size=min_size, max_size=max_size).map(numbered)


@settings(max_examples=60, deadline=None)
@given(fields(), st.integers(0, 2**32), st.integers(1, 5_000), st.sampled_from(["hard", "soft", "off"]))
def test_g11_a_copy_of_a_swiss_round_with_other_ids_draws_the_same(field, seed, shift, same_unit):
    copy, _ = copied(field, shift)
    for block in (None, 4):
        one = swiss_draw(field, seed=seed, same_unit=same_unit, block=block)
        other = swiss_draw(copy, seed=seed, same_unit=same_unit, block=block)
        assert by_number(one.pairings, field) == by_number(other.pairings, copy)
        assert relaxed_by_number(one, field) == relaxed_by_number(other, copy)


@settings(max_examples=60, deadline=None)
@given(
    fields(),
    st.integers(0, 2**32),
    st.integers(1, 5_000),
    st.sampled_from(["random", "seeded"]),
    st.sampled_from(["hard", "soft"]),
)
def test_g11_a_copy_of_a_first_round_with_other_ids_draws_the_same(field, seed, shift, method, same_unit):
    copy, _ = copied(field, shift)
    for block in (None, 4):
        options = {"seed": seed, "method": method, "same_unit": same_unit, "block": block}
        one, other = first_round_draw(field, **options), first_round_draw(copy, **options)
        assert by_number(one.pairings, field) == by_number(other.pairings, copy)


@settings(max_examples=40, deadline=None)
@given(fields(min_size=2, max_size=12), st.integers(0, 2**32), st.integers(1, 5_000))
def test_g11_a_copy_of_a_knockout_with_other_ids_draws_the_same_bracket_and_seats(field, seed, shift):
    copy, _ = copied(field, shift)
    one, other = knockout_draw(field, seed=seed), knockout_draw(copy, seed=seed)
    assert by_number(one.pairings, field) == by_number(other.pairings, copy)
    # The next round's seats are drawn too: the upper table's winners, whoever they are.
    if len(one.pairings) >= 2:
        winners = {p.ns for p in one.pairings}
        keys = {e.id: e.number for e in field}
        copy_keys = {e.id: e.number for e in copy}
        nxt = next_knockout_round(one.pairings, winners, seed=seed, keys=keys)
        again = next_knockout_round(other.pairings, {p.ns for p in other.pairings}, seed=seed, keys=copy_keys)
        assert by_number(nxt, field) == by_number(again, copy)


@settings(max_examples=40, deadline=None)
@given(fields(min_size=4, max_size=14), st.integers(0, 2**32), st.integers(1, 5_000))
def test_g11_a_copy_moves_its_tables_the_same_way(field, seed, shift):
    copy, new_id = copied(field, shift)
    played = field[: len(field) - len(field) % 2]
    pairings = [
        Pairing(table=k + 1, ns=played[2 * k].id, ew=played[2 * k + 1].id) for k in range(len(played) // 2)
    ]
    # Equal half-time scores everywhere: the lot decides every table.
    scores = {e.id: 1.0 for e in played}
    moved = table_movement(pairings, scores=scores, seed=seed, keys={e.id: e.number for e in field})
    copy_pairings = [Pairing(table=p.table, ns=new_id[p.ns], ew=new_id[p.ew]) for p in pairings]
    copy_moved = table_movement(
        copy_pairings,
        scores={new_id[pid]: score for pid, score in scores.items()},
        seed=seed,
        keys={e.id: e.number for e in copy},
    )
    assert by_number(moved, field) == by_number(copy_moved, copy)


@settings(max_examples=40, deadline=None)
@given(
    fields(min_size=4, max_size=30),
    st.integers(0, 2**32),
    st.integers(1, 5_000),
    st.sampled_from([None, "random", "seeded"]),
)
def test_d8_a_copy_of_a_round_of_tables_of_four_with_other_ids_draws_the_same(field, seed, shift, first):
    copy, _ = copied(field, shift)
    one = tables_draw(field, seed=seed, first_round=first)
    other = tables_draw(copy, seed=seed, first_round=first)
    assert tables_by_number(one, field) == tables_by_number(other, copy)


class _History:
    def __init__(self, *, rounds_before: int, roster: list[int]):
        self.rounds_before, self._roster = rounds_before, roster

    def previous(self):
        return ()

    def scores(self, *, need_winner: bool):
        return {}

    def roster(self):
        return self._roster


@settings(max_examples=30, deadline=None)
@given(fields(min_size=3, max_size=12), st.integers(0, 2**32), st.integers(1, 5_000), st.integers(0, 4))
def test_g11_every_draw_system_draws_a_copy_the_same(field, seed, shift, rounds_before):
    copy, new_id = copied(field, shift)
    roster = [e.id for e in field]
    for system, options in (
        (SwissSystem, {"first_round": "random"}),
        (SwissSystem, {"first_round": "seeded"}),
        (KnockoutSystem, {}),
        (RoundRobinSystem, {"group_count": 1}),
    ):
        before = rounds_before if system is RoundRobinSystem else 0
        one = system(field, seed=seed, stage=_History(rounds_before=before, roster=roster), **options)
        other = system(
            copy,
            seed=seed,
            stage=_History(rounds_before=before, roster=[new_id[p] for p in roster]),
            **options,
        )
        try:
            drawn = one.draw()
        except ValueError:  # a round robin that is through: both are
            continue
        assert by_number(drawn.pairings, field) == by_number(other.draw().pairings, copy)
