"""The live server answers one request at a time.

With SQLite in memory, Django shares the test's one database connection with every live-server thread. Two
requests at once — an htmx poll of the power planner while a form is posted — would interleave their transactions
on that connection ("cannot start a transaction within a transaction"). No page of the product needs two of its
own requests in flight together, so the test server takes them in turn; PostgreSQL runs are served the same way.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread


class OneAtATimeWSGIServer(ThreadedWSGIServer):
    """Connections still get a thread each (browsers keep them open); each request's work takes the one turn."""

    _turn = threading.Lock()

    def set_app(self, application: Any) -> None:
        def one_at_a_time(environ: Any, start_response: Any) -> Any:
            with self._turn:
                return application(environ, start_response)

        super().set_app(one_at_a_time)


LiveServerThread.server_class = OneAtATimeWSGIServer
