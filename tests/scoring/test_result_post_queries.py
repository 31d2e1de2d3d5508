"""How many SQL statements a result post sends (issue 21: lean writes), however many deals the match
has. As a deal post (tests/scoring/test_deal_post_queries.py), a result post is one transaction
(``atomic_post``) that reads the match once, locked, with the table token, and records its
``Idempotency-Key`` with its answer at the end in one statement. A table's first submission of a
Guandan result from its deals sends, with BEGIN and COMMIT:

1. BEGIN;
2. the match with its round, stage, event and pairs and the table token, locked;
3. the match's results (``result_submit``: what is submitted, disputed or confirmed already);
4. its current deals and 5. the referees' level changes: the result is the fold of the deals
   (the stored state is not read here: a result is written once a match, and it forgets that state);
6. the result (``INSERT``), 7. its audit entry;
8. the stored state forgotten (``UPDATE``, ``scoring.signals``);
9. the match as it was, which django-auditlog reads to log the change of its status, 10. that audit
   entry, 11. the match put in ``finished`` (``UPDATE``);
12. the results again, for the answer (what ``GET …/result`` reads);
13. the key with its answer (``INSERT … ON CONFLICT DO NOTHING``);
14. COMMIT.

Before, the same post sent 20 (no stored state to forget): the match was read twice (the permission
step, then locked), the token apart, the key claimed in a savepoint and completed by an update, and
the service opened a savepoint of its own.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from scoring.models import MatchResult
from tests.scoring.conftest import result_url
from tests.scoring.test_deal_post_queries import a_match, post_up_to
from tests.tournaments.conftest import table_client

pytestmark = pytest.mark.django_db(transaction=True)


def sweep(number: int) -> dict:
    return {"number": number, "finishing_order": ["N", "S"]}  # NS to A+ in five deals


def test_a_result_post_sends_a_fixed_number_of_statements(django_assert_max_num_queries):
    match = a_match()
    client = table_client(match.round.event, 1)
    post_up_to(client, match, 6, sweep)
    ContentType.objects.get_for_model(MatchResult)  # cached by a process's first audit entry of a result
    with django_assert_max_num_queries(14):
        response = client.post(result_url(match), {"side": "NS"}, format="json", HTTP_IDEMPOTENCY_KEY="r")
    assert response.status_code == 201, response.json()
    assert MatchResult.objects.filter(match=match).count() == 1
