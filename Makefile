# Scorekeeper: `make run` serves the app on SQLite with eager Celery; `make test` runs every check.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

# Python keeps the bytecode it compiles, even where PYTHONDONTWRITEBYTECODE says not to (a shell or CI
# that sets it): else every process compiles the same 1,500 modules again, 2-4 s of CPU each, and every
# pytest process (each xdist worker, each stage) rewrites and compiles the 650 test modules again, about
# 10 s each (__pycache__/ is gitignored).
export PYTHONDONTWRITEBYTECODE =

.PHONY: run test coverage quick engine engine-web engine-web-background engine-pyodide check fmt pytest suite scale-test bench push-bench load messages clean

# The virtualenv without pip (ensurepip is most of a fresh venv's time), uv put in it by the system's
# pip (22.3 or later: --python); failing that, the venv's own pip installs it, as before.
$(STAMP): requirements/base.txt requirements/dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	test -x $(BIN)/uv || $(PYTHON) -m pip --python $(BIN)/python install -q --disable-pip-version-check uv 2>/dev/null \
		|| { $(BIN)/python -m ensurepip -q && $(BIN)/python -m pip install -q --disable-pip-version-check uv; }
	$(BIN)/uv pip install -q --python $(BIN)/python -r requirements/base.txt -r requirements/dev.txt
	touch $(STAMP)

# make run serves by uvicorn (ASGI), so that the match and event screens' push streams are served as
# the pages are (docs/architecture.md, "Push"); it restarts when a module of the app changes, as
# runserver did, and ends open streams 2 s into a restart or Ctrl-C.
UVICORN_BIND = --host $(word 1,$(subst :, ,$(HOST))) --port $(word 2,$(subst :, ,$(HOST)))
RELOAD_DIRS := api games scorekeeper web

# The phone's engine (engine-web) is built beside the server, not before it: the first page does not wait
# for it (a phone queues plays unchecked until it is there; README.md, on make run). Its output goes to
# .cache/engine-web.log, and its last line to the terminal when it ends.
run: export DEBUG ?= true
run: $(STAMP)
	@$(MAKE) --no-print-directory engine-web-background
	$(BIN)/python manage.py migrate --no-input -v 0
	$(BIN)/python manage.py demo_data
	$(BIN)/uvicorn scorekeeper.asgi:application $(UVICORN_BIND) --lifespan off --timeout-graceful-shutdown 2 \
		--reload $(RELOAD_DIRS:%=--reload-dir %)

check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	DEBUG=true $(BIN)/mypy .
	$(BIN)/lint-imports
	@# Docstrings on every public function, class and method, per package (pyproject.toml [tool.interrogate]).
	$(BIN)/interrogate --fail-under 100 api
	$(BIN)/interrogate --fail-under 100 web
	$(BIN)/interrogate --fail-under 100 games
	@# The models against the migration files, nothing else: an in-memory database, so that no server is
	@# asked about its applied history (makemigrations warns when DATABASE_URL names none that exists).
	DEBUG=true DATABASE_URL=sqlite://:memory: $(BIN)/python manage.py makemigrations --check --dry-run -v 1

pytest: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

# What make test runs: the tests without a browser, then the browser tests, each on both cores
# (pytest-xdist; each process has its own test database, Redis database and live server:
# scorekeeper/settings_test.py, tests/conftest.py).
suite: $(STAMP)
	$(BIN)/pytest -n 2 -m "not browser" $(PYTEST_ARGS)
	$(BIN)/pytest -n 2 -m browser $(PYTEST_ARGS)

# Line coverage of the application (pyproject.toml [tool.coverage]) over the suite, browser tests included.
coverage: $(STAMP) engine-web
	$(BIN)/pytest -q -n 2 -m "not browser" --cov --cov-report= $(PYTEST_ARGS)
	$(BIN)/pytest -q -n 2 -m browser --cov --cov-append --cov-report=term $(PYTEST_ARGS)

# Two gunicorn nodes, two Celery workers and one beat behind HAProxy, on throwaway PostgreSQL (through
# PgBouncer) and Redis (with Sentinel), through node, worker, Redis and PgBouncer failures; then every
# acknowledged write is audited (scripts/scale.py). Skips when a part is missing; with CI=true it fails.
scale-test: $(STAMP)
	$(BIN)/python scripts/scale.py

# Every check, stage by stage, each stage's time printed as it ends and all of them at the end. Two pairs
# that wait on nothing of each other run side by side: the engine's build with the static checks (one core
# each), and the engine's tests in Pyodide (one Node process) with the scale test (1.6 cores alone: the
# pair took 193 s on 6 Dec, against about 130 s and 208 s one after the other).
STAGE := scripts/stage.sh
test: $(STAMP)
	@$(STAGE) --start
	@$(MAKE) --no-print-directory -j2 --output-sync=target timed-engine-web timed-check
	@$(STAGE) pytest $(BIN)/pytest -n 2 -m "not browser" $(PYTEST_ARGS)
	@$(STAGE) browser $(BIN)/pytest -n 2 -m browser $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory -j2 --output-sync=target timed-engine-pyodide timed-scale-test
	@$(STAGE) --summary

timed-%: $(STAMP)
	@$(STAGE) $* $(MAKE) --no-print-directory $*

# The inner loop: the suite on both cores without the browser tests, the start-up tests (each starts a
# process) and the slow ones (brute-force references, fuzzing, whole matches; make test runs them all),
# on SQLite unless DATABASE_URL says otherwise. The schemathesis modules (slow) are not even collected:
# schemathesis builds their cases while collecting, about 6 s of each process's CPU.
quick: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -q -n 2 -m "not browser and not startup and not slow" --ignore-glob='*/test_schema_fuzz.py' $(PYTEST_ARGS)

# The rules engine's tests alone (tests/rules and the doctests of games/rules): pure Python, no
# database, without the few that take seconds each (marked slow: make quick and make test run them).
# The inner loop while changing a rule.
engine: $(STAMP)
	$(BIN)/pytest -q -m "not slow" tests/rules games/rules $(PYTEST_ARGS)

# The engine for the phone (docs/offline-engine.md): static/engine/, Pyodide from the npm registry
# (scripts/engine_web/package-lock.json), the trimmed standard library and games/rules/ as .pyc, and a
# manifest. Rebuilt only when one of its inputs changes. Without Node.js and npm it is skipped with a
# hint (the phone then queues plays offline, as before); with CI=true it fails.
ENGINE_WEB := scripts/engine_web
ENGINE_MANIFEST := static/engine/manifest.json
ENGINE_INPUTS := $(shell find games/rules -name '*.py') games/__init__.py games/engine_version.py \
	$(ENGINE_WEB)/build.mjs $(ENGINE_WEB)/start.mjs $(ENGINE_WEB)/pack.py $(ENGINE_WEB)/package-lock.json
# The inputs' names, rewritten when one is added or removed: deleting a file rebuilds the engine too.
ENGINE_LIST := .cache/engine-inputs
$(shell mkdir -p .cache && (echo '$(ENGINE_INPUTS)' | cmp -s - $(ENGINE_LIST) || echo '$(ENGINE_INPUTS)' > $(ENGINE_LIST)))
PYODIDE_WHEELS := .cache/pyodide-wheels
# The brotli quality of the engine's compressed copies (scripts/engine_web/build.mjs): 11, the smallest,
# unless make run asks for a faster one. An engine built at a lower quality than asked is built again.
export ENGINE_BROTLI_QUALITY ?= 11
BUILT_BROTLI := $(shell sed -n 's/^ *"brotli": \([0-9]*\),$$/\1/p' $(ENGINE_MANIFEST) 2>/dev/null)
ifneq ($(BUILT_BROTLI),)
ifeq ($(shell test $(BUILT_BROTLI) -lt $(ENGINE_BROTLI_QUALITY) && echo lower),lower)
.PHONY: $(ENGINE_MANIFEST)
endif
endif
NODE := $(shell command -v node && command -v npm)

# make run's: nothing when the engine is up to date; else make engine-web in the background, at a lower
# priority than the server's start, its brotli copies at quality 9 (1.5 s of CPU for the .wasm, against
# 30-60 s at 11; 0.37 MB more). A later make engine-web at a higher quality (make test's, CI's: 11)
# builds it again: the quality the manifest records is lower than the one asked for.
ENGINE_LOG := .cache/engine-web.log
RUN_BROTLI_QUALITY ?= 9
engine-web-background:
	@if $(MAKE) -q --no-print-directory engine-web ENGINE_BROTLI_QUALITY=$(RUN_BROTLI_QUALITY) 2>/dev/null; then \
		echo "The phone's engine is up to date (static/engine/)."; else \
		echo "Building the phone's engine in the background (static/engine/, 10-60 s; log: $(ENGINE_LOG))."; \
		( nice -n 10 $(MAKE) --no-print-directory engine-web ENGINE_BROTLI_QUALITY=$(RUN_BROTLI_QUALITY) > $(ENGINE_LOG) 2>&1 \
			&& tail -n 1 $(ENGINE_LOG) \
			|| echo "Building the phone's engine failed (see $(ENGINE_LOG)): phones queue plays unchecked." ) & \
	fi

ifeq ($(NODE),)
engine-web engine-pyodide:
	@echo "$@: skipped, Node.js and npm are missing (Debian: apt-get install nodejs npm): the phone will queue plays offline"
	@test "$$CI" != true
else
engine-web: $(ENGINE_MANIFEST)

$(ENGINE_WEB)/node_modules/.package-lock.json: $(ENGINE_WEB)/package-lock.json
	cd $(ENGINE_WEB) && npm ci --no-audit --no-fund --loglevel=error

$(ENGINE_MANIFEST): $(ENGINE_INPUTS) $(ENGINE_LIST) $(ENGINE_WEB)/node_modules/.package-lock.json
	node $(ENGINE_WEB)/build.mjs

# The engine's tests (tests/rules, the doctests of games/rules, slow ones included) inside Pyodide under
# Node, against the built static/engine/ files; pytest and hypothesis from requirements/pyodide.txt.
engine-pyodide: engine-web $(PYODIDE_WHEELS)/.downloaded
	node $(ENGINE_WEB)/test.mjs $(PYTEST_ARGS)
endif

$(PYODIDE_WHEELS)/.downloaded: requirements/pyodide.txt | $(STAMP)
	rm -rf $(PYODIDE_WHEELS)
	$(BIN)/python -m pip --version >/dev/null 2>&1 || $(BIN)/uv pip install -q --python $(BIN)/python pip
	$(BIN)/python -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
		--require-hashes -r requirements/pyodide.txt -d $(PYODIDE_WHEELS)
	touch $@

fmt: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# How long a write takes to reach the phones that listen (scripts/push_latency.py): gunicorn and uvicorn
# on loopback, PostgreSQL (PUSH_DATABASE_URL, dropped and recreated) and Redis (PUSH_REDIS_URL).
push-bench: $(STAMP)
	$(BIN)/python scripts/push_latency.py $(PUSH_ARGS)

# Whole random matches on loopback as production serves them: gunicorn, uvicorn for the push streams, a
# Celery worker, PostgreSQL (LOAD_DATABASE_URL, dropped and recreated) and Redis (LOAD_REDIS_URL, db 0 by
# default). 100 tables at think 0 through the API alone, then with 3 phones a table watching by push (the
# two in turn, three times), then at a human pace, each level counted after a 10 s ramp: plays/s, write
# and update p50/p95/p99, pushes and region requests per second, queries a request; then every score
# checked (scripts/load.py; about 8 minutes).
# Not in `make test`.
load: $(STAMP)
	$(BIN)/python scripts/load.py $(LOAD_ARGS)

# Every catalogue refreshed from the code (no obsolete entries kept), DRF's messages from the installed
# DRF (locale_drf/), Serbian Latin made from the Cyrillic ones, then all compiled; tests/test_catalogues.py fails on an untranslated message.
TRANSLATED := ru sr es it pt
messages: export DEBUG = true
messages: $(STAMP)
	$(BIN)/python manage.py makemessages $(TRANSLATED:%=-l %) --no-location
	for lang in $(TRANSLATED); do msgattrib --no-obsolete -o locale/$$lang/LC_MESSAGES/django.po locale/$$lang/LC_MESSAGES/django.po; done
	$(BIN)/python scripts/drf_messages.py
	$(BIN)/python scripts/transliterate_sr.py
	$(BIN)/python manage.py compilemessages -v 0

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles static/engine .cache/pyodide-wheels $(ENGINE_WEB)/node_modules
