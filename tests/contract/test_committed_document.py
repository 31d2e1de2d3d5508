"""The committed OpenAPI document is the contract (docs/api.md "The contract"): the server serves
exactly it, and no version of it breaks a client generated from the one before unless
docs/changelog.md says what clients must do."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.contract.breaking import changes
from tests.contract.changelog import CHANGELOG, DOCUMENT, ROOT, Changelog, report, steps, versions

REGENERATE = "run `make schema`, then list in docs/changelog.md what breaks clients (it prints the keys)"


def test_the_served_document_is_the_committed_one(api_client):
    served = api_client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert served.status_code == 200
    committed = (ROOT / DOCUMENT).read_bytes()
    if served.content != committed:
        found = changes(json.loads(committed), json.loads(served.content))
        listed = "\n".join(f"  {'breaking' if c.breaking else '        '}  `{c.key}`" for c in found)
        pytest.fail(f"The server serves another document than {DOCUMENT}: {REGENERATE}.\n{listed}")


@pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="the document's history is git's"
)
def test_every_breaking_change_of_the_documents_history_is_in_the_changelog():
    history = steps(versions())
    text, holds = report(history, Changelog.parse((ROOT / CHANGELOG).read_text(encoding="utf-8")))
    assert holds, text
