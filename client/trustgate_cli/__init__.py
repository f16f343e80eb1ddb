"""Trustgate's command-line client: the CI API (``/api/v1/``) from a CI runner, standard library only.

It runs on the CI runner, not on the Trustgate server (docs/ci.md)."""

__version__ = "1.0.0"
