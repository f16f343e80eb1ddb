"""gunicorn settings of Trustgate's web processes (docs/deployment.md): `gunicorn -c deploy/gunicorn.conf.py`.

Several worker processes with a few threads each: a page or a CI status poll spends most of its time waiting on
the database, so threads keep a process busy while one request waits, and processes use every core. Everything
here can be overridden on the command line or in GUNICORN_CMD_ARGS (e.g. ``--workers 8 --bind 0.0.0.0:8000``).
"""

import multiprocessing

wsgi_app = "evalsite.wsgi:application"
bind = ["127.0.0.1:8000"]  # behind the TLS-terminating proxy on the same machine; --bind to change
workers = min(2 * multiprocessing.cpu_count() + 1, 9)
worker_class = "gthread"
threads = 4
timeout = 60  # a request that takes longer is a bug: the worker is restarted
graceful_timeout = 30
keepalive = 5
max_requests = 2000  # recycle workers now and then, with jitter so they do not all restart at once
max_requests_jitter = 200
accesslog = "-"
errorlog = "-"
# The proxy in front sets X-Forwarded-Proto; Django reads it only with TRUSTGATE_TRUST_X_FORWARDED_PROTO.
forwarded_allow_ips = "127.0.0.1,::1"
