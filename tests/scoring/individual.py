"""An individual Guandan event (转蛋 / 个人赛; docs/duplicate.md "Individual events") run through the
API: players registered alone, rounds drawn from the event's seed, tables of four played by their
tokens, the EW side confirming with one of its players' PINs."""

from __future__ import annotations

from rest_framework.test import APIClient

from tests.scoring.conftest import API, EW_SWEEP, NS_SWEEP
from tests.scoring.event_api import EventThroughApi, check
from tournaments.pins import pair_pin

SIDES = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


class Individual(EventThroughApi):
    slug, seed = "zhuandan", 0

    def set_up(self, players: int = 12, **fields) -> dict:
        event = self.create(name="Club evening 转蛋", entry="individual", **fields)
        self.players = {}
        for number in range(1, players + 1):
            body = {"player_1": {"name": f"Player {number}"}}
            entrant = check(self.organizer.post(f"{self.url}/pairs/", body, format="json"), 201)
            self.players[entrant["id"]] = entrant
        self.staff()
        for table in (3, 4):
            key = check(self.organizer.post(f"{self.url}/table-tokens/", {"table": table}), 201)["key"]
            self.tables[table] = APIClient()
            self.tables[table].credentials(HTTP_AUTHORIZATION=f"Table {key}")
        return event

    def draw_round(self) -> tuple[dict, list[dict]]:
        """The next round drawn from the event's seed (no seed given), published; it and its matches."""
        number = check(self.organizer.post(f"{self.url}/rounds/", {"stage": self.stage["id"]}), 201)["number"]
        drawn = check(self.organizer.post(f"{self.url}/rounds/{number}/draw", {}, format="json"))
        check(self.organizer.post(f"{self.url}/rounds/{number}/publish"))
        return drawn, check(self.organizer.get(f"{self.url}/matches/", {"round": number}))["results"]

    def play(self, match: dict, winner: str) -> dict:
        """The token posts a sweep by ``winner`` and the result for NS; EW confirms with a PIN."""
        url = f"{API}/matches/{match['id']}"
        token = self.tables[match["table"]]
        for number, order in enumerate(NS_SWEEP if winner == "NS" else EW_SWEEP, start=1):
            deal = {"number": number, "finishing_order": order}
            check(token.post(f"{url}/deals/", deal, format="json"), 201)
        check(token.post(f"{url}/result", {"side": "NS"}, format="json"), 201)
        west = seated(match)["W"]
        body = {"side": "EW", "pin": pair_pin(west)}
        official = check(token.post(f"{url}/result/confirm", body, format="json"))
        assert official["status"] == "confirmed", official
        return official["official"]


def seated(match: dict) -> dict[str, int]:
    return {seat["seat"]: seat["pair"]["id"] for seat in match["seats"]}
