"""Demo results for ``manage.py seed_demo``: the first four tables of the demo's round 1 are played.

Tables 1 and 2 post every deal, tables 3 and 4 only their level sheets; all four are confirmed by
the demo organiser, so the standings have something to show. Tables 5 to 8 are left to play.
"""

from __future__ import annotations

from scoring.actors import Actor
from scoring.models import MatchResult
from scoring.services.deals import deal_submit
from scoring.services.result_facts import ResultSubmission
from scoring.services.results import result_submit
from tournaments.demo import SLUG
from tournaments.models import Event, Role

DEALS = {
    1: [["N", "S"], ["E", "N", "W"], ["N", "W", "S"], ["N", "S"], ["S", "N"], ["N", "E", "S"], ["N", "S"]],
    2: [["E", "W"], ["W", "N", "E"], ["E", "W"], ["S", "E", "N"], ["W", "E"], ["E", "W"], ["W", "E"]],
}
SHEETS = {3: {"NS": "A+", "EW": "10"}, 4: {"NS": "Q", "EW": "A+"}}


def seed_demo(*, user, stdout) -> None:
    event = Event.objects.filter(slug=SLUG).first()
    if event is None or MatchResult.objects.filter(match__round__event=event).exists():
        return
    actor = Actor(user=user, token=None, roles=frozenset({Role.ORGANIZER}), tables=None)
    matches = {m.table: m for m in event.rounds.get(number=1).matches.select_related("round__event")}
    for table, orders in DEALS.items():
        for number, order in enumerate(orders, start=1):
            deal_submit(match=matches[table], number=number, body={"finishing_order": order}, actor=actor)
        result_submit(match=matches[table], submission=ResultSubmission(confirm=True), actor=actor)
    for table, levels in SHEETS.items():
        sheet = ResultSubmission(levels=levels, deals_played=9, confirm=True)
        result_submit(match=matches[table], submission=sheet, actor=actor)
    stdout.write(f"Demo results: tables 1-4 of round 1 played and confirmed ({SLUG!r}).")
