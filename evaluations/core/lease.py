"""Work leases: how a worker holds the job it executes (docs/architecture.md).

A leaf (Django and the standard library only). A leasable row (a ``LeasedJob``, evaluations/core/jobs.py) has
``lease_owner`` (its holder's random token, "" when nobody holds it), ``lease_expires_at`` and ``resume_count``.
The holder renews the lease from a heartbeat thread; a claim is one conditional UPDATE, so two workers never hold
the same row at once, and a worker killed with SIGKILL (no ``finally`` runs) only has to be waited for until its
lease runs out, not for the django-q2 task timeout: the lease sweep (jobs.py) hands its work out again then.

A worker asked to stop (SIGTERM to ``manage.py qcluster``) does not finish its job first: django-q2's cluster
waits for every running task before it exits, and a run can take an hour. ``worker_shutdown_install`` makes the
cluster's signal handler set one event shared with its forked workers; the heartbeat thread sees it within
SHUTDOWN_POLL_SECONDS and sets the holder's ``stop``, the holder returns without an outcome, and the lease sweep
resumes the job on a live worker (docs/runs.md).
"""

from __future__ import annotations

import logging
import multiprocessing
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.models import Model, Q
from django.utils import timezone

logger = logging.getLogger(__name__)

SHUTDOWN_POLL_SECONDS = 0.2  # how soon a holder hears that its worker is asked to stop
# Created at import, before django-q2 forks its sentinel and workers, so that they all share it.
_shutdown = multiprocessing.get_context("fork").Event()


def shutdown_requested() -> bool:
    """Whether this worker process was asked to stop (its cluster got SIGTERM or SIGINT)."""
    return _shutdown.is_set()


def worker_shutdown_install() -> None:
    """Make django-q2's cluster, on SIGTERM or SIGINT, tell the workers it forked before it waits for them
    (called once by the evaluations app at start-up; the cluster binds its handler when it is created, after)."""
    from django_q.cluster import Cluster  # here: only the app's ready() needs django-q2's cluster module

    original = Cluster.sig_handler
    if getattr(original, "tells_workers", False):
        return

    def sig_handler(self: Cluster, signum: int, frame: Any) -> None:
        _shutdown.set()
        original(self, signum, frame)

    sig_handler.tells_workers = True  # type: ignore[attr-defined]
    Cluster.sig_handler = sig_handler


def lease_deadline() -> datetime:
    """When a lease taken or renewed now runs out. A queued row gets one too: the time its task has to start."""
    return timezone.now() + timedelta(seconds=settings.TRUSTGATE_LEASE_SECONDS)


def lease_expired(now: datetime) -> Q:
    """Rows nobody holds a live lease on: none was ever set, or it ran out before ``now``."""
    return Q(lease_expires_at__isnull=True) | Q(lease_expires_at__lt=now)


class Lease:
    """A lease this worker holds on one row. ``lost`` is set when the heartbeat finds that another worker took the
    row over (this one was presumed dead): the holder must then stop and write no outcome. ``should_stop`` is
    true then, and also when the worker is asked to stop: the holder then leaves the job to be resumed."""

    def __init__(self, model: type[Model], pk: int, token: str) -> None:
        self.held = model._default_manager.filter(pk=pk, lease_owner=token)
        self.lost = threading.Event()

    @property
    def should_stop(self) -> bool:
        return self.lost.is_set() or shutdown_requested()

    @contextmanager
    def kept_alive(self, *, stop: threading.Event | None = None) -> Iterator[Lease]:
        """Renew the lease every TRUSTGATE_HEARTBEAT_SECONDS from a daemon thread while the block runs (a long
        agent or model call never blocks it), set ``stop`` too if the lease is lost or the worker is asked to stop,
        and give the lease up when the block ends, however it ends; only a killed process leaves it to run out.

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
        next_beat = time.monotonic() + settings.TRUSTGATE_HEARTBEAT_SECONDS
        try:
            while not done.wait(SHUTDOWN_POLL_SECONDS):
                if stop is not None and shutdown_requested():
                    stop.set()
                if time.monotonic() < next_beat:
                    continue
                next_beat = time.monotonic() + settings.TRUSTGATE_HEARTBEAT_SECONDS
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
