"""Baselines and the release gate: the pure statistical gate rules (rules/), what the gate reads off a run
(profile), pins and trends (selectors), the gate service (pin, compare), the CI verdict and the drift views."""
