"""A TypeScript client typed from the committed document keeps a table's score (docs/api.md "The
contract"): openapi-typescript turns docs/openapi.json into types, ``tsc --strict`` compiles
tests/contract/typescript/table.mts against them — no cast, no type written by hand, so a document
that says less or other than an app needs fails to compile — and node runs it against the live
server with openapi-fetch: who am I, a table's five deals to the end of its match, a ``/sync``
batch whose answers it narrows by ``kind`` and ``outcome``, the result, and
a Daguai event's PATCH that sends only what it sets (issue 35)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from core.management.commands.seed_demo import DEMO_USER
from tests.contract.changelog import DOCUMENT, ROOT
from tournaments.demo import SLUG

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.e2e]
SOURCE = ROOT / "tests" / "contract" / "typescript"
BIN = ROOT / "node_modules" / ".bin"


def run(*command: str, env: dict | None = None) -> str:
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, env=env or os.environ)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.skipif(
    not (BIN / "tsc").exists() or shutil.which("node") is None,
    reason="the Node tools of package.json: `make node-tools`",
)
def test_a_typescript_client_compiled_strictly_keeps_a_tables_score(live_server):
    build = ROOT / "var" / "typescript"  # under the repository: node finds its node_modules
    shutil.rmtree(build, ignore_errors=True)
    shutil.copytree(SOURCE, build)
    run(str(BIN / "openapi-typescript"), str(ROOT / DOCUMENT), "-o", str(build / "schema.d.ts"))
    run(str(BIN / "tsc"), "-p", str(build / "tsconfig.json"))

    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed with the process)
    env = {
        **os.environ,
        "CONTRACT_BASE_URL": live_server.url,
        "CONTRACT_TOKEN": Token.objects.get_or_create(user__username=DEMO_USER)[0].key,
        "CONTRACT_EVENT": SLUG,
    }
    played = json.loads(run("node", str(build / "out" / "table.mjs"), env=env))
    assert played["winner"] == "NS" and played["game"] == "daguai"
    assert played["levels"] == ["2", "5", "8", "J", "A"]  # each deal at the level before it (G6)
    # /sync's answers narrowed by kind and outcome: the last deal again, then one past the match's end
    assert played["synced"][0] == "already_applied:guandan:5", played["synced"]
    assert played["synced"][1].startswith("refused:") or played["synced"][1].startswith("conflict:")
