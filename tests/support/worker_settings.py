"""Settings of the real django-q2 clusters that tests start as separate processes (``manage.py qcluster``).

Exactly evalsite.settings (read from the environment the test passes), except one thing: django-q2's scheduler
wakes when its guard loop has counted 30 s of guard cycles, so a fresh cluster first turns due schedules into
tasks 30 s after it starts. With a 30 s guard cycle it does so on its first cycle, as it starts, and a test need
not sit out those 30 s. (The cycle also paces worker health checks and task timeouts, which these tests do not
rely on.)
"""

from evalsite.settings import *  # noqa: F403
from evalsite.settings import Q_CLUSTER

Q_CLUSTER = {**Q_CLUSTER, "guard_cycle": 30}
