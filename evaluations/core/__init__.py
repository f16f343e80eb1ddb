"""Shared leaves every room may use: the scenario interface, the async bridge, leases on jobs, the safe YAML
and JSON-schema loaders, and the SVG charts. Nothing here imports a room (docs/architecture.md)."""
