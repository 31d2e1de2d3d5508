"""Who really played for a pair in a round (docs/events.md "Substitutes"): its registered players,
with the substitutions that cover the round in their places. Read by the match answers, the
results and the ratings (seasons), so each reads the one rule."""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.models import Pair, Player, Substitution


def played(
    players: Iterable[Player], substitutions: Iterable[Substitution], number: int
) -> tuple[Player, ...]:
    """``players`` of a pair in order, each replaced by its substitute in round ``number``."""
    instead = {s.replaced_id: s.substitute for s in substitutions if s.covers(number)}
    return tuple(instead.get(player.pk, player) for player in players)


def substitutions_of(pair_ids: Iterable[int]) -> dict[int, list[Substitution]]:
    """The substitutions of these pairs by pair id, their substitutes loaded (one query)."""
    by_pair: dict[int, list[Substitution]] = {}
    for substitution in Substitution.objects.filter(pair_id__in=set(pair_ids)).select_related(
        "substitute", "replaced"
    ):
        by_pair.setdefault(substitution.pair_id, []).append(substitution)
    return by_pair


def players_in_round(pair: Pair, number: int) -> tuple[Player, ...]:
    return played(pair.players, substitutions_of([pair.pk]).get(pair.pk, []), number)
