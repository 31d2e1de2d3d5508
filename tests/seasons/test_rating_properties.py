"""The rating replay (seasons/rating.py) as properties: pure Python, no database."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from seasons.rating import MU, SIGMA, TAU, Game, Skill, places_by_points, rateable, replay, team_strength

PEOPLE = st.integers(min_value=0, max_value=11)


@st.composite
def games(draw) -> list[Game]:
    """Matches of two pairs, of two teams of three, or tables of four players, among twelve people."""
    found = []
    for key in range(draw(st.integers(min_value=0, max_value=25))):
        size, teams = draw(st.sampled_from([(2, 2), (3, 2), (1, 4)]))
        people = draw(st.lists(PEOPLE, min_size=size * teams, max_size=size * teams, unique=True))
        split = tuple(tuple(people[i * size : (i + 1) * size]) for i in range(teams))
        places = tuple(draw(st.lists(st.integers(1, teams), min_size=teams, max_size=teams)))
        found.append(Game(key, split, places))
    return found


@settings(max_examples=60, deadline=None)
@given(games())
def test_r2_the_same_matches_in_the_same_order_give_the_same_numbers(played):
    first, again = replay(played), replay(list(played))
    assert first.skills == again.skills and first.changes == again.changes


@settings(max_examples=60, deadline=None)
@given(games())
def test_r2_each_change_starts_where_the_last_ended_and_counts_one_match(played):
    done = replay(played)
    now: dict[int, Skill] = {}
    for change in done.changes:
        assert change.before == now.get(change.person, Skill())
        now[change.person] = change.after
    assert now == done.skills
    assert sum(done.matches.values()) == len(done.changes) == sum(len(p) for g in played for p in g.teams)
    # A match only ever adds certainty, beyond the drift tau the model adds before each.
    assert all(change.after.sigma**2 <= change.before.sigma**2 + TAU**2 + 1e-6 for change in done.changes)


@given(st.integers(min_value=1, max_value=3))
def test_r1_winners_gain_losers_lose_and_a_draw_between_equals_moves_no_mean(size):
    teams = (tuple(range(size)), tuple(range(size, 2 * size)))
    won = replay([Game("m", teams, (1, 2))])
    assert all(won.skills[p].mu > MU for p in teams[0]) and all(won.skills[p].mu < MU for p in teams[1])
    drawn = replay([Game("m", teams, (1, 1))])
    assert all(abs(skill.mu - MU) < 1e-9 and skill.sigma < SIGMA for skill in drawn.skills.values())


def test_r1_a_table_where_somebody_sits_twice_or_alone_is_not_rated():
    assert not rateable(Game("m", ((1, 2), (2, 3)), (1, 2)))
    assert not rateable(Game("m", ((1, 2),), (1,)))
    assert replay([Game("m", ((1, 2), (2, 3)), (1, 2))]).changes == []


@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=4, max_size=4))
def test_r1_places_at_a_table_of_four_follow_the_points(points):
    places = places_by_points(points)
    for i, mine in enumerate(points):
        for j, other in enumerate(points):
            assert (mine > other) == (places[i] < places[j])


def test_r4_a_stronger_pair_has_the_higher_strength_and_a_newcomer_counts_as_one():
    strong, new = Skill(1800, 200), Skill()
    assert team_strength([strong, strong]) > team_strength([strong, new]) > team_strength([new, new])
