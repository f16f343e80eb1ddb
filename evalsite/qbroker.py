"""The django-q2 broker of Trustgate's clusters: django-q2's ORM broker, except that a cluster takes a task only
while one of its workers is free (docs/deployment.md).

django-q2's pusher takes the next task as soon as its in-process queue has room, so a cluster whose one worker
is busy with a run takes the next run too and holds it (locked for the retry time, an hour) while other
clusters, on this machine or others, sit idle: two clusters ran two runs one after the other. Here a cluster
counts the tasks it took that are still locked in the queue table (django-q2 deletes a task's row when it is
done) and takes no more while that count is its number of workers; a task whose lock ran out is not counted.

An idle cluster asks on every poll whether a task is waiting. django-q2's own dequeue closes and reopens the
database connection and builds its query with the ORM on each look (about 3 ms of CPU per look on this machine,
most of it the new connection); here the question is one query compiled once per process on a kept connection,
and only a yes goes on to django-q2's dequeue, which locks the task. So the poll can be short (a launched run
starts sooner) for less idle CPU than before. Between looks an idle cluster waits on its wake-up socket
(evalsite/qwake.py): a task queued on the same machine wakes it at once, and so does a task's end, for a cluster
whose workers were all busy.
"""

from __future__ import annotations

from time import sleep
from typing import Any

from django.db import DatabaseError, connections, transaction
from django.utils import timezone
from django_q.brokers.orm import ORM
from django_q.conf import Conf
from django_q.models import OrmQ

from evalsite.qwake import Doze, wake


class ClusterBroker(ORM):
    """One instance per process; only the pusher's dequeues, so ``taken`` is that cluster's own."""

    taken: list[int] | None = None
    doze: Doze | None = None  # the idle wait, bound in the pusher's process on its first use

    @staticmethod
    def get_connection(list_key: str | None = None) -> Any:
        """The queue table on the kept connection. django-q2's ORM broker closed the database connection before
        each use (close_old_connections; with SQLite's CONN_MAX_AGE of 0 that closes it): queuing a task reopened the
        caller's connection twice and each dequeue the pusher's, a few milliseconds each on the way from a launch to
        its first message (bench/run_efficiency.py).
        Here a connection is closed only once a query on it failed (a restarted server, say), as django-q2 would."""
        connection = connections[Conf.ORM]
        if connection.errors_occurred and transaction.get_autocommit(using=Conf.ORM):
            connection.close_if_unusable_or_obsolete()
        return OrmQ.objects.using(Conf.ORM)

    def enqueue(self, task: Any) -> Any:
        pk = super().enqueue(task)
        wake(self.list_key)  # committed: django-q2 queues in autocommit (our tasks are queued on commit)
        return pk

    def acknowledge(self, task_id: Any) -> None:
        """Done with a task (its row deleted, in the cluster's monitor): a worker is free again, so a pusher that
        waits because all its workers were busy looks at once, instead of after the rest of its poll."""
        super().acknowledge(task_id)
        wake(self.list_key)

    def dequeue(self) -> list[tuple[Any, Any]] | None:
        taken = self.taken or []
        if taken:
            try:  # on the kept connection (see _task_waiting): polled while every worker is busy with a run
                taken = list(
                    OrmQ.objects.using(Conf.ORM)
                    .filter(pk__in=taken, lock__gt=timezone.now())
                    .values_list("pk", flat=True)
                )
            except DatabaseError:
                connections[Conf.ORM].close()
                sleep(Conf.POLL)
                return None
        self.doze = self.doze or Doze(self.list_key)
        if len(taken) >= int(Conf.WORKERS):
            self.taken = taken
            # Every worker is busy: leave the queue to clusters that have a free one, until a task ends (acknowledge)
            self.doze.wait(Conf.POLL)
            return None
        if not self._task_waiting():
            self.doze.wait(Conf.POLL)  # empty queue: spare the CPU, as django-q2 does, until a task is queued here
            return None
        tasks = super().dequeue()
        self.taken = taken + [pk for pk, _ in tasks or []]
        return tasks

    _waiting_sql: tuple[str, int, int] | None = None  # the SQL, where the key and the time go
    _SENTINEL = "trustgate-q-sentinel"

    def _task_waiting(self) -> bool:
        """Whether a task of this queue is unlocked, in a query compiled by the ORM once and then only run."""
        # django-q2 closes the connection before each look (close_old_connections, with CONN_MAX_AGE 0), so each
        # look opened a new one: most of its CPU. This one keeps it, and drops it only when it fails.
        connection = connections[Conf.ORM]
        compiled = self._waiting_sql
        if compiled is None:
            query = OrmQ.objects.using(Conf.ORM).filter(key=self._SENTINEL, lock__lt=timezone.now()).values("pk")[:1]
            sql, params = query.query.sql_with_params()
            key_index = list(params).index(self._SENTINEL)
            compiled = type(self)._waiting_sql = (sql, key_index, 1 - key_index)  # two parameters: key and time
        sql, key_index, time_index = compiled
        values: list[Any] = [None, None]
        values[key_index] = self.list_key
        values[time_index] = connection.ops.adapt_datetimefield_value(timezone.now())
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, values)
                return cursor.fetchone() is not None
        except DatabaseError:
            connection.close()  # a broken connection (a restarted server, say): the next look opens a new one
            return False
