"""The served OpenAPI document does not depend on DEBUG (issue 35, the contract): a production
process — DEBUG unset, a SECRET_KEY, ALLOWED_HOSTS=* — serves byte for byte the committed
docs/openapi.json, as the test process (which may run with DEBUG on) does. Settings read once at
start-up from DEBUG (webhook address rules, eager tasks, secure cookies…) cannot be switched by
override_settings, so a fresh interpreter is started with the production environment."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.contract.changelog import DOCUMENT, ROOT

SERVE = """
import django, sys
django.setup()
from django.test import Client
answer = Client().get("/api/v1/schema/", secure=True, HTTP_ACCEPT="application/vnd.oai.openapi+json")
assert answer.status_code == 200, answer.status_code
sys.stdout.buffer.write(answer.content)
"""


def test_a_production_process_serves_the_committed_document():
    environment = {key: value for key, value in os.environ.items() if key != "DEBUG"}
    environment.update(
        SECRET_KEY="contract-test-only-not-a-secret",
        ALLOWED_HOSTS="*",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    served = subprocess.run(
        [sys.executable, "-c", SERVE], cwd=ROOT, env=environment, capture_output=True, timeout=300
    )
    assert served.returncode == 0, served.stderr.decode()[-2000:]
    assert served.stdout == (ROOT / DOCUMENT).read_bytes(), "run `make schema`: DEBUG changes the document"
