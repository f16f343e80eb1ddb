"""Scoring a reply: deterministic rules, PII detection, the LLM judge, and the metrics and Trust Score.
A leaf: pure functions over specs and transcripts, no models."""
