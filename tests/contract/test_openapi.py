"""The OpenAPI document is the contract (docs/api.md): schemathesis checks the live API against it.

A bounded pass (tests/contract/schemathesis.toml: a fixed seed, a few examples per operation, the
examples, coverage and fuzzing phases) of every operation with every check — no server error, only
documented statuses and content types, responses that match their schemas, schema-violating requests
refused, requests without credentials refused where a token is needed — against a server on the test
database, loaded with the demo event. The ids the paths need are the demo's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from core.management.commands.seed_demo import DEMO_USER
from core.throttling import PinRateThrottle
from referee.incidents.services import RulingInput, incident_report, ruling_make
from scoring.actors import Actor
from scoring.models import Webhook
from tournaments.demo import SLUG
from tournaments.models import Event, EventRole, Role, TableToken
from tournaments.services.rounds import round_create

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.e2e]
CONFIG = Path(__file__).with_name("schemathesis.toml")
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")


def demo_ids() -> dict[str, str]:
    """The demo event, plus a draft round 2, a webhook, a table token and a referee's role."""
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed with the process)
    event = Event.objects.get(slug=SLUG)
    stage = event.stages.get()
    draft = round_create(event=event, stage=stage)
    pair = event.pairs.order_by("number").first()
    referee, _ = get_user_model().objects.get_or_create(username="contract-referee")
    role = EventRole.objects.create(event=event, user=referee, role=Role.REFEREE)
    open_match = event.rounds.get(number=1).matches.get(table=5)
    incident, penalty = ruled_incident(event, open_match, referee)
    return {
        "CONTRACT_EVENT": event.slug,
        "CONTRACT_ROUND": str(draft.number),
        "CONTRACT_PAIR": str(pair.pk),
        "CONTRACT_PLAYER": str(pair.player_1_id),
        "CONTRACT_UNIT": str(pair.unit_id),
        "CONTRACT_STAGE": str(stage.pk),
        "CONTRACT_WEBHOOK": str(Webhook.objects.create(event=event, url="https://club.example.org/hook").pk),
        "CONTRACT_TABLE_TOKEN": str(TableToken.objects.create(event=event, table=6).pk),
        "CONTRACT_ROLE": str(role.pk),
        "CONTRACT_MATCH": str(open_match.pk),
        "CONTRACT_INCIDENT": str(incident.pk),
        "CONTRACT_PENALTY": str(penalty.pk),
    }


def ruled_incident(event, match, referee):
    """A hidden card at table 5, ruled as the table proposes: an incident and a penalty to address."""
    actor = Actor(user=referee, token=None, roles=frozenset({Role.REFEREE}), tables=None)
    incident = incident_report(event=event, match=match.pk, infraction="hidden_card", seat="N", actor=actor)
    ruling = ruling_make(incident=incident, ruling=RulingInput(), actor=actor)
    return incident, ruling.penalties.get()


@pytest.mark.skipif(
    not SCHEMATHESIS.exists(), reason="schemathesis is a dev dependency: pip install -e .[dev]"
)
def test_the_live_api_keeps_its_openapi_contract(live_server, monkeypatch):
    # Guessing a PIN is limited to 10 an hour per match (docs/scoring.md): the fuzzer sends more than
    # that to one pinned match, and a 429 is the throttle's answer, not the contract's.
    rates = {**PinRateThrottle.THROTTLE_RATES, "pin": "100000/min"}
    monkeypatch.setattr(PinRateThrottle, "THROTTLE_RATES", rates)
    ids = demo_ids()
    token = Token.objects.get(user__username=DEMO_USER).key
    command = [
        str(SCHEMATHESIS),
        "--config-file",
        str(CONFIG),
        "--no-color",
        "run",
        f"{live_server.url}/api/v1/schema/",
        # Every check: schemathesis runs them all by default; an explicit ``--checks all`` would
        # override the one the configuration turns off for /sync's items (schemathesis.toml).
        "--header",
        f"Authorization: Token {token}",
    ]
    env = {**os.environ, **ids, "SCHEMATHESIS_HOOKS": ""}
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
    report = result.stdout + result.stderr
    assert result.returncode == 0, report[-30000:]
