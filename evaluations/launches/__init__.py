"""Starting a run: the typed launch request and its rules, the plan (defaults from the pinned baseline), the
estimate, the one service that launches, and the web form, CI API and Use in CI adapters (docs/architecture.md)."""
