"""Run reports as data: the page from per-scenario aggregates (``page.py``, figures in ``summary.py``, triage in
``triage.py``, a scenario's conversations on demand in ``conversations.py``); the JSON download and the CI API's
report with every attempt (``data.py``), the JUnit XML download (``junit.py``) and the drift section's flaky
scenarios (``flaky.py``)."""

from evaluations.reports.builders.data import RULES_ONLY_NOTICE, report_data, report_json
from evaluations.reports.builders.flaky import flaky_drift
from evaluations.reports.builders.junit import report_junit_xml

__all__ = ["RULES_ONLY_NOTICE", "flaky_drift", "report_data", "report_json", "report_junit_xml"]
