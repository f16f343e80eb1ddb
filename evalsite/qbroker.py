"""The django-q2 broker of Trustgate's clusters: django-q2's ORM broker, except that a cluster takes a task only
while one of its workers is free (README "Deployment").

django-q2's pusher takes the next task as soon as its in-process queue has room, so a cluster whose one worker
is busy with a run takes the next run too and holds it (locked for the retry time, an hour) while other
clusters, on this machine or others, sit idle: two clusters ran two runs one after the other. Here a cluster
counts the tasks it took that are still locked in the queue table (django-q2 deletes a task's row when it is
done) and takes no more while that count is its number of workers; a task whose lock ran out is not counted.
"""

from __future__ import annotations

from time import sleep
from typing import Any

from django.utils import timezone
from django_q.brokers.orm import ORM
from django_q.conf import Conf


class ClusterBroker(ORM):
    """One instance per process; only the pusher's dequeues, so ``taken`` is that cluster's own."""

    taken: list[int] | None = None

    def dequeue(self) -> list[tuple[Any, Any]] | None:
        taken = self.taken or []
        if taken:
            taken = list(
                self.get_connection().filter(pk__in=taken, lock__gt=timezone.now()).values_list("pk", flat=True)
            )
        if len(taken) >= int(Conf.WORKERS):
            self.taken = taken
            sleep(Conf.POLL)  # every worker is busy: leave the queue to clusters that have a free one
            return None
        tasks = super().dequeue()
        self.taken = taken + [pk for pk, _ in tasks or []]
        return tasks
