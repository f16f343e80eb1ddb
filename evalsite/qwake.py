"""A wake-up call from whoever queues a task to the idle worker clusters on the same machine (docs/deployment.md).

An idle cluster looks for a task once every poll (TRUSTGATE_Q_POLL_MS), so a launched run waited half a poll on
average before a worker took it. Now an idle cluster's pusher waits on a Unix datagram socket of its own, for a
poll at most, and queuing a task sends an empty datagram to every such socket of its queue: the clusters of this
machine look at once. A task's end sends one too (``ClusterBroker.acknowledge``): a cluster whose workers were all
busy waits on the same socket and looks again as soon as one is free. Clusters on other machines, or where Unix
sockets do not exist, find the task on their next poll as before. A datagram carries nothing, so a stray one costs
one look and no more.

The sockets live in a directory of the user's own (TRUSTGATE_Q_WAKE_DIR, mode 0700); a directory there that another
user owns, or that others may enter, is not used (the clusters then only poll). A cluster that died leaves its
socket behind: the next wake-up finds nobody listening there and removes it.
"""

from __future__ import annotations

import os
import re
import select
import socket  # noqa: TID251 (a local Unix socket between our own processes: nothing leaves the machine)
import tempfile
from pathlib import Path
from time import sleep

from django.conf import settings

_UNIX = hasattr(socket, "AF_UNIX")


def _own_dir(create: bool) -> Path | None:
    """The wake-up directory when it is this user's alone (created when ``create``), else None."""
    folder = Path(settings.TRUSTGATE_Q_WAKE_DIR or Path(tempfile.gettempdir()) / f"trustgate-q-{os.getuid()}")
    try:
        if create:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    if not folder.is_dir() or folder.is_symlink() or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return folder


def _prefix(queue: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", queue)[:40] + "."


class Doze:
    """An idle pusher's wait: ``wait(seconds)`` returns True as soon as a task was queued on this machine, False
    when the time ran out. Its socket is bound on the first wait, in the process that waits (the pusher's)."""

    def __init__(self, queue: str) -> None:
        self.queue = queue
        self.sock: socket.socket | None = None
        self.path: Path | None = None
        self.unavailable = not _UNIX

    def _bind(self) -> socket.socket | None:
        folder = None if self.unavailable else _own_dir(create=True)
        if folder is None:
            self.unavailable = True
            return None
        path = folder / f"{_prefix(self.queue)}{os.getpid()}"
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            path.unlink(missing_ok=True)  # a socket of a dead process that had this pid
            sock.bind(str(path))
        except OSError:
            sock.close()
            self.unavailable = True
            return None
        sock.setblocking(False)
        self.sock, self.path = sock, path
        return sock

    def wait(self, seconds: float) -> bool:
        sock = self.sock or self._bind()
        if sock is None:
            sleep(seconds)
            return False
        ready, _, _ = select.select([sock], [], [], seconds)
        woken = bool(ready)
        while woken:  # several tasks queued meanwhile make one look
            try:
                sock.recv(16)
            except OSError:
                break
        return woken

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            if self.path is not None:
                self.path.unlink(missing_ok=True)
            self.sock = self.path = None


def wake(queue: str) -> int:
    """Tell the idle clusters of ``queue`` on this machine that a task is waiting; how many were told."""
    folder = _own_dir(create=False) if _UNIX else None
    if folder is None:
        return 0
    told = 0
    prefix = _prefix(queue)
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.setblocking(False)
        for entry in os.scandir(folder):
            if not entry.name.startswith(prefix):
                continue
            try:
                sock.sendto(b"", entry.path)
                told += 1
            except ConnectionRefusedError:  # nobody listens: its cluster is gone
                Path(entry.path).unlink(missing_ok=True)
            except OSError:  # a full buffer: that cluster has been woken already
                continue
    return told
