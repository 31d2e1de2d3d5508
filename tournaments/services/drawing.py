"""Making a round's draw from the database (docs/rules/guandan.md G11).

The draw algorithms are pure (tournaments.draws); this module turns the stage's pairs and
their history into entrants, picks the stage's draw system and calls it. rounds.py stores
what it returns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from core.errors import Conflict
from tournaments import draws
from tournaments.models import Event, Match, MatchStatus, Pair, Round
from tournaments.ratings import pair_strengths
from tournaments.selectors import histories, previous_round
from tournaments.selectors.checkin import drawn_pairs
from tournaments.standings import standings

_PAIR_ID = re.compile(r"\b([Pp]air) (\d+)\b")


def _numbers(event: Event, ids: Iterable[int]) -> dict[int, int]:
    return dict(Pair.objects.filter(event=event, pk__in=set(ids)).values_list("pk", "number"))


def numbered(event: Event, entries: Iterable[str]) -> list[str]:
    """``relaxed`` entries as the API shows them: ``"<flag>:<n>-<n>"`` by pair number (对号), sorted.

    The draws work on pair ids; people read pair numbers, so the ids become numbers where a draw
    or an edit is stored.
    """
    notes = [draws.DrawNote(entry) for entry in entries]
    numbers = _numbers(event, (pid for note in notes for pid in note.ids))
    named = {
        draws.DrawNote.of(note.code, *(numbers.get(pid, pid) for pid in note.ids)) if note.ids else note
        for note in notes
    }
    return sorted(named)


def name_pairs(event: Event, text: str) -> str:
    """A draw's message (``"pair 12 did not play this round"``) with pair numbers for the ids."""
    numbers = _numbers(event, (int(pid) for _, pid in _PAIR_ID.findall(text)))
    return _PAIR_ID.sub(lambda m: f"{m[1]} {numbers.get(int(m[2]), m[2])}", text)


def stage_entrants(round_: Round, pairs: Iterable[Pair] | None = None) -> list[draws.Entrant]:
    """Pairs (by default those of the round's stage) with their history, in standings order.

    Standings order here: points, then seed, then pair number. Pairs that qualified from an
    earlier stage are seeded by their qualifying place (1 = best), not by their entry seed; the
    event's first round of an event that seeds by rating, by their club rating. Each carries its
    number, which every lot of the draw is keyed on (never the id: docs/events.md
    "Reproducing a draw").
    """
    past = histories(round_.event, before=round_.number)
    qualified = False
    if pairs is None:
        pairs, qualified = drawn_pairs(round_)  # the stage's, without those the check-in leaves out
    pairs = list(pairs)
    by_rating = rating_seeds(round_, pairs) if not qualified and seeds_by_rating(round_) else {}
    entrants = []
    for place, pair in enumerate(pairs, start=1):
        record = past.get(pair.pk)
        entrants.append(
            draws.Entrant(
                id=pair.pk,
                number=pair.number,
                points=record.points if record else 0.0,
                seeding=place if qualified else by_rating.get(pair.pk, pair.seed),
                unit=pair.unit_id,
                had_bye=record.had_bye if record else False,
                opponents=frozenset(record.opponents) if record else frozenset(),
                ns_count=record.ns_count if record else 0,
                ew_count=record.ew_count if record else 0,
            )
        )
    entrants.sort(key=lambda e: (-e.points, e.seeding is None, e.seeding or 0))
    return entrants


def seeds_by_rating(round_: Round) -> bool:
    """Whether the round is the first of an event that opted in to seeding it by club rating: the
    only draw a rating ever influences (docs/ratings.md)."""
    return round_.number == 1 and round_.event.seed_by_rating


def rating_seeds(round_: Round, pairs: Sequence[Pair]) -> dict[int, int]:
    """Seeds 1, 2, … by the pairs' strength as their club rates their players (ties and newcomers
    by their own seed, then number)."""
    strengths = pair_strengths(round_.event, [pair.pk for pair in pairs])
    order = sorted(
        pairs, key=lambda p: (-strengths.get(p.pk, float("-inf")), p.seed is None, p.seed or 0, p.number)
    )
    return {pair.pk: seed for seed, pair in enumerate(order, start=1)}


def _seed_order(pairs: Iterable[Pair]) -> list[int]:
    """Seed order of pairs (unseeded last, then by number): fixed, whatever the results so far."""
    return [p.pk for p in sorted(pairs, key=lambda p: (p.seed is None, p.seed or 0, p.number))]


def pairings_of(matches: Iterable[Match]) -> list[draws.Pairing]:
    pairings = []
    for m in matches:
        assert m.ns_pair_id is not None  # a two-sided round: every match has its NS pair
        pairings.append(draws.Pairing(table=m.table, ns=m.ns_pair_id, ew=m.ew_pair_id))
    return pairings


def _scores(round_: Round, matches: Sequence[Match], *, need_winner: bool) -> dict[int, float]:
    """Each pair's score in a finished round: its match points there (G9), or in a knockout 1 for
    the winner and 0 for the loser (a bye: 1).

    Only confirmed results count (G10); a knockout needs a winner at every table (G8).
    """
    pending = sorted(
        m.table
        for m in matches
        if not m.is_bye and (m.status != MatchStatus.CONFIRMED or (need_winner and m.winner_id is None))
    )
    if pending:
        raise Conflict(f"The previous round has no confirmed winner at tables {pending}.", "results_pending")
    if not need_winner:
        return standings().points(round_.event, only=round_.number)
    scores: dict[int, float] = {}
    for m in matches:
        ns, ew, winner = m.ns_pair_id, m.ew_pair_id, m.winner_id
        assert ns is not None  # a knockout is two-sided: every match has its NS pair
        if ew is None:  # a bye
            scores[ns] = 1.0
        else:
            assert winner is not None  # checked above: every knockout table has its winner
            loser = ew if winner == ns else ns
            scores[winner], scores[loser] = 1.0, 0.0
    return scores


class _StageHistory:
    """The stage's past as the draw systems ask for it (``draws.StageHistory``), read lazily."""

    def __init__(self, round_: Round, entrants: Sequence[draws.Entrant]):
        self.entrants = entrants
        self._before = Round.objects.filter(stage=round_.stage, number__lt=round_.number).order_by("number")
        self.rounds_before = self._before.count()
        self._previous: list[Match] | None = None

    def _last(self) -> Round:
        last = self._before.last()
        assert last is not None  # the draw systems ask for the previous round only when there is one
        return last

    def _previous_matches(self) -> list[Match]:
        if self._previous is None:
            self._previous = list(self._last().matches.all())
        return self._previous

    def previous(self) -> list[draws.Pairing]:
        return pairings_of(self._previous_matches())

    def scores(self, *, need_winner: bool) -> dict[int, float]:
        return _scores(self._last(), self._previous_matches(), need_winner=need_winner)

    def roster(self) -> list[int]:
        if self.rounds_before == 0:
            members = Pair.objects.filter(pk__in={e.id for e in self.entrants})
        else:
            opening = self._before.first()
            assert opening is not None  # rounds_before > 0
            first = opening.matches.all()
            members = Pair.objects.filter(pk__in={pair for m in first for pair in m.pair_ids})
        return _seed_order(members)


def draw_system(round_: Round, entrants: Sequence[draws.Entrant] = (), *, seed: int = 0) -> draws.DrawSystem:
    """The round's draw system (its stage's kind) with the options the event and the stage set.

    Each system takes only the options it knows (``defaults``); the others are not passed.
    """
    system = draws.DRAW_SYSTEMS[draws.DrawKind(round_.stage.kind)]
    settings = {
        "same_unit": round_.event.same_unit,
        "first_round": draws.FirstRound.SEEDED if seeds_by_rating(round_) else round_.stage.first_round,
        "table_movement": round_.event.table_movement,
        "group_count": round_.stage.group_count,
    }
    options = {name: value for name, value in settings.items() if name in system.defaults}
    return system(entrants, seed=seed, stage=_StageHistory(round_, entrants), **options)


def ignored_flags(round_: Round) -> frozenset[str]:
    """Flags that the round's draw system does not treat as a relaxed constraint."""
    return draw_system(round_).ignored_flags


def draws_whole_stage(round_: Round) -> bool:
    """Whether the round's draw places every active pair of its stage.

    True of a stage's first round and of Swiss rounds; not of the rounds that follow the first
    by its results or its schedule: a knockout's (the winners), a round robin's (the groups of the
    first round) and table movement (the pairs of the round before).
    """
    return draw_system(round_).draws_whole_stage


def make_draw(round_: Round, seed: int) -> tuple[draws.Draw, str]:
    """The round's draw and the name of the system that made it."""
    system = draw_system(round_, stage_entrants(round_), seed=seed)
    try:
        return system.draw(), system.system
    except draws.DrawError as exc:
        if exc.code != draws.ErrorCode.STAGE_COMPLETE:
            raise
        stage = round_.stage
        if system.kind == draws.DrawKind.KNOCKOUT:
            final = previous_round(round_)
            assert final is not None  # a knockout is complete only after its final was played
            detail = f"{stage.name} is decided: round {final.number} was its final."
        else:
            detail = f"Every pair of {stage.name} has met every other."
        raise Conflict(detail, "stage_complete") from exc
