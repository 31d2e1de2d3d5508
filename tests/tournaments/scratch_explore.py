import json
import pytest
from tests.tournaments.conftest import *  # noqa

pytestmark = pytest.mark.django_db

def show(r):
    print(r.status_code, json.dumps(r.json() if r.content else None, ensure_ascii=False)[:300])

def test_explore(organizer, event):
    make_pairs(event, 4, units=2)
    StageFactory(event=event)
    show(organizer.delete(f"/api/v1/events/{event.slug}/"))
    show(organizer.get(f"/api/v1/events/{event.slug}/"))
