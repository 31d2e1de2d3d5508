# The two commands of the README: `make run` and `make test`. Both build .venv when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# `make run` is local development: DEBUG on (no SECRET_KEY needed) unless the caller says otherwise.
RUN_ENV := DEBUG=$${DEBUG:-true}

# Extra pytest options for the test targets, e.g. `make test PYTEST_ARGS=--durations=15` (as CI does).
PYTEST_ARGS ?=

.PHONY: install node-tools run serve venue test test-e2e lint typecheck format bench bench-national bench-reads schema contract presence messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --disable-pip-version-check -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# The Node tools of the contract's checks, pinned in package.json and package-lock.json (Redocly's
# lint; openapi-typescript, openapi-fetch and tsc for the TypeScript client of tests/contract/).
NODE_STAMP := node_modules/.installed-stamp
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

node-tools: $(NODE_STAMP)

run: install
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput
	$(RUN_ENV) $(BIN)/python manage.py seed_demo
	$(RUN_ENV) $(BIN)/python manage.py runserver 127.0.0.1:8000

# Everything but the end-to-end suites (the `e2e` marker, left out by pyproject's addopts).
# Bytecode is written even where the shell says not to (PYTHONDONTWRITEBYTECODE): without
# pytest's cache of rewritten test modules each worker compiles all of them again, 7 s a run.
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE
test: install
	$(TEST_ENV) $(BIN)/python -m pytest $(PYTEST_ARGS)

# The schemathesis contract and the clients generated from the committed document, Python and
# TypeScript (tests/contract/), and the browser tests (tests/pages/test_browser.py): one file per
# worker (--dist loadfile), so the browser's module fixture starts Chromium once.
test-e2e: install node-tools
	$(TEST_ENV) $(BIN)/python -m pytest -m e2e --dist loadfile $(PYTEST_ARGS)

# lint-imports: the layers and the pure packages ([tool.importlinter] in pyproject.toml); Redocly:
# the committed OpenAPI document against its recommended rules (redocly.yaml).
lint: install node-tools
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint --format=summary docs/openapi.json

# Types (mypy with the Django and DRF plugins; pyproject.toml says which packages are strict).
typecheck: install
	$(BIN)/mypy

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python -m bench

# A national event (1,000 / 5,000 / 10,000 pairs) built and played through the HTTP API under gunicorn,
# Redis and a Celery worker (bench/national.py; docs/deploy.md). Needs DATABASE_URL on PostgreSQL and
# Redis on 127.0.0.1:6379. Long: on a shared 2-core machine 1,000 pairs × 3 rounds took 13 minutes and
# the rounds grow with the field (NATIONAL_SIZES, NATIONAL_ROUNDS… in bench/national.py choose).
bench-national: install
	$(BIN)/python -m bench.national

# The large public reads of a 1,000- and a 5,000-pair event (a round played) beside the bare DRF GET
# under gunicorn (bench/reads.py; docs/deploy.md "Large reads"). Redis as the cache; PostgreSQL with DATABASE_URL.
bench-reads: install
	$(BIN)/python -m bench.reads

# The OpenAPI document is committed (docs/api.md "The contract"): after changing the API, `make schema`
# writes it again (validated, failing on any warning of drf-spectacular) and prints what changed for
# clients; it exits 1 while a breaking change is not listed in docs/changelog.md. `make contract` checks
# the document's history against the changelog alone (tests/contract/changelog.py; `make test` does too).
schema: install
	$(RUN_ENV) $(BIN)/python manage.py spectacular --validate --fail-on-warn --format openapi-json --file docs/openapi.json
	$(BIN)/python -m tests.contract.changelog

contract: install
	$(BIN)/python -m tests.contract.changelog

# Which optional members of the answers the whole suite always received (tests/openapi_conformance.py:
# candidates for `required`). As long as `make test`.
presence: install
	rm -rf var/presence
	OPENAPI_PRESENCE=var/presence $(BIN)/python -m pytest $(PYTEST_ARGS) || true
	$(RUN_ENV) $(BIN)/python manage.py shell -c "from tests.openapi_conformance import print_always_present as p; p('var/presence')"

clean:
	rm -rf $(VENV) node_modules db.sqlite3 var

# After changing translatable text: refresh locale/zh_Hans, translate, then compile.
messages: install
	$(RUN_ENV) $(BIN)/python manage.py makemessages -l zh_Hans --ignore=.venv --ignore=tests --ignore=bench --ignore=var --no-location
	$(RUN_ENV) $(BIN)/python manage.py compilemessages --ignore=.venv

# Production-like serving: gunicorn with gunicorn.conf.py and the real settings, so SECRET_KEY,
# DATABASE_URL… come from the environment (or run `DEBUG=true make serve` on a laptop).
serve: install
	$(BIN)/gunicorn -c gunicorn.conf.py

# A hall with one laptop and a Wi-Fi router (docs/deploy.md "Running at a venue"): the service on the
# local network at PUBLIC_URL (by default this machine's first LAN address, port 8000), which the
# table cards' QR codes carry; the SECRET_KEY (the pairs' PINs derive from it) kept in var/. A hall's
# closed network has no TLS: the organisers' login cookies go over plain HTTP there (docs/deploy.md).
VENUE_PORT ?= 8000
venue: install
	@mkdir -p var
	@test -s var/venue-secret-key || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > var/venue-secret-key
	@ip=$$(hostname -I 2>/dev/null | awk '{print $$1}'); \
	export PUBLIC_URL=$${PUBLIC_URL:-http://$${ip:-127.0.0.1}:$(VENUE_PORT)} SECRET_KEY=$$(cat var/venue-secret-key) DEBUG=$${DEBUG:-false} \
	  SESSION_COOKIE_SECURE=$${SESSION_COOKIE_SECURE:-false} CSRF_COOKIE_SECURE=$${CSRF_COOKIE_SECURE:-false}; \
	$(BIN)/python manage.py migrate --noinput && \
	$(BIN)/python manage.py collectstatic --noinput -v 0 && \
	echo "Serving the event at $$PUBLIC_URL (print the table cards from there)" && \
	WHITENOISE_USE_FINDERS=false GUNICORN_BIND=0.0.0.0:$(VENUE_PORT) WEB_CONCURRENCY=$${WEB_CONCURRENCY:-3} $(BIN)/gunicorn -c gunicorn.conf.py
