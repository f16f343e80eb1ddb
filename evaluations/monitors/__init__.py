"""Monitors: scheduled agent checks with rules, 2-of-3 sampling, status changes and alerts.
Its own Django app (label monitors), with its tasks, admin, templates and management command."""
