"""Trustgate settings, read from the environment through strict helpers.

A bad value raises ImproperlyConfigured at start-up rather than misbehaving later.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from evalsite.mail import email_settings

BASE_DIR = Path(__file__).resolve().parent.parent

# presidio's email recognizer would fetch the public suffix list from the internet at import time.
os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")
# boto3 must never probe the cloud metadata address for credentials or region (169.254.169.254 is outside the
# outbound guard): forced, not defaulted, so an environment saying "false" cannot turn it back on in the web
# process or the worker (both load these settings). Credentials come from the AWS_* settings below or files.
os.environ["AWS_EC2_METADATA_DISABLED"] = "true"


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("TRUSTGATE_DEBUG", False)
SECRET_KEY = env_str("TRUSTGATE_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and os.environ.get("TRUSTGATE_REQUIRE_SECRET_KEY"):
        raise ImproperlyConfigured("Set TRUSTGATE_SECRET_KEY to a long random string.")
    # The "django-insecure-" prefix makes `manage.py check --deploy` warn (security.W009) while this key is in use.
    SECRET_KEY = "django-insecure-dev-only-" + hashlib.sha256(str(BASE_DIR).encode()).hexdigest()

ALLOWED_HOSTS = env_list("TRUSTGATE_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("TRUSTGATE_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_q",
    "rest_framework",
    "drf_spectacular",  # the OpenAPI schema of the CI API (/api/v1/schema/)
    "axes",  # login lockout after repeated wrong passwords
    "csp",  # the Content-Security-Policy header (and django-csp's checks of its settings)
    "billing",
    "evaluations",
    "evaluations.agents",
    "evaluations.runs",
    "evaluations.gate",
    "evaluations.monitors",
    "evaluations.review",
    "suites",
    "redteam",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # /static/ from the web process itself (see Serving below)
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "evalsite.middleware.styled_method_not_allowed",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out login into the lockout page
]

ROOT_URLCONF = "evalsite.urls"
WSGI_APPLICATION = "evalsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "evaluations.context_processors.model_provider",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL", "")
if DATABASE_URL:
    import dj_database_url

    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
else:
    # These options are what lets several django-q2 workers share SQLite without "database is locked".
    # synchronous=NORMAL: in WAL mode a commit no longer waits for the disk (a worker commits once per
    # conversation; an fsync each cost a run 5 to 15 %); the database stays consistent, and only a power cut can
    # lose the last commits. Production runs on PostgreSQL (docs/deployment.md).
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("TRUSTGATE_SQLITE_PATH", str(BASE_DIR / "var" / "trustgate.sqlite3")),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# "default" caches what each process can compute for itself (gate statistics). "limits" holds the counters every
# web process and worker must see alike: the Test request limit counts there, and a per-process cache would
# multiply the limit by the number of processes. Its table is created by a migration (agents 0003_cache_table)
# and by `make migrate`. MAX_ENTRIES is high because culling deletes live entries, rate-limit slots among them.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "limits": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "trustgate_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# --- Security: login lockout, CSP, HTTPS (docs/agents.md) ---------------------------------------------------
# django-axes counts failed logins per username and client address together (so nobody can lock someone else
# out from another address): 5 failures lock that pair out for 15 minutes, and a success resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# No inline script anywhere (page behaviour lives in static/trustgate.js, htmx in django-htmx's static file) and
# no inline style: htmx's indicator styles are in static/trustgate.css (base.html turns htmx's own off).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],  # data: for the inline SVG favicon
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Served over HTTPS unless in DEBUG: secure cookies, redirect http to https, HSTS. `make run` serves plain http on
# 127.0.0.1 and sets TRUSTGATE_HTTPS=false. Behind a TLS-terminating proxy that sets X-Forwarded-Proto (and drops
# the client's own), set TRUSTGATE_TRUST_X_FORWARDED_PROTO=true, or every request redirects to itself.
TRUSTGATE_HTTPS = env_bool("TRUSTGATE_HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = TRUSTGATE_HTTPS
SESSION_COOKIE_SECURE = TRUSTGATE_HTTPS
CSRF_COOKIE_SECURE = TRUSTGATE_HTTPS
SECURE_HSTS_SECONDS = env_int("TRUSTGATE_HSTS_SECONDS", 365 * 24 * 3600) if TRUSTGATE_HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
if env_bool("TRUSTGATE_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Serving: static files (docs/deployment.md) -----------------------------------------------------------
# whitenoise serves /static/ from every web process (gunicorn in production), so no separate file server is
# needed. With TRUSTGATE_STATIC_COLLECTED (set once `manage.py collectstatic` has run, as the Procfile's release
# step does), files get content-hashed names, gzip copies and a one-year immutable cache; without it
# (`make run`, tests), they are served from the source folders under their own names.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
TRUSTGATE_STATIC_COLLECTED = env_bool("TRUSTGATE_STATIC_COLLECTED", False)
# Only where collectstatic writes and whitenoise reads collected files (None: whitenoise looks for no folder).
STATIC_ROOT = (
    Path(env_str("TRUSTGATE_STATIC_ROOT", str(BASE_DIR / "staticfiles"))) if TRUSTGATE_STATIC_COLLECTED else None
)
WHITENOISE_USE_FINDERS = not TRUSTGATE_STATIC_COLLECTED
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if TRUSTGATE_STATIC_COLLECTED
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "evaluations:dashboard"
LOGOUT_REDIRECT_URL = "login"

Q_CLUSTER: dict[str, Any] = {
    "name": "trustgate",
    "orm": "default",
    "workers": env_int("TRUSTGATE_Q_WORKERS", 1),
    "timeout": env_int("TRUSTGATE_Q_TIMEOUT", 3600),
    # retry must exceed timeout, or a task still running is handed out again.
    "retry": env_int("TRUSTGATE_Q_TIMEOUT", 3600) + 300,
    "max_attempts": 3,
    # How often an idle cluster asks the database for a task: half of it, on average, is how long a launched run
    # waits before a worker starts it. Each look is one small query per cluster.
    "poll": env_int("TRUSTGATE_Q_POLL_MS", 50) / 1000,
    "catch_up": False,
    "save_limit": 500,
    "ack_failures": True,
    "sync": env_bool("TRUSTGATE_Q_SYNC", False),
    # A cluster takes a task only while one of its workers is free, so several clusters share runs at once.
    "broker_class": "evalsite.qbroker.ClusterBroker",
}
TRUSTGATE_Q_WAKE_DIR = env_str("TRUSTGATE_Q_WAKE_DIR", "")  # idle clusters' wake-up sockets; "": evalsite/qwake.py

REST_FRAMEWORK = {
    # The REST API authenticates personal API keys only (Authorization: Bearer <key>), never the session.
    "DEFAULT_AUTHENTICATION_CLASSES": ["billing.api.authentication.ApiKeyAuthentication"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Trustgate CI API",
    "DESCRIPTION": "Run saved suites from CI and gate releases on the verdict. See docs/ci.md.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}

# --- Trustgate ---------------------------------------------------------------------------------------------

# Lifts the "public addresses only" rule of the endpoint guard. For local development, the demo and tests.
TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = env_bool("TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS", False)

# Fernet key for the transient, encrypted copy of an agent key while its run is in flight.
_fernet_raw = env_str("TRUSTGATE_FERNET_KEY", "")
TRUSTGATE_FERNET_KEY = (
    _fernet_raw or base64.urlsafe_b64encode(hashlib.sha256(("fernet:" + SECRET_KEY).encode()).digest()).decode()
)

TRUSTGATE_TEST_REQUESTS_PER_MINUTE = env_int("TRUSTGATE_TEST_REQUESTS_PER_MINUTE", 10)
# A Test request runs in a web thread: it waits at most this long for the whole reply (far under gunicorn's 60 s
# worker timeout), and at most this many wait at once in one web process (below its threads; docs/agents.md).
TRUSTGATE_TEST_REQUEST_TIMEOUT = env_int("TRUSTGATE_TEST_REQUEST_TIMEOUT", 15)
TRUSTGATE_TEST_REQUESTS_WAITING = env_int("TRUSTGATE_TEST_REQUESTS_WAITING", 2)
# Failed API keys (unknown, malformed, revoked) one client address (REMOTE_ADDR: no X-Forwarded-For is trusted)
# may send in any minute; past that the address gets 429 before any key is looked up (docs/configuration.md).
TRUSTGATE_API_KEY_FAILURES_PER_MINUTE = env_int("TRUSTGATE_API_KEY_FAILURES_PER_MINUTE", 20)
if TRUSTGATE_API_KEY_FAILURES_PER_MINUTE < 1:
    raise ImproperlyConfigured("TRUSTGATE_API_KEY_FAILURES_PER_MINUTE must be 1 or more.")
TRUSTGATE_MAX_REPLY_BYTES = 64 * 1024
TRUSTGATE_ENABLE_OPUS = env_bool("TRUSTGATE_ENABLE_OPUS", False)
TRUSTGATE_BEDROCK_MODELS = {
    "haiku": env_str("TRUSTGATE_BEDROCK_HAIKU", "anthropic.claude-3-5-haiku-20241022-v1:0"),
    "sonnet": env_str("TRUSTGATE_BEDROCK_SONNET", "anthropic.claude-3-7-sonnet-20250219-v1:0"),
    "opus": env_str("TRUSTGATE_BEDROCK_OPUS", "anthropic.claude-opus-4-20250514-v1:0"),
}
TRUSTGATE_DEMO_AGENT_PORT = env_int("TRUSTGATE_DEMO_AGENT_PORT", 8765)
# The share of a run's scenarios that must be scored for its trust score to stand as a plain number and for the CI
# thresholds and the gate to be checked (docs/runs.md#coverage); a CI launch may set its own (min_coverage).
TRUSTGATE_MIN_COVERAGE = env_int("TRUSTGATE_MIN_COVERAGE", 80)
if not 0 <= TRUSTGATE_MIN_COVERAGE <= 100:
    raise ImproperlyConfigured("TRUSTGATE_MIN_COVERAGE must be a percentage, 0 to 100.")
# The GitHub Action of the Trustgate this instance runs, "owner/repo@<40-hex commit>": the Use in CI page's workflow
# uses it (docs/ci.md#the-github-action); empty, the page offers the client and the bash step instead.
TRUSTGATE_GITHUB_ACTION = env_str("TRUSTGATE_GITHUB_ACTION", "").strip()
if TRUSTGATE_GITHUB_ACTION and not re.fullmatch(r"[\w-]+/[\w.-]+@[0-9a-f]{40}", TRUSTGATE_GITHUB_ACTION, re.ASCII):
    raise ImproperlyConfigured("TRUSTGATE_GITHUB_ACTION must be owner/repo@<the full 40-hex commit>.")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("TRUSTGATE_LOG_LEVEL", "INFO")},
    "loggers": {
        "presidio-analyzer": {"level": "ERROR"},
        "httpx": {"level": "WARNING"},  # one INFO line per agent request is noise (and costs CPU)
        "httpcore": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},  # the anthropic SDK's HTTP client
        "axes.apps": {"level": "WARNING"},  # its start-up banner, at every manage.py command
    },
}

# --- Model client (judge and generation) -------------------------------------------------------------------
# One model-client layer (evaluations/llm/) serves the judge and scenario generation.
# Provider: "anthropic", "bedrock", "openai" (a self-hosted OpenAI-compatible judge such as vLLM or Ollama),
# "rules_only", or "" / "auto": Anthropic when ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL is set, else rules only.
TRUSTGATE_JUDGE_PROVIDER = env_str("TRUSTGATE_JUDGE_PROVIDER", "").strip().lower()
if TRUSTGATE_JUDGE_PROVIDER not in ("", "auto", "anthropic", "bedrock", "openai", "rules_only"):
    raise ImproperlyConfigured(
        "TRUSTGATE_JUDGE_PROVIDER must be one of anthropic, bedrock, openai, rules_only or auto, "
        f"not {TRUSTGATE_JUDGE_PROVIDER!r}."
    )
# Per model call: seconds before giving up, and retries on overload / rate limits / server errors.
TRUSTGATE_MODEL_TIMEOUT = env_int("TRUSTGATE_MODEL_TIMEOUT", 60)
TRUSTGATE_MODEL_MAX_RETRIES = env_int("TRUSTGATE_MODEL_MAX_RETRIES", 2)
TRUSTGATE_ANTHROPIC_MODELS = {
    "sonnet": env_str("TRUSTGATE_ANTHROPIC_SONNET", "claude-sonnet-4-6"),
    "haiku": env_str("TRUSTGATE_ANTHROPIC_HAIKU", "claude-haiku-4-5"),
    "opus": env_str("TRUSTGATE_ANTHROPIC_OPUS", "claude-opus-4-7"),
}
# The judge on Bedrock uses the same model ids as Bedrock agents (TRUSTGATE_BEDROCK_HAIKU/SONNET/OPUS).
TRUSTGATE_BEDROCK_JUDGE_MODELS = TRUSTGATE_BEDROCK_MODELS
# OpenAI-compatible judge: base URL up to (not including) /chat/completions, e.g. http://localhost:8000/v1.
TRUSTGATE_OPENAI_JUDGE_URL = env_str("TRUSTGATE_OPENAI_JUDGE_URL", "")
TRUSTGATE_OPENAI_JUDGE_MODEL = env_str("TRUSTGATE_OPENAI_JUDGE_MODEL", "")
TRUSTGATE_OPENAI_JUDGE_API_KEY = env_str("TRUSTGATE_OPENAI_JUDGE_API_KEY", "")
# Model calls at once per provider (shared by the runs of a worker process): they start from a run's parallel
# setting and grow while the provider's rate-limit headers leave room, never above this cap.
TRUSTGATE_JUDGE_MAX_CONCURRENCY = env_int("TRUSTGATE_JUDGE_MAX_CONCURRENCY", 32)
if TRUSTGATE_JUDGE_MAX_CONCURRENCY < 1:
    raise ImproperlyConfigured("TRUSTGATE_JUDGE_MAX_CONCURRENCY must be 1 or more.")


def _model_prices() -> dict[str, dict[str, float]]:
    """Provider prices in US dollars per million tokens, by model choice; TRUSTGATE_MODEL_PRICES (JSON) overrides
    any of them, e.g. ``{"sonnet": {"input": 3, "output": 15}}``. Defaults: Anthropic's list prices."""
    prices = {
        "sonnet": {"input": 3.0, "cached_input": 0.30, "cache_write": 3.75, "output": 15.0},
        "haiku": {"input": 1.0, "cached_input": 0.10, "cache_write": 1.25, "output": 5.0},
        "opus": {"input": 5.0, "cached_input": 0.50, "cache_write": 6.25, "output": 25.0},
    }
    raw = os.environ.get("TRUSTGATE_MODEL_PRICES", "").strip()
    if not raw:
        return prices
    try:
        given = json.loads(raw)
        for model, fields in given.items():
            for field, value in fields.items():
                if field not in ("input", "cached_input", "cache_write", "output") or float(value) < 0:
                    raise ValueError(field)
                prices.setdefault(str(model), {"input": 0.0, "cached_input": 0.0, "cache_write": 0.0, "output": 0.0})
                prices[str(model)][field] = float(value)
    except (ValueError, TypeError, AttributeError):
        raise ImproperlyConfigured(
            'TRUSTGATE_MODEL_PRICES must be JSON like {"sonnet": {"input": 3, "cached_input": 0.3, '
            '"cache_write": 3.75, "output": 15}} (US dollars per million tokens, none negative).'
        ) from None
    return prices


TRUSTGATE_MODEL_PRICES = _model_prices()

# --- Generation (scenario writing and simulated users share the judge's model client) ---
TRUSTGATE_GENERATION_MODEL = env_str("TRUSTGATE_GENERATION_MODEL", "sonnet")
# The red team's attacker model (blank: the generation model) and its tokens per attack (docs/redteam.md).
TRUSTGATE_ATTACKER_MODEL = env_str("TRUSTGATE_ATTACKER_MODEL", "")
TRUSTGATE_ATTACKER_TOKEN_BUDGET = env_int("TRUSTGATE_ATTACKER_TOKEN_BUDGET", 60000)

# --- Credits -----------------------------------------------------------------------------------------------
# Prices in whole credits (docs/credits.md). A run holds its maximum at launch, is charged for what it used at the end
# and the rest is released; see docs/credits.md and billing/services.py.
TRUSTGATE_PRICE_AGENT_MESSAGE = env_int("TRUSTGATE_PRICE_AGENT_MESSAGE", 1)  # each user turn sent to the agent
TRUSTGATE_PRICE_JUDGE_CALL = env_int("TRUSTGATE_PRICE_JUDGE_CALL", 2)  # each reply the LLM judge scores
TRUSTGATE_PRICE_GENERATION_CALL = env_int("TRUSTGATE_PRICE_GENERATION_CALL", 5)  # each model call that writes input
TRUSTGATE_DEMO_CREDITS = env_int("TRUSTGATE_DEMO_CREDITS", 10000)  # granted once to the demo workspace
for _name in ("TRUSTGATE_PRICE_AGENT_MESSAGE", "TRUSTGATE_PRICE_JUDGE_CALL", "TRUSTGATE_PRICE_GENERATION_CALL",
              "TRUSTGATE_DEMO_CREDITS"):  # fmt: skip
    if globals()[_name] < 0:
        raise ImproperlyConfigured(f"{_name} must be zero or more, not {globals()[_name]}.")

# --- Links in alerts and CI output ---
TRUSTGATE_BASE_URL = env_str("TRUSTGATE_BASE_URL", "http://127.0.0.1:8000")


# --- Alert email (docs/configuration.md#alert-email) ---------------------------------------------------------
# TRUSTGATE_EMAIL_URL (smtp://user:password@host:587 with STARTTLS, smtps://...:465 with TLS, console://) or the usual
# EMAIL_* variables; without either, mail is printed by the console backend, so nothing is silently lost.
_EMAIL = email_settings(
    url=env_str("TRUSTGATE_EMAIL_URL", ""),
    host=env_str("EMAIL_HOST", ""),
    port=env_int("EMAIL_PORT", 587),
    user=env_str("EMAIL_HOST_USER", ""),
    password=env_str("EMAIL_HOST_PASSWORD", ""),
    use_tls=env_bool("EMAIL_USE_TLS", False),
    use_ssl=env_bool("EMAIL_USE_SSL", False),
)
EMAIL_BACKEND = str(_EMAIL["EMAIL_BACKEND"])
EMAIL_HOST = str(_EMAIL["EMAIL_HOST"])
EMAIL_PORT = int(str(_EMAIL["EMAIL_PORT"]))
EMAIL_HOST_USER = str(_EMAIL["EMAIL_HOST_USER"])
EMAIL_HOST_PASSWORD = str(_EMAIL["EMAIL_HOST_PASSWORD"])
EMAIL_USE_TLS = bool(_EMAIL["EMAIL_USE_TLS"])
EMAIL_USE_SSL = bool(_EMAIL["EMAIL_USE_SSL"])
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Trustgate <trustgate@localhost>")
# --- Alert channels (docs/monitors.md#alerts) -------------------------------------------------------------------
# PagerDuty's Events API v2 endpoint (changed only for a regional or test receiver), how many times each channel is
# tried, and the first wait between tries (doubled each time).
TRUSTGATE_PAGERDUTY_EVENTS_URL = env_str("TRUSTGATE_PAGERDUTY_EVENTS_URL", "https://events.pagerduty.com/v2/enqueue")
TRUSTGATE_ALERT_TRIES = env_int("TRUSTGATE_ALERT_TRIES", 4)
TRUSTGATE_ALERT_BACKOFF_MS = env_int("TRUSTGATE_ALERT_BACKOFF_MS", 2000)
if TRUSTGATE_ALERT_TRIES < 1 or TRUSTGATE_ALERT_BACKOFF_MS < 0:
    raise ImproperlyConfigured("TRUSTGATE_ALERT_TRIES must be 1 or more and TRUSTGATE_ALERT_BACKOFF_MS 0 or more.")
# How often ``manage.py clock`` hands out due schedule rows (django-q2's clusters look only every 30 s).
TRUSTGATE_CLOCK_SECONDS = env_int("TRUSTGATE_CLOCK_SECONDS", 5)
if TRUSTGATE_CLOCK_SECONDS < 1:
    raise ImproperlyConfigured("TRUSTGATE_CLOCK_SECONDS must be 1 or more.")
# Monitor samples, runs and status history older than this many days are deleted by a daily schedule.
TRUSTGATE_MONITOR_RETENTION_DAYS = env_int("TRUSTGATE_MONITOR_RETENTION_DAYS", 90)
if TRUSTGATE_MONITOR_RETENTION_DAYS < 1:
    raise ImproperlyConfigured("TRUSTGATE_MONITOR_RETENTION_DAYS must be 1 or more.")

# --- Monitor credentials -----------------------------------------------------------------------------------
# A monitor's credential is written secret.NAME and never stored: the worker reads TRUSTGATE_SECRET_NAME from
# its environment when it starts (a new secret needs a restart). The prefix is SECRET_ENV_PREFIX in
# evaluations/monitors/validators.py. TRUSTGATE_SECRET_KEY is Django's SECRET_KEY above: never a monitor's
# credential, or a monitor could send it to any endpoint.
TRUSTGATE_SECRETS = {
    name.removeprefix("TRUSTGATE_SECRET_"): value
    for name, value in os.environ.items()
    if name.startswith("TRUSTGATE_SECRET_") and name != "TRUSTGATE_SECRET_KEY" and value
}

# --- Outside services: model credentials and endpoints, outbound limits (docs/configuration.md) --------------
# Read here once; evaluations/outbound/sdk.py hands them to the Anthropic SDK and boto3 explicitly, so nothing
# else reads the environment for them. Tests change them with pytest-django's ``settings`` fixture.
# Same names and meaning as the SDKs' own variables (AWS_ENDPOINT_URL is boto3's fallback endpoint).
ANTHROPIC_API_KEY = env_str("ANTHROPIC_API_KEY", "")
ANTHROPIC_AUTH_TOKEN = env_str("ANTHROPIC_AUTH_TOKEN", "")
ANTHROPIC_BASE_URL = env_str("ANTHROPIC_BASE_URL", "")
AWS_ACCESS_KEY_ID = env_str("AWS_ACCESS_KEY_ID", "")
AWS_SECRET_ACCESS_KEY = env_str("AWS_SECRET_ACCESS_KEY", "")
AWS_SESSION_TOKEN = env_str("AWS_SESSION_TOKEN", "")
AWS_PROFILE = env_str("AWS_PROFILE", "")
AWS_DEFAULT_REGION = env_str("AWS_DEFAULT_REGION", "")
AWS_ENDPOINT_URL_BEDROCK_RUNTIME = env_str("AWS_ENDPOINT_URL_BEDROCK_RUNTIME", "") or env_str("AWS_ENDPOINT_URL", "")
# The most Trustgate reads of a model endpoint's reply (a self-hosted judge); agents get TRUSTGATE_MAX_REPLY_BYTES.
TRUSTGATE_MAX_MODEL_REPLY_BYTES = 4 * 1024 * 1024

# --- Leases: a killed worker's run resumes without waiting for the task timeout (docs/runs.md) ----------------
# A worker holds the run (or monitor run) it executes by a lease it renews every TRUSTGATE_HEARTBEAT_SECONDS. A
# lease not renewed for TRUSTGATE_LEASE_SECONDS means its worker is gone (kill -9, out of memory, a timed-out
# task): the lease sweep, a django-q2 schedule that runs every minute (created by `manage.py schedules`, which
# `manage.py up` runs), enqueues the work again. A job started again TRUSTGATE_LEASE_MAX_RESUMES times (its worker
# died or its task raised) is ended as failed rather than retried for ever (evaluations/core/jobs.py).
TRUSTGATE_LEASE_SECONDS = env_int("TRUSTGATE_LEASE_SECONDS", 90)
TRUSTGATE_HEARTBEAT_SECONDS = env_int("TRUSTGATE_HEARTBEAT_SECONDS", 5)
TRUSTGATE_LEASE_MAX_RESUMES = env_int("TRUSTGATE_LEASE_MAX_RESUMES", 3)
if TRUSTGATE_HEARTBEAT_SECONDS < 1 or TRUSTGATE_LEASE_SECONDS < 2 * TRUSTGATE_HEARTBEAT_SECONDS:
    raise ImproperlyConfigured(
        "TRUSTGATE_HEARTBEAT_SECONDS must be at least 1, and TRUSTGATE_LEASE_SECONDS at least twice as long "
        f"(now {TRUSTGATE_HEARTBEAT_SECONDS} and {TRUSTGATE_LEASE_SECONDS})."
    )
if TRUSTGATE_LEASE_MAX_RESUMES < 0:
    raise ImproperlyConfigured(f"TRUSTGATE_LEASE_MAX_RESUMES must be zero or more, not {TRUSTGATE_LEASE_MAX_RESUMES}.")
