"""Django admin for suites, the curators' tool (docs/suites.md, Django admin): real widgets, versions kept, every
action one click. Importing the modules registers them."""

from suites.admin import scenarios, suites, versions

__all__ = ["scenarios", "suites", "versions"]
