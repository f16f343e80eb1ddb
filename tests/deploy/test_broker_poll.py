"""The worker cluster's look for a task (evalsite/qbroker.py): one precompiled query on a kept connection says
whether a task of its queue is waiting, and only then does django-q2's dequeue lock it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.utils import timezone
from django_q.brokers import get_broker
from django_q.models import OrmQ

pytestmark = pytest.mark.django_db


def test_a_waiting_task_is_seen_and_taken_once_and_a_locked_one_is_not() -> None:
    broker = get_broker()
    assert broker._task_waiting() is False
    assert broker.dequeue() is None  # nothing waiting: it sleeps the poll and takes nothing

    broker.enqueue("payload")
    OrmQ.objects.create(key="another-queue", payload="not ours", lock=timezone.now() - dt.timedelta(seconds=1))
    assert broker._task_waiting() is True
    taken = broker.dequeue()
    assert [payload for _, payload in taken or []] == ["payload"]
    assert broker._task_waiting() is False  # locked by the dequeue: not waiting any more (and not another queue's)


def test_the_connection_is_kept_between_looks() -> None:
    broker = get_broker()
    broker._task_waiting()
    kept = connection.connection
    broker._task_waiting()
    assert connection.connection is kept  # django-q2 reopened it on every look
