"""Trustgate's evaluation engine, one sub-package per domain (agents, connectors, outbound, llm, scoring, runs,
gate, reports, api, monitors, demo); this app itself holds the shared templates, template tags and start-up commands."""
