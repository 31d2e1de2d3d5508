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
