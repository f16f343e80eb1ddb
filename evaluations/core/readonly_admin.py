"""A Django admin page that shows records and never changes them: rows written by the services only (pinned
baselines, runs, suite versions; docs/gate.md, docs/suites.md)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest


class ReadOnlyAdmin(admin.ModelAdmin):
    """No add, change or delete in admin: the record is written, and revised, through its services."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
