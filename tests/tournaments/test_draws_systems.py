"""The draw-system registry and protocol (tournaments/draws/systems.py, docs/rules/guandan.md G11).

Every system is built the same way and refuses options it does not know; the stage kinds, the
API enum and ``make_draw``'s dispatch all come from ``DRAW_SYSTEMS``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments import draws
from tournaments.draws import (
    DRAW_SYSTEMS,
    DrawError,
    DrawKind,
    Entrant,
    Flag,
    KnockoutSystem,
    Pairing,
    RoundRobinSystem,
    SwissSystem,
    first_round_draw,
    knockout_draw,
    swiss_draw,
)


def entrants(count: int, **extra) -> list[Entrant]:
    return [Entrant(id=k, seeding=k, **extra) for k in range(1, count + 1)]


class History:
    """A stage's past given outright, as ``StageHistory`` (what the Django side reads lazily)."""

    def __init__(self, *, rounds_before=1, previous=(), scores=None, roster=()):
        self.rounds_before = rounds_before
        self._previous, self._scores, self._roster = tuple(previous), scores or {}, list(roster)
        self.asked: list[str] = []

    def previous(self):
        self.asked.append("previous")
        return self._previous

    def scores(self, *, need_winner):
        self.asked.append(f"scores(need_winner={need_winner})")
        return self._scores

    def roster(self):
        self.asked.append("roster")
        return self._roster


def test_g11_every_draw_kind_has_one_system_keyed_by_its_kind():
    assert set(DRAW_SYSTEMS) == set(DrawKind)
    assert all(system.kind == kind for kind, system in DRAW_SYSTEMS.items())
    assert all(issubclass(system, draws.DrawSystem) for system in DRAW_SYSTEMS.values())


def test_g11_stage_kinds_and_their_enum_come_from_the_registry():
    from tournaments.models import StageKind
    from tournaments.serializers.schedule import StageSerializer

    assert [value for value, _ in draws.draw_system_choices()] == list(StageKind.values)
    assert list(StageSerializer().fields["kind"].choices) == list(StageKind.values)


@pytest.mark.parametrize("system", DRAW_SYSTEMS.values(), ids=lambda s: s.kind)
def test_g11_every_system_refuses_an_option_it_does_not_know(system):
    with pytest.raises(DrawError) as error:
        system(entrants(4), seed=1, avoid_everything=True)
    assert error.value.code == "invalid_setting"
    assert "avoid_everything" in error.value.detail


@pytest.mark.parametrize("system", DRAW_SYSTEMS.values(), ids=lambda s: s.kind)
def test_g11_every_system_refuses_a_same_unit_outside_its_enum(system):
    with pytest.raises(DrawError) as error:
        system(entrants(4), seed=1, same_unit="sometimes")
    assert error.value.code == "invalid_setting"


def test_g11_options_of_one_system_are_unknown_to_another():
    with pytest.raises(DrawError):
        KnockoutSystem(entrants(4), seed=1, first_round="seeded")
    with pytest.raises(DrawError):
        SwissSystem(entrants(4), seed=1, group_count=2)
    with pytest.raises(DrawError):
        SwissSystem(entrants(4), seed=1, table_movement="yes")


def test_g11_swiss_first_round_is_the_first_round_draw_and_asks_nothing_of_the_past():
    field = entrants(9, unit=None)
    history = History(rounds_before=0)
    system = SwissSystem(field, seed=7, stage=history, first_round="seeded", same_unit="soft")
    assert system.draw() == first_round_draw(field, seed=7, method="seeded", same_unit="soft")
    assert history.asked == []
    assert system.system == "swiss" and system.draws_whole_stage
    assert {Flag.REMATCH, Flag.REPEAT_BYE} <= system.ignored_flags


def test_g11_swiss_later_round_is_the_swiss_draw():
    field = [Entrant(id=k, points=float(k % 3)) for k in range(1, 9)]
    system = SwissSystem(field, seed=3, stage=History(rounds_before=2))
    assert system.draw() == swiss_draw(field, seed=3)
    assert system.system == "swiss" and system.draws_whole_stage
    assert Flag.REMATCH not in system.ignored_flags


def test_g11_table_movement_moves_the_higher_score_up_a_table():
    field = entrants(4)
    previous = [Pairing(table=1, ns=1, ew=2), Pairing(table=2, ns=3, ew=4)]
    history = History(previous=previous, scores={1: 2.0, 2: 0.0, 3: 0.0, 4: 2.0})
    system = SwissSystem(field, seed=1, stage=history, table_movement=True)
    draw = system.draw()
    assert system.system == "table_movement" and not system.draws_whole_stage
    assert history.asked == ["previous", "scores(need_winner=False)"]
    tables = {p.table: set(p.entrants) for p in draw.pairings}
    assert tables == {1: {2, 4}, 2: {1, 3}}  # 1 moves up to table 2, 4 wraps round to table 1


def test_g11_knockout_first_round_is_the_seeded_bracket():
    field = entrants(6)
    system = KnockoutSystem(list(reversed(field)), seed=5, stage=History(rounds_before=0))
    assert system.draw() == knockout_draw(field, seed=5)


def test_g11_knockout_next_round_takes_the_winners_of_neighbouring_tables():
    previous = [Pairing(table=1, ns=1, ew=8), Pairing(table=2, ns=4, ew=5)]
    history = History(previous=previous, scores={1: 1.0, 8: 0.0, 4: 0.0, 5: 1.0})
    draw = KnockoutSystem(entrants(8), seed=2, stage=history).draw()
    assert [set(p.entrants) for p in draw.pairings] == [{1, 5}]
    assert "scores(need_winner=True)" in history.asked


def test_g11_knockout_after_the_final_is_stage_complete():
    history = History(previous=[Pairing(table=1, ns=1, ew=5)], scores={1: 1.0, 5: 0.0})
    with pytest.raises(DrawError) as error:
        KnockoutSystem(entrants(2), seed=2, stage=history).draw()
    assert error.value.code == "stage_complete"


@pytest.mark.parametrize(("count", "groups"), [(5, 1), (6, 1), (7, 2), (8, 3)])
def test_g11_round_robin_rounds_meet_every_pair_of_a_group_once(count, groups):
    field = entrants(count)
    roster = [e.id for e in field]
    met: Counter[frozenset[int]] = Counter()
    index = 0
    while True:
        history = History(rounds_before=index, roster=roster)
        system = RoundRobinSystem(field, seed=1, stage=history, group_count=groups)
        try:
            draw = system.draw()
        except DrawError as error:
            assert error.code == "stage_complete"
            break
        met.update(frozenset(p.entrants) for p in draw.pairings if not p.is_bye)
        index += 1
    snake = draws.snake_groups(roster, groups)
    expected = {frozenset(pair) for group in snake for pair in combinations(group, 2)}
    assert set(met) == expected and set(met.values()) == {1}
    assert index == max(len(g) - 1 + len(g) % 2 for g in snake)


def test_g11_round_robin_gives_the_opponent_of_a_withdrawn_pair_a_bye():
    field = entrants(4)
    history = History(rounds_before=0, roster=[1, 2, 3, 4])
    active = [e for e in field if e.id != 4]
    draw = RoundRobinSystem(active, seed=1, stage=history).draw()
    assert [p.entrants for p in draw.pairings] == [(2, 3), (1,)]


# ---- dispatch: make_draw goes through the registry --------------------------------------------
@pytest.mark.django_db
def test_g11_make_draw_dispatches_through_the_registry(monkeypatch):
    from tests.tournaments.conftest import event_with_rounds
    from tournaments.models import Round
    from tournaments.services.drawing import make_draw

    built = []

    class Recording(SwissSystem):
        def __init__(self, *args, **options):
            built.append(options)
            super().__init__(*args, **options)

        def draw(self):
            return draws.Draw(pairings=(), seed=self.seed)

    monkeypatch.setitem(DRAW_SYSTEMS, DrawKind.SWISS, Recording)
    setup = event_with_rounds()
    second = Round.objects.get(event=setup["event"], number=2)
    draw, system = make_draw(second, 11)
    assert draw == draws.Draw(pairings=(), seed=11) and system == "swiss"
    assert built and set(built[-1]) == {"seed", "stage", "same_unit", "first_round", "table_movement"}
