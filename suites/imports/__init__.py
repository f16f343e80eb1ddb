"""Imports of other tools' files into suites (docs/imports.md): conversations (JSON Lines, CSV), OpenTelemetry
GenAI traces, Langfuse and LangSmith exports, promptfoo tests and DeepEval goldens; previewed, PII-masked, deduplicated,
then written all or nothing. One reader per format (``FORMATS`` in ``preview``), each returning drafts and problems."""
