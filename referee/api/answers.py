"""The answer to ``deals/replay``: a plain dict (DealReplaySerializer's shape), and the same as JSON.

A whole deal answers one entry per action, about 125 of them; building those dicts and encoding
them was a seventh of the request. ``replay_json`` writes the entries' JSON from fragments kept
per reading and per seat instead, and lets DRF's renderer write the rest, so the bytes are the
renderer's own for ``replay_body`` (tests/referee/test_api_answers.py compares them).
"""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer

from core.problems import engine_message
from engine.guandan.readings import reading_to_dict


def reason(code: str, detail: str) -> dict:
    return {"code": code, "detail": engine_message(code, detail)}


def replay_body(ruleset: str, replay) -> dict:
    """The documented answer (DealReplaySerializer) to a replayed deal."""
    return {
        "game": "guandan",
        "ruleset": ruleset,
        "valid": replay.valid,
        "plays": [entry.to_dict(index, reading_to_dict) for index, entry in enumerate(replay.entries)],
        "violation": None
        if replay.violation is None
        else {"index": replay.violation.index, **reason(replay.violation.code, replay.violation.detail)},
        "finishing_order": [str(seat) for seat in replay.finishing_order],
        "finished": replay.finished,
        "winner_side": None if replay.winner_side is None else str(replay.winner_side),
        "level_rise": replay.level_rise,
        "next_to_act": None if replay.next_to_act is None else str(replay.next_to_act),
    }


def renders_plainly(request) -> bool:
    """Whether the answer is DRF's compact JSON (not, say, ``Accept: application/json; indent=2``)."""
    renderer = getattr(request, "accepted_renderer", None)
    return (
        type(renderer) is JSONRenderer
        and renderer.compact
        and request.accepted_media_type == renderer.media_type
    )


_PLAYS = b'"plays":[]'
_BOOL = {True: "true", False: "false"}
_fragments: dict = {}  # reading -> its JSON, as the renderer writes it


def _json(value) -> str:
    if value is None:
        return "null"
    found = _fragments.get(value)
    if found is None:
        found = JSONRenderer().render(reading_to_dict(value)).decode()
        if len(_fragments) < 4096:  # readings are finitely many; the bound is only a guard
            _fragments[value] = found
    return found


def replay_json(ruleset: str, replay) -> bytes:
    """``JSONRenderer().render(replay_body(ruleset, replay))``, written faster (``renders_plainly``)."""
    seats: dict[object, str] = {}  # each seat's JSON, rendered once
    entries = []
    for index, entry in enumerate(replay.entries):
        seat = seats.get(entry.seat)
        if seat is None:
            seat = seats[entry.seat] = JSONRenderer().render(str(entry.seat)).decode()
        entries.append(
            f'{{"index":{index},"seat":{seat},"ok":{_BOOL[entry.ok]},"passed":{_BOOL[entry.passed]},'
            f'"went_out":{_BOOL[entry.went_out]},"reading":{_json(entry.reading)}}}'
        )
    envelope = JSONRenderer().render(replay_body(ruleset, _NoEntries(replay)))
    # The first '"plays":[]' is the member: it follows strings (quotes in them are escaped) and a bool.
    return envelope.replace(_PLAYS, b'"plays":[' + ",".join(entries).encode() + b"]", 1)


class _NoEntries:
    """A replay's verdict without its entries (the envelope of ``replay_json``)."""

    entries = ()

    def __init__(self, replay):
        self._replay = replay

    def __getattr__(self, name):
        return getattr(self._replay, name)
