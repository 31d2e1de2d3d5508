"""How many SQL statements a result post sends (issue 21: lean writes), however many deals the match
has. As a deal post (tests/scoring/test_deal_post_queries.py), a result post is one transaction
(``atomic_post``) that reads the match once, locked, with the table token, and records its
``Idempotency-Key`` with its answer at the end in one statement. A table's first submission of a
Guandan result from its deals sends, with BEGIN and COMMIT, ten:

1. BEGIN;
2. the match with its round, stage, event and pairs and the table token, locked; the row holds the
   stored state (``Match.sheet``: the fold of the deals with the referees' level changes, and the
   deals' tally), which the result is read from: no deal and no level change is read;
3. the match's results (``result_submit``: what is submitted, disputed or confirmed already);
4. the result (``INSERT``), 5. its audit entry (its save does not forget the stored state:
   ``MatchResult.keeps_sheet``);
6. the match put in ``finished`` with its stored state forgotten, in one ``UPDATE``, and 7. that
   change's audit entry, made from the match as it was locked (``core.bulk_audit.save_audited``:
   django-auditlog does not read the row again);
8. the results again, for the answer (what ``GET …/result`` reads);
9. the key with its answer (``INSERT … ON CONFLICT DO NOTHING``);
10. COMMIT.

Before, 14: the deals and the level changes were read and folded, the stored state was forgotten by
an ``UPDATE`` of its own, and django-auditlog read the match before logging its status. Before
issue 21, 20 (no stored state to forget): the match was read twice (the permission step, then
locked), the token apart, the key claimed in a savepoint and completed by an update, and the
service opened a savepoint of its own.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from scoring.models import MatchResult
from tests.scoring.conftest import result_url
from tests.scoring.test_deal_post_queries import a_match, post_up_to
from tests.tournaments.conftest import role_client, table_client
from tournaments.models import Role

MOST_FOR_A_CONFIRMATION = 28

pytestmark = pytest.mark.django_db(transaction=True)


def sweep(number: int) -> dict:
    return {"number": number, "finishing_order": ["N", "S"]}  # NS to A+ in five deals


def test_a_result_post_sends_a_fixed_number_of_statements(django_assert_max_num_queries):
    match = a_match()
    client = table_client(match.round.event, 1)
    post_up_to(client, match, 6, sweep)
    ContentType.objects.get_for_model(MatchResult)  # cached by a process's first audit entry of a result
    with django_assert_max_num_queries(10):
        response = client.post(result_url(match), {"side": "NS"}, format="json", HTTP_IDEMPOTENCY_KEY="r")
    assert response.status_code == 201, response.json()
    assert MatchResult.objects.filter(match=match).count() == 1


def test_a_confirmation_sends_a_fixed_number_of_statements(django_assert_max_num_queries):
    """The other side's scorekeeper confirms the table's result (double entry). Not lean yet (28,
    with what its test client computes after the commit): an account's token and roles, the match read
    by the permission step and again, locked, by ``result_confirm``; the results (three times: the
    service, django-auditlog before logging the confirmation, and ``_confirm``'s confirmed ones), the
    referees' rulings, the result's match and round (its audit entry's event), the result and the
    match updated with their audit entries (the match's made from the locked row: no read of it
    again, nor an ``UPDATE`` of its own to forget its stored state), the standings' generation and
    ``standings.updated``; then the answer and the standings recomputed (with the matches whose
    results wait for the chief referee). The limit holds it there."""
    match = a_match()
    client = table_client(match.round.event, 1)
    post_up_to(client, match, 6, sweep)
    ContentType.objects.get_for_model(MatchResult)
    assert client.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    keeper = role_client(match.round.event, Role.SCOREKEEPER)
    with django_assert_max_num_queries(MOST_FOR_A_CONFIRMATION):
        response = keeper.post(result_url(match, "/confirm"), {"side": "EW"}, format="json")
    assert response.status_code == 200, response.json()
    assert MatchResult.objects.get(match=match).status == "confirmed"
