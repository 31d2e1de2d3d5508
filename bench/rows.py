"""Rows the benches write straight into the database (no request, no service): what every bench that
plays an event without the API needs of a confirmed result.

Django is set up by the bench that calls these, so the models are imported in the function.
"""

from __future__ import annotations


def level_result(match, ns: int, ew: int):
    """A confirmed result of ``match`` entered from the level sheet (G8): ``ns`` and ``ew`` are the
    sides' levels (2…14, 15 is A passed); equal levels are a draw. Not saved: the caller bulk-creates."""
    from scoring.models import MatchResult, ResultSource, ResultStatus

    winner = "" if ns == ew else ("NS" if ns > ew else "EW")
    game = {
        "ns_level": ns,
        "ew_level": ew,
        "winner": winner or None,
        "draw": not winner,
        "deals_played": 10,
        "end_reason": "time_limit",
        "tiebreak": None,
        "passed_a": None,
        "on_time": True,
    }
    return MatchResult(
        match=match,
        version=1,
        status=ResultStatus.CONFIRMED,
        source=ResultSource.LEVELS,
        ns_level=ns,
        ew_level=ew,
        winner=winner,
        deals_played=10,
        games=[game],
        content_hash="bench",
        party="bench",
    )


def played_rounds(event, pair_ids, rounds: int, rng, *, status: str, top: int = 15) -> None:
    """``rounds`` rounds of ``event`` in a Swiss stage of their own, with ``status`` (published or
    closed), each pairing ``pair_ids`` at random, every match confirmed from a random level sheet:
    levels 2…``top`` (15 is A passed, never by both sides)."""
    from scoring.models import MatchResult
    from tournaments.models import Match, MatchStatus, Round, Stage

    stage = Stage.objects.create(event=event, name="Swiss")
    ids = list(pair_ids)
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, stage=stage, number=number, status=status)
        rng.shuffle(ids)
        matches = Match.objects.bulk_create(
            Match(
                round=round_,
                table=t + 1,
                ns_pair_id=ids[2 * t],
                ew_pair_id=ids[2 * t + 1],
                status=MatchStatus.CONFIRMED,
            )
            for t in range(len(ids) // 2)
        )
        results = []
        for match in matches:
            ns, ew = rng.randint(2, top), rng.randint(2, top)
            if ns == ew == 15:
                ew = 14
            results.append(level_result(match, ns, ew))
        MatchResult.objects.bulk_create(results)
