"""Run reports built from one ``report_data``: the page and the JSON download (``data.py``), the JUnit XML
download (``junit.py``) and the drift section's flaky scenarios (``flaky.py``)."""

from evaluations.reports.builders.data import RULES_ONLY_NOTICE, report_data, report_json
from evaluations.reports.builders.flaky import flaky_drift
from evaluations.reports.builders.junit import report_junit_xml

__all__ = ["RULES_ONLY_NOTICE", "flaky_drift", "report_data", "report_json", "report_junit_xml"]
