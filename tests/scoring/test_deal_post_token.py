"""A deal post reads its table token with the locked match, in one query (``TableUser`` deferred;
``scoring.selectors.access.visible_match``): it answers every caller as an authentication first
would, a 401 for a key that is unknown or revoked, whatever the match."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.models import Deal
from tests.scoring.conftest import API, deals_url
from tests.tournaments.conftest import EventFactory, assert_problem, table_client
from tournaments.models import TableToken

pytestmark = pytest.mark.django_db

DEAL = {"number": 1, "finishing_order": ["N", "S"]}


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Table {key}")
    return client


def test_the_tables_token_posts_its_deal_and_the_deal_names_it(play, table_1):
    match = play["matches"][0]
    assert table_1.post(deals_url(match), DEAL, format="json").status_code == 201
    token = TableToken.objects.get(event=play["event"], table=1)
    assert Deal.objects.get(match=match).table_token == token


def test_a_revoked_token_is_a_401_on_a_deal_post(play, table_1):
    match = play["matches"][0]
    TableToken.objects.filter(event=play["event"], table=1).update(revoked_at=timezone.now())
    assert_problem(table_1.post(deals_url(match), DEAL, format="json"), 401, "invalid_token")
    assert not Deal.objects.exists()


@pytest.mark.parametrize("pk", ["known", "unknown"])
def test_an_unknown_key_is_a_401_whether_or_not_the_match_exists(play, pk):
    url = deals_url(play["matches"][0]) if pk == "known" else f"{API}/matches/999999/deals/"
    assert_problem(with_key("no-such-key").post(url, DEAL, format="json"), 401, "invalid_token")


def test_a_token_of_another_table_does_not_see_this_tables_match(play):
    response = table_client(play["event"], 2).post(deals_url(play["matches"][0]), DEAL, format="json")
    assert_problem(response, 404, "not_found")
    assert not Deal.objects.exists()


def test_a_token_of_another_event_sees_this_public_match_but_may_not_post_its_deal(play):
    other = table_client(EventFactory(published=True), 1)
    response = other.post(deals_url(play["matches"][0]), DEAL, format="json")
    assert_problem(response, 403, "permission_denied")
    assert not Deal.objects.exists()
