"""A task queued on this machine wakes the idle worker clusters at once (evalsite/qwake.py)."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django_q.brokers import get_broker
from django_q.conf import Conf

from evalsite.qwake import Doze, wake


@pytest.fixture
def wake_dir(tmp_path: Path, settings: Any) -> Path:
    folder = tmp_path / "wake"
    settings.TRUSTGATE_Q_WAKE_DIR = str(folder)
    return folder


def _wait_in_thread(doze: Doze, seconds: float) -> tuple[threading.Thread, list[bool]]:
    outcome: list[bool] = []
    thread = threading.Thread(target=lambda: outcome.append(doze.wait(seconds)))
    thread.start()
    return thread, outcome


def test_an_idle_wait_ends_when_a_task_is_queued_and_not_before(wake_dir: Path) -> None:
    doze = Doze("trustgate")
    try:
        assert doze.wait(0.01) is False  # nobody queued anything: the whole poll
        assert (wake_dir.stat().st_mode & 0o777) == 0o700
        thread, outcome = _wait_in_thread(doze, 30)
        assert wake("another-queue") == 0  # only the clusters of the task's queue are told
        assert wake("trustgate") == 1
        thread.join(timeout=10)
        assert outcome == [True]  # woken, long before its 30 s poll was over
        assert doze.wait(0.01) is False  # the wake-up was used up: the next wait is a whole poll again
    finally:
        doze.close()
    assert list(wake_dir.iterdir()) == []


@pytest.mark.django_db(transaction=True)
def test_queuing_a_task_through_the_broker_wakes_the_cluster(wake_dir: Path) -> None:
    doze = Doze(get_broker().list_key)
    try:
        doze.wait(0)  # binds its socket, as the pusher's first idle look does
        thread, outcome = _wait_in_thread(doze, 30)
        get_broker().enqueue("payload")
        thread.join(timeout=10)
        assert outcome == [True]
    finally:
        doze.close()


@pytest.mark.django_db(transaction=True)
def test_a_cluster_whose_workers_were_all_busy_looks_again_as_soon_as_a_task_ends(wake_dir: Path, monkeypatch) -> None:
    monkeypatch.setattr(Conf, "POLL", 30)  # were it to wait out its poll, the test would time out below
    monkeypatch.setattr(Conf, "WORKERS", 1)
    pusher, monitor = get_broker(), get_broker()  # one each, as in the cluster's two processes
    pusher.enqueue("the run")
    taken = pusher.dequeue()
    assert taken is not None and len(taken) == 1  # its one worker is now busy with it
    outcome: list[object] = []

    def look() -> None:
        try:
            outcome.append(pusher.dequeue())
        finally:
            connections.close_all()  # this thread's own connection

    looking = threading.Thread(target=look)
    try:
        looking.start()
        time.sleep(0.3)
        assert looking.is_alive()  # every worker busy: it waits
        started = time.monotonic()
        monitor.acknowledge(taken[0][0])  # the task ended (django-q2's monitor deletes its row)
        looking.join(timeout=10)
        assert not looking.is_alive() and time.monotonic() - started < 10  # looked again at once, not after 30 s
        assert outcome == [None]  # woken: the next look counts its free worker and takes the next task
        pusher.enqueue("the next run")
        assert [payload for _, payload in pusher.dequeue() or []] == ["the next run"]
    finally:
        monitor.acknowledge(taken[0][0])  # ends a look still waiting, should an assertion above have failed
        looking.join(timeout=40)
        if pusher.doze is not None:  # cleanup: an assertion here would hide the failure that brought us here
            pusher.doze.close()


def test_a_dead_clusters_socket_is_removed_and_others_still_woken(wake_dir: Path) -> None:
    live = Doze("trustgate")
    try:
        live.wait(0)
        dead = wake_dir / "trustgate.999999"
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as gone:
            gone.bind(str(dead))  # closed without removing its file, as a killed pusher leaves it
        assert wake("trustgate") == 1
        assert not dead.exists()
        assert live.wait(5) is True
    finally:
        live.close()


def test_a_directory_that_is_not_the_users_alone_is_not_used(wake_dir: Path) -> None:
    wake_dir.mkdir(mode=0o755)
    wake_dir.chmod(0o755)  # others may read and enter it: a wake-up socket there could be someone else's
    doze = Doze("trustgate")
    assert doze.wait(0.01) is False  # it only polls
    assert doze.sock is None and list(wake_dir.iterdir()) == []
    assert wake("trustgate") == 0
