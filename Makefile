# Trustgate: `make run` starts everything on the embedded defaults; `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha1sum requirements.txt | cut -c1-12)

.PHONY: run test setup migrate demo browser lint bench clean

setup: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*; touch $(STAMP)

migrate: setup
	mkdir -p var
	$(PY) manage.py migrate --noinput

demo: migrate
	TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS=true $(PY) manage.py demo_setup

run: demo
	TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS=true $(PY) manage.py up

# Chromium comes from Debian's packages (never `playwright install`): the browser tests drive /usr/bin/chromium.
browser:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) >/dev/null; }

lint: setup
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .
	$(PY) -m mypy evalsite evaluations billing suites redteam

test: setup browser lint
	$(PY) -m pytest -q $(PYTEST_ARGS)

bench: setup
	$(PY) bench/run_efficiency.py
	$(PY) bench/pii_scan.py
	@test ! -f bench/gate_simulation.py || $(PY) bench/gate_simulation.py

clean:
	rm -rf $(VENV) var staticfiles
