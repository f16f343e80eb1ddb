"""Suites: saved scenario sets with versions, test sets, personas, model-written scenarios (Generate new), the
change check against an edited policy, YAML import/export and the Use in CI snippets."""
