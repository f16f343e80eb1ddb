"""The report page, its JSON and JUnit builders, the run list and the dashboard, with the selectors that read
them in a fixed number of queries."""
