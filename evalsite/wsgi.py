"""The WSGI application (gunicorn, and ``runserver`` through ``WSGI_APPLICATION``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "evalsite.settings")
application = get_wsgi_application()

# A web process loads the gate's statistics as it starts: imported lazily (``gate/rules/stats.py``, so commands and
# workers that never gate do not pay for it), scipy.stats took 1.2 s of the first report page a process served.
import scipy.stats  # noqa: E402, F401
