"""How many SQL statements a deal post sends (issue 21: lean writes), and that the number does not
grow with the deals already posted.

The tests run outside a test transaction (``transaction=True``), as a request runs in production:
the request's own transaction is then its BEGIN and COMMIT (both counted), and it opens no savepoint.
A post of deal ``n`` (``n`` ≥ 2; deal 1 also puts the match in play: one more audit entry and an
update) with a table token and an ``Idempotency-Key`` sends, between BEGIN and COMMIT:

1. the table token, with its event (``TableTokenAuthentication``);
2. the match with its round, stage, event and pairs, locked (``SELECT … FOR UPDATE OF`` the match),
   filtered by the events the caller sees: the permission step loads it and the service uses it
   (``visible_match(lock=True)``, ``lock_match``);
3. the match's current deals and the latest version of deal ``n`` (``posting_deals``), read after
   the lock, so that what was posted before the lock was taken is seen;
4. whether the match has a live result (``require_deals_open``: a table adds no deal then);
5. Guandan only: the referees' standing level changes of the match (G12, the referee app's
   ``Rulings.level_changes``), which the fold takes;
6. the deal (``INSERT``);
7. its audit entry (``INSERT``, django-auditlog);
8. the key with its answer (``INSERT … ON CONFLICT DO NOTHING``, ``core.idempotency.insert_answered``).

10 in all; 9 without a key (no 8). An account authenticates with its token (1) and adds its event
roles (one more): 11. Before issue 21 the same post sent 18: the match was loaded three times (twice
by the permission step, once locked), the key was claimed in a savepoint and completed by an update,
the service opened a savepoint of its own and read the latest version of the deal apart. The six
the issue aimed at are out of reach with these guarantees: 4 must be read under the lock (a result
submitted while the post waited for it must be seen, which a subquery of the locking statement,
evaluated on the snapshot taken before the wait, would miss), 5 belongs to the referee app, and
6 to 8 are the writes themselves.
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
    ("credential", "key", "most"), [("table", True, 10), ("table", False, 9), ("account", True, 11)]
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
    """Shuangkou takes no level changes: one statement fewer than Guandan (no 5): 9."""
    match = a_match("shuangkou")
    client = table_client(match.round.event, 1)
    post_up_to(client, match, number, shuangkou_body)
    with django_assert_max_num_queries(9):
        response = client.post(
            deals_url(match), shuangkou_body(number), format="json", HTTP_IDEMPOTENCY_KEY="the-post"
        )
    assert response.status_code == 201, response.json()
