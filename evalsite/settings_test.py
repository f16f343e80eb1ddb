"""Test settings: only what the tests need differs from evalsite.settings."""

import os

os.environ.setdefault("TRUSTGATE_Q_SYNC", "true")  # django-q2 reads this at import; override_settings cannot.
os.environ.setdefault("TRUSTGATE_HTTPS", "false")  # the test client and live_server speak plain http

from evalsite.settings import *  # noqa: E402,F403
from evalsite.settings import DATABASES, Q_CLUSTER  # noqa: E402

Q_CLUSTER["sync"] = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["NAME"] = ":memory:"
    DATABASES["default"]["TEST"] = {"NAME": ":memory:"}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
TRUSTGATE_ALERT_BACKOFF_MS = 5  # alert retries wait 5, 10, 20 ms instead of seconds
