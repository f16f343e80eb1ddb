# Trustgate: `make run` starts everything on the embedded defaults; `make test` runs the whole suite.
# `make run PORT=9000 DEMO_AGENT_PORT=9001` uses other ports: the web server listens on PORT, the demo agent on
# DEMO_AGENT_PORT, and the seeded demo agent's endpoint (and links in alerts) follow them.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha1sum requirements.txt | cut -c1-12)
PORT ?= 8000
DEMO_AGENT_PORT ?= $(or $(TRUSTGATE_DEMO_AGENT_PORT),8765)
TRUSTGATE_BASE_URL ?= http://127.0.0.1:$(PORT)
DEMO_ENV := TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS=true TRUSTGATE_DEMO_AGENT_PORT=$(DEMO_AGENT_PORT) \
	TRUSTGATE_BASE_URL=$(TRUSTGATE_BASE_URL)

.PHONY: run test setup migrate demo browser lint docs bench clean

setup: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*; touch $(STAMP)

migrate: setup
	mkdir -p var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable

demo: migrate
	$(DEMO_ENV) $(PY) manage.py demo_setup

run: demo
	$(DEMO_ENV) TRUSTGATE_HTTPS=false $(PY) manage.py up --addr 127.0.0.1:$(PORT)

# Chromium comes from Debian's packages (never `playwright install`): the browser tests drive /usr/bin/chromium.
# When apt is busy (unattended-upgrades, another shell), wait up to 5 minutes: apt-get install waits for the dpkg
# lock by itself (DPkg::Lock::Timeout); apt-get update does not, so it is tried again while the lists' lock is held.
APT_GET := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300
APT_UPDATE := for try in {1..60}; do \
	  err=$$($(APT_GET) update -qq 2>&1 >/dev/null) && break; \
	  grep -q 'Could not get lock' <<<"$$err" && ((try < 60)) || { echo "$$err" >&2; exit 1; }; \
	  sleep 5; done
browser:
	@command -v chromium >/dev/null || { \
	  echo "Installing Debian's chromium for the browser tests (waits for apt if another install is running)"; \
	  ($(APT_UPDATE); $(APT_GET) install -y -qq chromium chromium-driver >/dev/null) || { \
	    echo "Could not install chromium: run 'sudo apt-get install chromium chromium-driver' by hand (it needs root), then 'make test' again." >&2; \
	    exit 1; }; }

# The documentation site (docs/, Sphinx + MyST): warnings are errors, so a broken link, a missing heading or a page
# no table of contents reaches fails. Offline (no intersphinx), a few seconds; -E re-reads every page each time.
docs: setup
	$(PY) -m sphinx -W --keep-going -n -E -q -b html docs var/docs-html

lint: setup docs
	$(PY) -m ruff format --check .
	$(PY) -m ruff check .
	$(PY) -m mypy evalsite evaluations billing suites redteam client/trustgate_cli tests
	$(VENV)/bin/lint-imports --no-cache

test: setup browser lint
	$(PY) -m pytest -q $(PYTEST_ARGS)

# pii_accuracy measures the PII detector on the tuned parts (bench/data/pii_corpus.jsonl, which the detector was
# developed against, and bench/data/pii_tuned2.jsonl to pii_tuned21.jsonl, the former held-out parts, tuned on
# once their errors were looked at) and, last, the held-out part (bench/data/pii_heldout.jsonl,
# written blind by someone who read neither the detector nor the other corpora, never tuned on; docs/benchmarks.md,
# "PII accuracy: two parts").
# two_workers and ci_status deploy the whole stack (gunicorn, django-q2 clusters) on PostgreSQL: they need
# DATABASE_URL=postgres://..., on whose server they create and drop a database of their own; without it they skip.
bench: setup
	$(PY) bench/run_efficiency.py
	$(PY) bench/pii_scan.py
	$(PY) bench/judge_rate.py
	$(PY) bench/make_pii_tuned2.py --check
	$(PY) bench/make_pii_tuned3.py --check
	$(PY) bench/make_pii_tuned4.py --check
	$(PY) bench/make_pii_tuned5.py --check
	$(PY) bench/make_pii_tuned6.py --check
	$(PY) bench/make_pii_tuned7.py --check
	$(PY) bench/make_pii_tuned8.py --check
	$(PY) bench/make_pii_tuned9.py --check
	$(PY) bench/make_pii_tuned10.py --check
	$(PY) bench/make_pii_tuned11.py --check
	$(PY) bench/make_pii_tuned12.py --check
	$(PY) bench/make_pii_tuned13.py --check
	$(PY) bench/make_pii_tuned14.py --check
	$(PY) bench/make_pii_tuned15.py --check
	$(PY) bench/make_pii_tuned16.py --check
	$(PY) bench/make_pii_tuned17.py --check
	$(PY) bench/make_pii_tuned18.py --check
	$(PY) bench/make_pii_tuned19.py --check
	$(PY) bench/make_pii_tuned20.py --check
	$(PY) bench/make_pii_tuned21.py --check
	$(PY) bench/make_pii_heldout.py --check
	$(PY) bench/pii_accuracy.py
	$(PY) bench/gate_simulation.py
	$(PY) bench/two_workers.py
	$(PY) bench/ci_status.py
	$(PY) bench/report_page.py
	$(PY) bench/monitor_fleet.py
	$(PY) bench/import_bench.py
	$(PY) bench/redteam_strategies.py

clean:
	rm -rf $(VENV) var staticfiles
