"""A whole event run through the API only, as the games' end-to-end tests drive it: an organizer, a
scorekeeper and two table tokens, a Swiss stage, and rounds drawn with a fixed seed and published."""

from __future__ import annotations

from rest_framework.test import APIClient

from tests.scoring.conftest import API
from tests.tournaments.conftest import client_for, new_user


def check(response, status: int = 200) -> dict:
    assert response.status_code == status, (response.status_code, response.json())
    return response.json()


class EventThroughApi:
    """``create`` the event, register its entrants, then ``staff``; ``draw`` each round."""

    slug: str
    seed: int  # round n is drawn with seed + n

    def __init__(self):
        self.organizer = client_for(new_user("organizer"))
        self.keeper = client_for(new_user("keeper"))
        self.tables: dict[int, APIClient] = {}

    @property
    def url(self) -> str:
        return f"{API}/events/{self.slug}"

    def create(self, **fields) -> dict:
        """The event, published."""
        event = check(
            self.organizer.post(f"{API}/events/", {"slug": self.slug, **fields}, format="json"), 201
        )
        check(self.organizer.patch(f"{self.url}/", {"status": "published"}))
        return event

    def staff(self) -> None:
        """A scorekeeper of every table, tokens for tables 1 and 2, and a Swiss stage."""
        body = {"username": self.keeper.user.username, "role": "scorekeeper"}
        check(self.organizer.post(f"{self.url}/roles/", body), 201)
        for table in (1, 2):
            key = check(self.organizer.post(f"{self.url}/table-tokens/", {"table": table}), 201)["key"]
            self.tables[table] = APIClient()
            self.tables[table].credentials(HTTP_AUTHORIZATION=f"Table {key}")
        self.stage = check(
            self.organizer.post(f"{self.url}/stages/", {"name": "Swiss", "kind": "swiss"}), 201
        )

    def draw(self) -> list[dict]:
        """The next round drawn, published, and its matches."""
        number = check(self.organizer.post(f"{self.url}/rounds/", {"stage": self.stage["id"]}), 201)["number"]
        check(self.organizer.post(f"{self.url}/rounds/{number}/draw", {"seed": self.seed + number}))
        check(self.organizer.post(f"{self.url}/rounds/{number}/publish"))
        return check(self.organizer.get(f"{self.url}/matches/", {"round": number}))["results"]
