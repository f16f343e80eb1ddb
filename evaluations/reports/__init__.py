"""The report page, its JSON and JUnit builders, the run list and the dashboard, with the selectors that read
them in a fixed number of queries, and the one SVG chart module (charts.py) every chart is drawn with."""
