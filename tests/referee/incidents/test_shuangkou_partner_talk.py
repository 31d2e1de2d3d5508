"""Talking to a partner at a Shuangkou table (docs/rules/shuangkou.md S11; the infraction
``partner_talk`` of the penalty tables, docs/referees.md): a warning, then the round is lost."""

from __future__ import annotations

import pytest

from referee.models import Ruling
from tests.referee.incidents.conftest import offence, standings
from tests.scoring.shuangkou import keeper, post_all, referee, short, sk
from tests.tournaments.conftest import role_client
from tournaments.models import Role

__all__ = ["keeper", "referee", "sk"]  # fixtures

pytestmark = pytest.mark.django_db


def test_s11_talking_to_a_partner_is_first_a_warning(sk, referee, keeper):
    post_all(keeper, sk["match"], [short("N", 35)])
    ruling = offence(referee, sk["event"], sk["match"], "partner_talk", seat="E", deal=2)
    assert ruling["count"] == 1
    assert Ruling.objects.get(count=1).effects == [{"kind": "warning", "to": "offender"}]


def test_s11_talking_to_a_partner_again_loses_the_round(sk, referee, keeper):
    event, match = sk["event"], sk["match"]
    post_all(keeper, match, [short("N", 35)])
    offence(referee, event, match, "partner_talk", seat="E", deal=2)
    second = offence(referee, event, match, "partner_talk", seat="W", deal=2)  # the same side: its 2nd
    assert second["count"] == 2
    assert Ruling.objects.get(count=2).effects == [{"kind": "match_awarded", "to": "opponents"}]
    table = standings(role_client(event, Role.ORGANIZER), event)
    points = {row["pair"]["id"]: row["match_points"] for row in table["rows"]}
    assert (points[match.ns_pair_id], points[match.ew_pair_id]) == (2, 0)  # a win: 2 / 1 / 0 (G9)
