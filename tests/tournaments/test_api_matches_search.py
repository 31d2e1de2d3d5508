"""The round board's search (docs/desk.md "The round board"; G11 the draw's tables): ``?pair=`` finds
the tables where a pair of that number plays, ``?number=`` a table of that number or such a pair's,
answered by the database in one page (tournaments/views/match_filters.py, tournaments/selectors/search.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import (
    MatchFactory,
    PairFactory,
    RoundFactory,
    actor_client,
    assert_problem,
    field_errors,
)
from tournaments.models import RoundStatus, TableSeat

pytestmark = pytest.mark.django_db


def url(event, **query) -> str:
    params = "&".join(f"{key}={value}" for key, value in query.items())
    return f"/api/v1/events/{event.slug}/matches/?{params}"


@pytest.fixture
def board(event):
    """Round 1 published: pairs 1-8 at tables 1-4 in an order where table and pair numbers differ
    (table 1: 5 v 3, table 2: 1 v 8, table 3: 2 v 7, table 4: 4 v 6); round 2 with pair 5 at table 2."""
    pairs = {n: PairFactory(event=event, number=n) for n in range(1, 9)}
    first = RoundFactory(event=event, number=1, status=RoundStatus.PUBLISHED)
    for table, (ns, ew) in enumerate([(5, 3), (1, 8), (2, 7), (4, 6)], start=1):
        MatchFactory(round=first, table=table, ns_pair=pairs[ns], ew_pair=pairs[ew])
    second = RoundFactory(event=event, number=2, stage=first.stage, status=RoundStatus.PUBLISHED)
    MatchFactory(round=second, table=1, ns_pair=pairs[1], ew_pair=pairs[2])
    MatchFactory(round=second, table=2, ns_pair=pairs[3], ew_pair=pairs[5])
    return pairs


def tables(response) -> list[tuple[int, int]]:
    assert response.status_code == 200, response.json()
    return [(match["round"], match["table"]) for match in response.json()["results"]]


def test_g11_a_pair_number_finds_the_tables_where_that_pair_plays_on_either_side(event, board):
    client = actor_client(event, "organizer")
    assert tables(client.get(url(event, round=1, pair=5))) == [(1, 1)]
    assert tables(client.get(url(event, round=1, pair=8))) == [(1, 2)]
    assert tables(client.get(url(event, pair=5))) == [(1, 1), (2, 2)]


def test_g11_a_number_finds_that_table_and_the_table_of_that_pair(event, board):
    client = actor_client(event, "organizer")
    # table 3 (2 v 7), and pair 3 plays at table 1
    assert tables(client.get(url(event, round=1, number=3))) == [(1, 1), (1, 3)]
    # table 1 and pair 1 at table 2
    response = client.get(url(event, round=1, number=1))
    assert tables(response) == [(1, 1), (1, 2)]
    assert response.json()["count"] == 2


def test_g11_the_search_takes_the_other_filters_too(event, board):
    client = actor_client(event, "organizer")
    assert tables(client.get(url(event, round=1, number=3, table=3))) == [(1, 3)]
    assert tables(client.get(url(event, round=1, pair=5, status="confirmed"))) == []


def test_g11_a_pair_that_plays_nowhere_finds_nothing(event, board):
    body = actor_client(event, "anonymous").get(url(event, round=1, pair=42)).json()
    assert (body["count"], body["results"]) == (0, [])


def test_d10_a_pair_number_finds_a_seat_at_a_table_of_four(event, board):
    round_3 = RoundFactory(event=event, number=3, stage=board[1].event.stages.first(), status="published")
    table = MatchFactory(round=round_3, table=1, ns_pair=None, ew_pair=None)
    for seat, number in zip("NESW", (1, 4, 6, 7), strict=True):
        TableSeat.objects.create(match=table, round=round_3, seat=seat, pair=board[number])
    client = actor_client(event, "organizer")
    assert tables(client.get(url(event, round=3, pair=6))) == [(3, 1)]
    assert tables(client.get(url(event, round=3, pair=5))) == []


def test_a_search_that_is_not_a_number_is_a_400_naming_it(event, board):
    client = actor_client(event, "organizer")
    response = client.get(url(event, round=1, pair="five"))
    assert_problem(response, 400, "invalid")
    assert "pair" in field_errors(response)
    assert "number" in field_errors(client.get(url(event, number=0)))


def test_the_search_reads_the_page_in_a_bounded_number_of_queries(event, board):
    """The same queries for 8 tables as for more: the database searches, the page is not the round."""
    client = actor_client(event, "organizer")

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url(event, round=1, number=3)).status_code == 200
        return len(captured)

    few = queries()
    first = board[1].event.rounds.get(number=1)
    for table in range(5, 45):
        MatchFactory(round=first, table=table)
    assert queries() == few
