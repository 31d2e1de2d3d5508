"""Rating players from their matches (积分等级): a pure replay, no Django (docs/ratings.md).

The model is openskill's Plackett-Luce (Weng-Lin, a Bayesian rating made for teams of any size and
for more than two teams at a table): each player has a mean ``mu`` and an uncertainty ``sigma``; a
team's strength is the sum of its players' means, so a pair (对家) is rated as its two players, a
Daguai team (打拐) as its three, and a four-player Dou Dizhu table (斗地主) as four teams of one
ranked by their places. A draw is a tie of ranks.

``replay`` folds the matches in the order given and nothing else: the same matches in the same
order give the same numbers, which is what makes a recomputation idempotent.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

#: openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300) times 60: the same model on a
#: scale whose conservative rating (mu - 3 sigma) starts at 0 and moves in whole points.
SCALE = 60.0
MU = 25.0 * SCALE
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300

Person = Hashable


@dataclass(frozen=True)
class Game:
    """One rated match: its ``key`` (what the history names), the teams at the table (each a tuple of
    people) and each team's place (1 best; equal places: a tie)."""

    key: Hashable
    teams: tuple[tuple[Person, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def rating(self) -> float:
        """The conservative rating the tables show (mu - 3 sigma): low until the player has played."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one match."""

    person: Person
    game: Hashable
    before: Skill
    after: Skill


@dataclass
class Replay:
    """Where each person stands after the replay, how many matches each was rated in, and every change
    in the order it happened."""

    skills: dict[Person, Skill] = field(default_factory=dict)
    matches: dict[Person, int] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)


def model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rateable(game: Game) -> bool:
    """Two teams at least, every team with somebody, nobody twice at the table."""
    people = [person for team in game.teams for person in team]
    return (
        len(game.teams) >= 2
        and len(game.places) == len(game.teams)
        and all(game.teams)
        and len(people) == len(set(people))
    )


def replay(games: Iterable[Game]) -> Replay:
    """Rate ``games`` one after another from scratch; games that cannot be rated are left out."""
    rater = model()
    done = Replay()
    for game in games:
        if not rateable(game):
            continue
        before = [[done.skills.get(person, Skill()) for person in team] for team in game.teams]
        teams = [[rater.rating(mu=skill.mu, sigma=skill.sigma) for skill in team] for team in before]
        rated = rater.rate(teams, ranks=list(game.places))
        for team, old_team, new_team in zip(game.teams, before, rated, strict=True):
            for person, old, new in zip(team, old_team, new_team, strict=True):
                after = Skill(new.mu, new.sigma)
                done.skills[person] = after
                done.matches[person] = done.matches.get(person, 0) + 1
                done.changes.append(Change(person, game.key, old, after))
    return done


def team_strength(skills: Sequence[Skill]) -> float:
    """A team's conservative strength: the sum of its means less three times their joint
    uncertainty (how the model adds players up), what a draw seeds by."""
    if not skills:
        return -math.inf
    return sum(s.mu for s in skills) - 3 * math.sqrt(sum(s.sigma**2 for s in skills))


def places_by_points(points: Sequence[float]) -> tuple[int, ...]:
    """Places from points (more is better; equal points share a place): a table of four's order."""
    return tuple(1 + sum(other > mine for other in points) for mine in points)
