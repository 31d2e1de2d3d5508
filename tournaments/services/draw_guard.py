"""No draw seats one person twice (issue 35; docs/clubs.md: one person plays an event once).

Registration refuses a member entered twice, but a draw must not trust that: records merged after
the registration, a final's qualifiers registered before the rule held, or a substitute (替补) who
is entered in another pair would seat one member against themselves — or at two tables at once —
and the ratings would then have to leave that match out. Every stored draw (a draw, a hand edit,
publishing) is checked here over what the round seats, whatever the draw system (Swiss, round
robin, knockout, table movement, tables of four); a member in two entrants of the round refuses
the write (``409 member_drawn_twice``), inside the caller's transaction, so nothing is stored.
"""

from __future__ import annotations

from collections import defaultdict

from core.errors import Conflict
from tournaments.models import Pair, Round, Substitution, TableSeat
from tournaments.selectors.rows import entrant_people


def _seated(round_: Round) -> dict[int, int]:
    """Each entrant the round seats -> its table (byes included; a table of four's seats)."""
    tables: dict[int, int] = {}
    for table, ns, ew in round_.matches.values_list("table", "ns_pair_id", "ew_pair_id"):
        for pair in (ns, ew):
            if pair is not None:
                tables[pair] = table
    for table, pair in TableSeat.objects.filter(round=round_).values_list("match__table", "pair_id"):
        tables[pair] = table
    return tables


def _members(round_: Round, pairs: set[int]) -> dict[int, set[int]]:
    """The members who play for each entrant in the round: its players' members, with a substitute
    covering the round in the place of the player replaced."""
    players = {pk: dict(people) for pk, people in entrant_people(Pair.objects.filter(pk__in=pairs))}
    substitutions = Substitution.objects.filter(pair_id__in=pairs, from_round__lte=round_.number).values_list(
        "pair_id", "replaced_id", "substitute__member_id", "until_round"
    )
    for pair, replaced, member, until in substitutions:
        if until is None or round_.number <= until:
            players[pair][replaced] = member
    return {pair: {m for m in people.values() if m is not None} for pair, people in players.items()}


def refuse_member_twice(round_: Round) -> None:
    """Refuse the round's stored draw when one member plays for two of its entrants (G11, issue 35)."""
    tables = _seated(round_)
    if not tables:
        return
    entrants: dict[int, list[int]] = defaultdict(list)
    for pair, members in _members(round_, set(tables)).items():
        for member in members:
            entrants[member].append(pair)
    twice = {member: sorted(pairs) for member, pairs in entrants.items() if len(pairs) > 1}
    if not twice:
        return
    numbers = dict(
        Pair.objects.filter(pk__in={p for ps in twice.values() for p in ps}).values_list("pk", "number")
    )
    clashes = [
        (member, [numbers[pair] for pair in pairs], [tables[pair] for pair in pairs])
        for member, pairs in sorted(twice.items())
    ]
    member, pairs_of, tables_of = clashes[0]
    where = "against themselves" if len(set(tables_of)) == 1 else "at two tables"
    raise Conflict(
        f"Member {member} plays for pairs {' and '.join(map(str, pairs_of))}: the draw "
        f"would seat them {where}. One person plays an event once: withdraw one of the pairs or "
        "correct its player, then draw again.",
        "member_drawn_twice",
        extra={"members": [{"member": m, "pairs": p, "tables": t} for m, p, t in clashes]},
    )
