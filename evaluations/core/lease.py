"""Work leases: how a worker holds the job it executes (docs/architecture.md).

A leaf (Django and the standard library only). A leasable row (a ``LeasedJob``, evaluations/core/jobs.py) has
``lease_owner`` (its holder's random token, "" when nobody holds it), ``lease_expires_at`` and ``resume_count``.
The holder renews the lease from a heartbeat thread; a claim is one conditional UPDATE, so two workers never hold
the same row at once, and a worker killed with SIGKILL (no ``finally`` runs) only has to be waited for until its
lease runs out, not for the django-q2 task timeout: the lease sweep (jobs.py) hands its work out again then.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Model, Q
from django.utils import timezone

logger = logging.getLogger(__name__)


def lease_deadline() -> datetime:
    """When a lease taken or renewed now runs out. A queued row gets one too: the time its task has to start."""
    return timezone.now() + timedelta(seconds=settings.TRUSTGATE_LEASE_SECONDS)


def lease_expired(now: datetime) -> Q:
    """Rows nobody holds a live lease on: none was ever set, or it ran out before ``now``."""
    return Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)


class Lease:
    """A lease this worker holds on one row. ``lost`` is set when the heartbeat finds that another worker took the
    row over (this one was presumed dead): the holder must then stop and write no outcome."""

    def __init__(self, model: type[Model], pk: int, token: str) -> None:
        self.held = model._default_manager.filter(pk=pk, lease_owner=token)
        self.lost = threading.Event()

    @contextmanager
    def kept_alive(self, *, stop: threading.Event | None = None) -> Iterator[Lease]:
        """Renew the lease every TRUSTGATE_HEARTBEAT_SECONDS from a daemon thread while the block runs (a long
        agent or model call never blocks it), set ``stop`` too if the lease is lost, and give the lease up when the
        block ends, however it ends; only a killed process leaves it to run out.

        Inside a transaction of the caller (tests run tasks synchronously), nothing is committed for another
        worker to see, and a second connection would wait on the caller's own row lock: no heartbeat then."""
        done = threading.Event()
        thread = None
        if not transaction.get_connection().in_atomic_block:
            thread = threading.Thread(target=self._beat, args=(done, stop), name="trustgate-lease", daemon=True)
            thread.start()
        try:
            yield self
        finally:
            done.set()
            if thread is not None:
                thread.join(timeout=30)  # a beat waits for a locked database at most its lock timeout (20 s)
            try:
                self.held.update(lease_owner="", lease_expires_at=None)
            except DatabaseError:  # the lease then runs out by itself
                logger.warning("Could not give up a lease", exc_info=True)

    def _beat(self, done: threading.Event, stop: threading.Event | None) -> None:
        try:
            while not done.wait(settings.TRUSTGATE_HEARTBEAT_SECONDS):
                try:
                    renewed = self.held.update(lease_expires_at=lease_deadline())
                except DatabaseError:  # busy: the lease outlasts several missed beats, so try again at the next
                    logger.warning("Could not renew a lease", exc_info=True)
                    continue
                if not renewed:
                    self.lost.set()
                    if stop is not None:
                        stop.set()
                    return
        finally:
            connections.close_all()  # this thread's own connection


def lease_claim(model: type[Model], pk: int, *, where: Q, **fields: Any) -> Lease | None:
    """Take the lease of row ``pk`` when ``where`` holds and nobody holds the row or its holder's lease ran out,
    writing ``fields`` in the same UPDATE. None when the row is held by a live worker, fails ``where`` or is gone."""
    token = secrets.token_hex(8)
    claimed = (
        model._default_manager.filter(where, pk=pk)
        .filter(Q(lease_owner="") | lease_expired(timezone.now()))
        .update(lease_owner=token, lease_expires_at=lease_deadline(), **fields)
    )
    return Lease(model, pk, token) if claimed else None
