"""Who really played for a pair in a round (docs/events.md "Substitutes"): its registered players,
with the substitutions that cover the round in their places. Read by the match answers, the
results and the ratings (seasons), so each reads the one rule."""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.models import Pair, Player, Substitution


def stand_ins(substitutions: Iterable[Substitution], number: int) -> list[Substitution]:
    """The substitutions that put a substitute in a registered player's place in round ``number``."""
    return [s for s in substitutions if s.covers(number)]


def played(
    players: Iterable[Player], substitutions: Iterable[Substitution], number: int
) -> tuple[Player, ...]:
    """``players`` of a pair in order, each replaced by its substitute in round ``number``."""
    instead = {s.replaced_id: s.substitute for s in stand_ins(substitutions, number)}
    return tuple(instead.get(player.pk, player) for player in players)


def stand_in_names(
    substitutions: dict[int, list[Substitution]], pair_id: int | None, number: int
) -> list[dict[str, str]]:
    """What a page shows of who played for the pair in round ``number`` in whose place: each
    substitute's name with the replaced player's ("张三 (代 李四)"); empty as registered."""
    if pair_id is None:
        return []
    covering = stand_ins(substitutions.get(pair_id, ()), number)
    return [{"substitute": s.substitute.name, "replaced": s.replaced.name} for s in covering]


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
