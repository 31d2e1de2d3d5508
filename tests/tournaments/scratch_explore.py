import json
import pytest
from tests.tournaments.conftest import *  # noqa

pytestmark = pytest.mark.django_db


def show(r):
    print(r.status_code, json.dumps(r.json() if r.content else None, ensure_ascii=False)[:1500])


def test_explore(organizer, event):
    pairs = make_pairs(event, 16, seeded=True)
    s = organizer.post(
        f"/api/v1/events/{event.slug}/stages/", {"name": "KO", "kind": "knockout"}, format="json"
    )
    show(s)
    r = organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": s.json()["id"]}, format="json")
    show(organizer.post(f"/api/v1/events/{event.slug}/rounds/1/draw/", {"seed": 5}, format="json"))
    ms = organizer.get(f"/api/v1/events/{event.slug}/matches/?round=1").json()["results"]
    print([(m["table"], m["ns_pair"]["seed"], m["ew_pair"]["seed"]) for m in ms])
    r = organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": s.json()["id"]}, format="json")
    show(organizer.post(f"/api/v1/events/{event.slug}/rounds/2/draw/", {"seed": 5}, format="json"))
    confirm_round(Round.objects.get(number=1), lambda m: min((m.ns_pair, m.ew_pair), key=lambda p: p.seed))
    show(organizer.post(f"/api/v1/events/{event.slug}/rounds/2/draw/", {"seed": 5}, format="json"))
    ms = organizer.get(f"/api/v1/events/{event.slug}/matches/?round=2").json()["results"]
    print([(m["table"], m["ns_pair"]["seed"], m["ew_pair"]["seed"]) for m in ms])
    s = organizer.post(
        f"/api/v1/events/{event.slug}/stages/",
        {"name": "RR", "kind": "round_robin", "order": 2, "group_count": 2},
        format="json",
    )
    show(s)
    for n in range(3, 12):
        organizer.post(f"/api/v1/events/{event.slug}/rounds/", {"stage": s.json()["id"]}, format="json")
        r = organizer.post(f"/api/v1/events/{event.slug}/rounds/{n}/draw/", {"seed": 5}, format="json")
        print(n, r.status_code, r.json().get("code"), r.json().get("relaxed"))
