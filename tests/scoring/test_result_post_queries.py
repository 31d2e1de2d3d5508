"""How many SQL statements a result post sends (issue 21: lean writes), however many deals the match
has. As a deal post (tests/scoring/test_deal_post_queries.py), a result post is one transaction
(``atomic_post``) that reads the match once, locked, with the table token, and records its
``Idempotency-Key`` with its answer at the end in one statement. A table's first submission of a
Guandan result from its deals sends, with BEGIN and COMMIT, nine:

1. BEGIN;
2. the match with its round, stage, event and pairs, its derived state row (``MatchState``: the fold
   of the deals with the referees' level changes, and the deals' tally, which the result is read
   from: no deal and no level change is read) and the table token, the match and its state locked;
3. the match's results with who submitted and confirmed each (``match_results``: what is submitted,
   disputed or confirmed already), which the answer is also made from, as written: they are not
   read again;
4. the result (``INSERT``);
5. the match put in ``finished`` (``UPDATE``);
6. its stored state forgotten (``scoring.services.changes.record``: an upsert of its row);
7. the audit entries of both writes in one ``INSERT`` (``core.bulk_audit.batched``), the match's made
   from the match as it was locked (``save_audited``: django-auditlog does not read the row again);
8. the key with its answer (``INSERT … ON CONFLICT DO NOTHING``);
9. COMMIT.

Before issue 36, eight: the state lived in the match row, forgotten in the match's own ``UPDATE``.

Before, 10: each audit entry had its own ``INSERT`` and the results were read again for the answer;
before that, 14: the deals and the level changes were read and folded, the stored state was forgotten
by an ``UPDATE`` of its own, and django-auditlog read the match before logging its status. Before
issue 21, 20 (no stored state to forget): the match was read twice (the permission step, then
locked), the token apart, the key claimed in a savepoint and completed by an update, and the
service opened a savepoint of its own.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from scoring.models import MatchResult, MatchState
from tests.scoring.conftest import result_url
from tests.scoring.test_deal_post_queries import a_match, post_up_to
from tests.tournaments.conftest import role_client, table_client
from tournaments.models import Role, RoundStatus
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db(transaction=True)


def sweep(number: int) -> dict:
    return {"number": number, "finishing_order": ["N", "S"]}  # NS to A+ in five deals


def test_a_result_post_sends_a_fixed_number_of_statements(django_assert_max_num_queries):
    match = a_match()
    client = table_client(match.round.event, 1)
    post_up_to(client, match, 6, sweep)
    ContentType.objects.get_for_model(MatchResult)  # cached by a process's first audit entry of a result
    with django_assert_max_num_queries(9):
        response = client.post(result_url(match), {"side": "NS"}, format="json", HTTP_IDEMPOTENCY_KEY="r")
    assert response.status_code == 201, response.json()
    assert MatchResult.objects.filter(match=match).count() == 1


def _post_level_sheet(match, django_assert_max_num_queries, *, statements: int) -> None:
    """A scorekeeper's level sheet (记级) with an account, as the server benchmark posts it, sent in
    at most ``statements`` statements and submitted."""
    keeper = role_client(match.round.event, Role.SCOREKEEPER)
    ContentType.objects.get_for_model(MatchResult)
    with django_assert_max_num_queries(statements):
        response = keeper.post(
            result_url(match), {"levels": {"NS": "A+", "EW": "K"}, "deals_played": 12}, format="json"
        )
    assert response.status_code == 201, response.json()


def test_an_account_result_post_sends_a_fixed_number_of_statements(django_assert_max_num_queries):
    """A scorekeeper's level sheet (记级) with an account, as the server benchmark posts it, for a
    match without deals: the nine above less the key (8), plus the token with its user, the match
    locked again without a state row (it has none: the first lock statement, joined with it, found
    nothing) and the match's deals (none: a match without a stored state reads them): 11. The
    account's event roles come with the match (one row a role: scoring.selectors.access); they were
    a query of their own. Before issue 36: 9 (the state in the match row: one lock statement)."""
    match = a_match()
    _post_level_sheet(match, django_assert_max_num_queries, statements=11)
    assert MatchResult.objects.get(match=match).status == "submitted"


def submitted(credential: str):
    """A match with its result submitted from its deals; the client that submitted it and the one
    that confirms it with ``credential``: the other side's scorekeeper (an account) after the table
    token, or the table token after an account."""
    match = a_match()
    table = table_client(match.round.event, 1)
    keeper = role_client(match.round.event, Role.SCOREKEEPER)
    submitter, confirmer = (table, keeper) if credential == "account" else (keeper, table)
    post_up_to(submitter, match, 6, sweep)
    ContentType.objects.get_for_model(MatchResult)
    assert submitter.post(result_url(match), {"side": "NS"}, format="json").status_code == 201
    return match, submitter, confirmer


# What the test client runs after the commit: the standings recomputed (Celery runs the task at once
# in the tests; in production a worker does): the event, its matches, results, penalties, the matches
# whose results wait for the chief referee (provisional), pairs, units.
REFRESH = 7


@pytest.mark.parametrize(("credential", "most"), [("table", 9), ("account", 10)])
def test_a_confirmation_sends_a_fixed_number_of_statements(django_assert_max_num_queries, credential, most):
    """The other side confirms the table's result (double entry), one transaction as a result post
    (``atomic_post``): 1. BEGIN; 2. the match with its round, stage, event and pairs (and a table
    token) locked; 3. its results with their authors (``match_results``), which the answer is made
    from as written; 4. the referees' rulings (a ruling keeps its winner, G12); 5. the result
    confirmed (made from the version read locked: ``save_result``, django-auditlog does not read it
    again, nor its match and round for the entry's event); 6. the match confirmed with its winner
    (its stored state was forgotten by the submission: nothing is sent for it); 7. the standings'
    generation moved, answering the new generation and
    whether the event has an active webhook (``UPDATE … RETURNING``: the webhooks are read only
    then, once for ``standings.updated`` and ``result.confirmed``); 8. both changes' audit entries in
    one ``INSERT``; 9. COMMIT. An account adds its token (10): its event roles come with the match
    (they were a query of their own, 11). Then the standings are recomputed.

    Before: 11 (13 with an account): the generation read again after its move, and the webhooks read
    when the event has none; before that 13 (an audit entry a statement, the results read again for
    the answer); 27 with an account before issue 21 (the match read by the permission step and
    again, locked; the results read three times; the result's match and round; the webhooks twice;
    a savepoint)."""
    match, _, confirmer = submitted(credential)
    with django_assert_max_num_queries(most + REFRESH):
        response = confirmer.post(result_url(match, "/confirm"), {"side": "EW"}, format="json")
    assert response.status_code == 200, response.json()
    assert MatchResult.objects.get(match=match).status == "confirmed"


@pytest.mark.parametrize("credential", ["table", "account"])
def test_a_refused_confirmation_leaves_nothing_written(credential):
    """One transaction without a savepoint of its own: a refusal (the same side confirming its own
    version, 409 ``same_side``) rolls the whole request back."""
    match, submitter, _ = submitted(credential)
    response = submitter.post(result_url(match, "/confirm"), {"side": "NS"}, format="json")
    assert response.status_code == 409, response.json()
    assert response.json()["code"] == "same_side"
    assert MatchResult.objects.get(match=match).status == "submitted"


def published_match():
    """A match of a round drafted, then published by the service (as an organiser publishes it)."""
    match = a_match()
    round_ = match.round
    round_.status = RoundStatus.DRAFT
    round_.save()
    assert not MatchState.objects.filter(match=match).exists()
    round_publish(round_=round_)
    return match


def test_a_published_rounds_matches_have_their_state_rows_forgotten():
    """Publication makes each match's state row, forgotten (scoring.services.sheet_store.prepare,
    heard through tournaments.changes): the first post of a match reads it with its lock."""
    match = published_match()
    row = MatchState.objects.get(match=match)
    assert (row.state, row.tally, row.result) == (None, None, False)


def test_an_account_result_post_to_a_published_match_locks_it_once(django_assert_max_num_queries):
    """The level sheet above, to a match of a round published by the service (its state row made
    then): the match is locked once, with its row: 10 statements, not 11."""
    match = published_match()
    _post_level_sheet(match, django_assert_max_num_queries, statements=10)
