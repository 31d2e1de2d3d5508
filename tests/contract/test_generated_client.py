"""A client generated from the OpenAPI document keeps a table's score (docs/api.md "The contract").

openapi-python-client (a dev dependency) generates a Python client from the committed document
(docs/openapi.json, the one the server serves: tests/contract/test_committed_document.py), and the
test plays a match of the demo event through that client only: who am I (``GET /me/``, no username
typed), the event's tables, five deals posted as a scorekeeping app posts them, a ``/sync`` batch
whose answers are their own types, the deals read back,
the result submitted and confirmed. A document that says less or other than the server answers
breaks the generated code here (a ``KeyError`` on a member declared required but missing, a status
it cannot parse), as it broke the apps of outside users.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from core.management.commands.seed_demo import DEMO_USER
from tests.contract.changelog import DOCUMENT, ROOT
from tournaments.demo import SLUG

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.e2e]
GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "guandan_contract_client"
ONE_TWO = ["N", "S"]  # NS go out first and second: up three levels a deal (G6), A passed in five


@pytest.fixture
def generated(tmp_path, monkeypatch):
    """The client package generated from the committed document, importable."""
    config = tmp_path / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run over the generated code
    command = [str(GENERATOR), "generate", "--path", str(ROOT / DOCUMENT), "--meta", "none"]
    command += ["--config", str(config), "--output-path", str(tmp_path / PACKAGE)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, env=os.environ)
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "Warning" not in report, report  # nothing of the document left out
    monkeypatch.syspath_prepend(str(tmp_path))
    yield lambda name: importlib.import_module(f"{PACKAGE}.{name}")
    for module in [m for m in sys.modules if m.startswith(PACKAGE)]:
        del sys.modules[module]


@pytest.mark.skipif(
    not GENERATOR.exists(), reason="openapi-python-client is a dev dependency: pip install -e .[dev]"
)
def test_a_generated_client_keeps_a_tables_score(generated, live_server):
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed with the process)
    token = Token.objects.get_or_create(user__username=DEMO_USER)[0].key
    client = generated("client").AuthenticatedClient(base_url=live_server.url, token=token)  # Bearer
    models = generated("models")

    me = generated("api.me.me_retrieve").sync(client=client)
    assert me.username == DEMO_USER
    assert [(role.event, role.role.value) for role in me.roles] == [(SLUG, "organizer")]

    tables = generated("api.events.events_matches_list").sync(SLUG, client=client, round_=1)
    deals_list = generated("api.scorekeeping.matches_deals_list")
    unplayed = [
        m
        for m in tables.results
        if m.status.value == "scheduled" and not deals_list.sync(m.id, client=client)
    ]
    match = min(unplayed, key=lambda m: m.table)  # the demo has played some tables already

    post = generated("api.scorekeeping.matches_deals_create")
    for number in range(1, 6):
        body = models.DealInputRequest(number=number, finishing_order=ONE_TWO)
        posted = post.sync(match.id, client=client, body=body, idempotency_key=str(uuid.uuid4()))
        assert isinstance(posted, models.DealPostedAnyGame), posted
        assert isinstance(posted.state, models.MatchState), posted.state  # Guandan's, not a sheet's
        assert posted.state.next_deal == (None if posted.state.finished else number + 1)
    assert posted.state.finished and posted.state.winner == models.SideEnum.NS
    assert posted.state.levels.ns == models.LevelEnum.A_PLUS  # past A (G6)
    # The offline queue: the last deal again and one past the end, each answer its own type by
    # kind and outcome (SyncDealApplied carries the deal's answer, SyncDealRefused its problem).
    items = [
        models.SyncDealItemRequest(
            key=str(uuid.uuid4()),
            kind=models.SyncDealItemRequestKind.DEAL,
            match=match.id,
            body=models.DealInputRequest(number=number, finishing_order=ONE_TWO),
        )
        for number in (5, 6)
    ]
    sync = generated("api.scorekeeping.sync_create")
    synced = sync.sync(client=client, body=models.SyncRequestRequest(items))
    again, past = synced.items
    assert isinstance(again, models.SyncDealApplied) and isinstance(again.body.state, models.MatchState)
    assert (again.outcome.value, again.body.deal.number) == ("already_applied", 5)
    assert isinstance(past, models.SyncDealRefused) and past.body.code == "match_over", past
    deals = deals_list.sync(match.id, client=client)
    assert [deal.number for deal in deals] == [1, 2, 3, 4, 5]
    assert all(deal.leader is None and isinstance(deal.level, models.LevelEnum) for deal in deals)

    submitted = generated("api.scorekeeping.matches_result_create").sync(
        match.id, client=client, body=models.ResultInputRequest(confirm=True)
    )
    assert isinstance(submitted, models.MatchResults), submitted
    result = generated("api.scorekeeping.matches_result_retrieve").sync(match.id, client=client)
    assert result.status.value == "confirmed", result
    assert result.official.winner.value == "NS"


@pytest.mark.skipif(
    not GENERATOR.exists(), reason="openapi-python-client is a dev dependency: pip install -e .[dev]"
)
def test_a_generated_client_edits_a_daguai_event_and_reads_its_pairs_as_the_organiser(generated, live_server):
    """A PATCH sends what the caller set, nothing more: a default in the document made a generated
    client send ``"game": "guandan"`` with every edit, and a Daguai event refused it (issue 35)."""
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed with the process)
    token = Token.objects.get_or_create(user__username=DEMO_USER)[0].key
    client = generated("client").AuthenticatedClient(base_url=live_server.url, token=token)
    models = generated("models")
    body = models.EventRequest(slug="daguai-night", name="Daguai night", game=models.EventGameEnum.DAGUAI)
    created = generated("api.events.events_create").sync(client=client, body=body)
    assert isinstance(created, models.Event), created
    edited = generated("api.events.events_partial_update").sync(
        "daguai-night", client=client, body=models.PatchedEventRequest(venue="The tea house")
    )
    assert isinstance(edited, models.Event), edited
    assert (edited.game, edited.venue) == (models.EventGameEnum.DAGUAI, "The tea house")

    pairs = generated("api.events.events_pairs_list").sync(SLUG, client=client)
    assert isinstance(pairs, models.PaginatedPairPrivateList), pairs  # the organiser's, with PINs
    assert all(len(pair.confirm_pin) == 6 and pair.player_1.email is not None for pair in pairs.results)
