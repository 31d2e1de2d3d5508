"""How many SQL statements a deal post sends (issue 21: lean writes), and that the number does not
grow with the deals already posted.

The tests run outside a test transaction (``transaction=True``), as a request runs in production:
the request's own transaction is then its BEGIN and COMMIT, which Django counts on PostgreSQL and on
SQLite alike (it logs both), and it opens no savepoint. A post of deal ``n`` (``n`` ≥ 2; deal 1 folds
the match and puts it in play: a few more) with a table token and an ``Idempotency-Key`` sends seven:

1. BEGIN;
2. the match with its round, stage, event and pairs, its derived state row (``MatchState``: the
   fold of the deals, whether the match has a result, the highest number voided, the tally) and the
   table token with it, the match and its state locked (``SELECT … FOR UPDATE OF`` both, joined
   with the token of that key on the match's event: ``visible_match(…, state=True)`` for a deferred
   ``TableUser``); both are read after the locks are taken, so that a deal or result written while
   the post waited is seen; no deal, no result and no level change is read;
3. the deal (``INSERT``);
4. the state after it (``UPDATE`` of its row: ``scoring.services.sheet_store.store``);
5. its audit entry (``INSERT``, django-auditlog);
6. the key with its answer (``INSERT … ON CONFLICT DO NOTHING``, ``core.idempotency.insert_answered``);
7. COMMIT.

Six without a key (no 6). An account authenticates with its token: 8 (its event roles come with
the match, one row a role: they were a query of their own, 9).
Before issue 36, six: a database trigger copied the state carried by the deal's INSERT into the
match row (no trigger now: issue 36). Before issue 21 the same post sent 18; before the stored
state, 10 (the token apart, the deals, the results and the referees' level changes read under the
lock, and an UPDATE of the match).
"""

from __future__ import annotations

import pytest

from scoring.models import Deal
from tests.scoring.conftest import deals_url
from tests.scoring.shuangkou import short
from tests.tournaments.conftest import (
    EventFactory,
    MatchFactory,
    PairFactory,
    RoundFactory,
    StageFactory,
    role_client,
    table_client,
)
from tournaments.models import Role, RoundStatus, StageKind

pytestmark = pytest.mark.django_db(transaction=True)

# A 1-4 finish for each side in turn: one level a deal, so that thirty deals do not end the match.
ORDERS = (["N", "E", "W"], ["E", "N", "S"])


def guandan_body(number: int) -> dict:
    return {"number": number, "finishing_order": ORDERS[(number - 1) % 2]}


def shuangkou_body(number: int) -> dict:
    return {"number": number, **short("NWSE"[(number - 1) % 4], 80)}


def a_match(game: str = "guandan"):
    extra = {"game": "shuangkou", "ruleset": "shuangkou-standard"} if game == "shuangkou" else {}
    event = EventFactory(published=True, **extra)
    pairs = [PairFactory(event=event) for _ in range(2)]
    stage = StageFactory(event=event, kind=StageKind.SWISS)
    round_ = RoundFactory(event=event, stage=stage, number=1, status=RoundStatus.PUBLISHED)
    return MatchFactory(round=round_, table=1, ns_pair=pairs[0], ew_pair=pairs[1])


def post_up_to(client, match, last: int, body, *, key: bool = True) -> None:
    """Post deals 1 … ``last`` - 1 as they come."""
    for number in range(1, last):
        headers = {"HTTP_IDEMPOTENCY_KEY": f"deal-{number}"} if key else {}
        response = client.post(deals_url(match), body(number), format="json", **headers)
        assert response.status_code == 201, response.json()


@pytest.mark.parametrize("number", [2, 30])
@pytest.mark.parametrize(
    ("credential", "key", "most"), [("table", True, 7), ("table", False, 6), ("account", True, 8)]
)
def test_a_guandan_deal_post_sends_a_fixed_number_of_statements(
    django_assert_max_num_queries, number, credential, key, most
):
    match = a_match()
    client = (
        table_client(match.round.event, 1)
        if credential == "table"
        else role_client(match.round.event, Role.SCOREKEEPER)
    )
    post_up_to(client, match, number, guandan_body, key=key)
    headers = {"HTTP_IDEMPOTENCY_KEY": "the-post"} if key else {}
    with django_assert_max_num_queries(most):
        response = client.post(deals_url(match), guandan_body(number), format="json", **headers)
    assert response.status_code == 201, response.json()
    assert Deal.objects.filter(match=match).count() == number


@pytest.mark.parametrize("number", [2, 12])
def test_a_shuangkou_deal_post_sends_a_fixed_number_of_statements(django_assert_max_num_queries, number):
    """Another game, the same seven."""
    match = a_match("shuangkou")
    client = table_client(match.round.event, 1)
    post_up_to(client, match, number, shuangkou_body)
    with django_assert_max_num_queries(7):
        response = client.post(
            deals_url(match), shuangkou_body(number), format="json", HTTP_IDEMPOTENCY_KEY="the-post"
        )
    assert response.status_code == 201, response.json()
