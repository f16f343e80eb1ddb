"""Shared leaves every room may use: the scenario interface, the async bridge, the leased-job base (its status,
lease and one sweep), the safe YAML and JSON-schema loaders, and the SVG charts. Nothing here imports a room
(docs/architecture.md)."""
