"""The answer to ``deals/replay``: a plain dict (DealReplaySerializer's shape), and the same as JSON.

A whole deal answers one entry per action, about 125 of them; building those dicts and encoding
them was a seventh of the request. ``replay_json`` writes the entries' JSON from fragments kept
per entry (all but its index; core.fast.fragments, the fast path ``replay_fragments``) instead, and
lets DRF's renderer write the rest, so the bytes are the renderer's own for ``replay_body``
(tests/referee/test_api_answers.py compares them).
"""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer

from core import fast
from core.fast.fragments import EntryFragments, spliced
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
    """Whether the answer is DRF's compact JSON (not, say, ``Accept: application/json; indent=2``),
    written from fragments (the fast path ``replay_fragments``)."""
    renderer = getattr(request, "accepted_renderer", None)
    return (
        fast.on("replay_fragments")
        and type(renderer) is JSONRenderer
        and renderer.compact
        and request.accepted_media_type == renderer.media_type
    )


_BOOL = {True: "true", False: "false"}


def _entry_json(entry) -> str:
    seat = JSONRenderer().render(str(entry.seat)).decode()
    reading = entry.reading
    reading = "null" if reading is None else JSONRenderer().render(reading_to_dict(reading)).decode()
    return (
        f'"seat":{seat},"ok":{_BOOL[entry.ok]},"passed":{_BOOL[entry.passed]},'
        f'"went_out":{_BOOL[entry.went_out]},"reading":{reading}}}'
    )


# An entry's JSON after its index, by (seat, ok, passed, went_out, the reading's id): every member
# hashes in C (a reading's generated hash and a seat's Enum hash are Python calls). The engine makes
# each entry that stood once per seat and reading (engine/rounds.py), so those are kept by their own
# id too.
_FRAGMENTS = EntryFragments(
    key=lambda entry: (str(entry.seat), entry.ok, entry.passed, entry.went_out, id(entry.reading)),
    holds=lambda entry: entry.reading,
    render=_entry_json,
    stands=lambda entry: entry.ok,
)


def replay_json(ruleset: str, replay) -> bytes:
    """``JSONRenderer().render(replay_body(ruleset, replay))``, written faster (``renders_plainly``)."""
    envelope = JSONRenderer().render(replay_body(ruleset, _NoEntries(replay)))
    return spliced(envelope, b'"plays":[]', _FRAGMENTS.array(replay.entries))


class _NoEntries:
    """A replay's verdict without its entries (the envelope of ``replay_json``)."""

    entries = ()

    def __init__(self, replay):
        self._replay = replay

    def __getattr__(self, name):
        return getattr(self._replay, name)
