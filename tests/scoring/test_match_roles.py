"""An account's roles in an event are read with the match it asks for (scoring.selectors.access):
one row a role, every role kept, none read again by the permission checks."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scoring.selectors.access import visible_match
from tests.scoring.conftest import deals_url
from tests.scoring.test_deal_post_queries import a_match, guandan_body
from tests.tournaments.conftest import client_for, grant, new_user
from tournaments.models import Role
from tournaments.permissions import event_roles

pytestmark = pytest.mark.django_db


def test_every_role_of_an_account_comes_with_the_match(django_assert_num_queries):
    match = a_match()
    event = match.round.event
    user = grant(event, Role.REFEREE)
    grant(event, Role.SCOREKEEPER, user=user, tables=[2])
    request = SimpleNamespace(user=user)
    assert visible_match(request, match.pk) == match
    with django_assert_num_queries(0):
        assert event_roles(request, event) == {Role.REFEREE: [], Role.SCOREKEEPER: [2]}


def test_an_account_without_a_role_is_known_to_have_none(django_assert_num_queries):
    match = a_match()  # a published event: any account sees it
    request = SimpleNamespace(user=new_user())
    assert visible_match(request, match.pk) == match
    with django_assert_num_queries(0):
        assert event_roles(request, match.round.event) == {}


def test_a_referee_limited_as_a_scorekeeper_elsewhere_keeps_any_table():
    match = a_match()  # table 1
    user = grant(match.round.event, Role.SCOREKEEPER, tables=[2])
    grant(match.round.event, Role.REFEREE, user=user)
    response = client_for(user).post(deals_url(match), guandan_body(1), format="json")
    assert response.status_code == 201, response.json()
