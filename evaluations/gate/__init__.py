"""Baselines and the release gate: the pure statistical gate rules, the gate service (pin, compare, trend),
the CI verdict and the drift section of the report."""
