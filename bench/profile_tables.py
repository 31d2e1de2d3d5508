"""The tables of ``bench.profile_posts``' result posts as ``bench.national`` plays them.

An event of its own, played as national's (``deal_count``, two deals a match, equal levels a draw),
in the profile's throwaway database: a table token per table, and the benchmark's scorekeeper
account (``bench.server_data``) a scorekeeper of it too. Each table's two deals are posted with its
table token before the timing (``TableResults.results``); what is timed is national's pair of
posts: the table's result (``{}``: the engine reads the deals) with its table token, then the
confirmation by the EW side's scorekeeper with the account's token (``{"side": "EW"}``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from bench.load import Request

PAIRS = 500
DEALS = 2
JSON = {"Content-Type": "application/json"}
ORDERS = (("N", "E", "S", "W"), ("E", "N", "W", "S"), ("S", "W", "N", "E"), ("W", "S", "E", "N"))


def national_tables(keeper_key: str, tables: int) -> list[tuple[int, str]]:
    """``tables`` matches (250 a round) of a national-like event: (match id, its table token)."""
    # Imported here, as bench.profile_posts' child does: Django is set up by then (bench.wsgi),
    # not when this module is imported.
    from rest_framework.authtoken.models import Token

    from tournaments.models import (
        Event,
        EventRole,
        EventStatus,
        Match,
        Pair,
        Player,
        Role,
        Round,
        RoundStatus,
        Stage,
        TableToken,
    )

    event = Event.objects.create(
        slug="profile-national",
        name="Profile national",
        status=EventStatus.PUBLISHED,
        match_format="deal_count",
        deal_limit=DEALS,
        equal_levels="draw",
    )
    players = Player.objects.bulk_create(Player(event=event, name=f"Player {n}") for n in range(2 * PAIRS))
    pairs = Pair.objects.bulk_create(
        Pair(event=event, number=n + 1, player_1=players[2 * n], player_2=players[2 * n + 1])
        for n in range(PAIRS)
    )
    keys = {
        t.table: t.key
        for t in TableToken.objects.bulk_create(
            TableToken(event=event, table=n + 1) for n in range(PAIRS // 2)
        )
    }
    EventRole.objects.create(event=event, user=Token.objects.get(key=keeper_key).user, role=Role.SCOREKEEPER)
    stage = Stage.objects.create(event=event, name="Swiss")
    ids = [pair.pk for pair in pairs]
    matches: list[Match] = []
    for number in range(1, -(-tables // (PAIRS // 2)) + 1):
        round_ = Round.objects.create(event=event, stage=stage, number=number, status=RoundStatus.PUBLISHED)
        random.Random(number).shuffle(ids)
        matches += Match.objects.bulk_create(
            Match(round=round_, table=t + 1, ns_pair_id=ids[2 * t], ew_pair_id=ids[2 * t + 1])
            for t in range(PAIRS // 2)
        )
    return [(m.pk, keys[m.table]) for m in matches[:tables]]


class TableResults:
    """National's result and confirmation, a table at a time: ``results(n)`` posts the next ``n``
    tables' deals (``play``, untimed) and answers their result posts; ``confirmations(n)`` answers the
    confirmations of the next ``n`` tables whose result was asked for."""

    def __init__(self, tables: list[tuple[int, str]], keeper_key: str, play: Callable[[list[Request]], None]):
        self.tables: Iterator[tuple[int, str]] = iter(tables)
        self.keeper = {**JSON, "Authorization": f"Token {keeper_key}"}
        self.play = play
        self.submitted: list[int] = []

    def results(self, count: int) -> list[Request]:
        batch = [next(self.tables) for _ in range(count)]
        deals = []
        for index, (pk, key) in enumerate(batch):
            headers = {**JSON, "Authorization": f"Table {key}"}
            for number in range(1, DEALS + 1):
                body = {"number": number, "finishing_order": list(ORDERS[(index + number) % 4])}
                deals.append(Request("POST", f"/api/v1/matches/{pk}/deals/", _json(body), headers))
        self.play(deals)
        self.submitted += [pk for pk, _ in batch]
        return [
            Request("POST", f"/api/v1/matches/{pk}/result", b"{}", {**JSON, "Authorization": f"Table {key}"})
            for pk, key in batch
        ]

    def confirmations(self, count: int) -> list[Request]:
        batch, self.submitted = self.submitted[:count], self.submitted[count:]
        if len(batch) < count:
            raise RuntimeError("a confirmation is timed only after its table's result post")
        return [
            Request("POST", f"/api/v1/matches/{pk}/result/confirm", b'{"side": "EW"}', self.keeper)
            for pk in batch
        ]


def _json(body: dict) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()
