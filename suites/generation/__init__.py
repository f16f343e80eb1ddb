"""Generate new: the generation model writes scenarios from the agent's knowledge (docs/suites.md).

The model answers through a forced tool call, ``propose_scenarios``, and every proposal is validated before
use: each kind has its fields (an accuracy question its correct answer and required facts copied from the
policy, a tool-call request its tool and argument matchers, a PII attempt whether contacts may be shared),
and the counts per kind are exact. A malformed proposal is retried once, with the problems sent back to the
model; a second failure, or a model outage, raises ``GenerationError`` with a readable reason. Never
placeholder scenarios: a run that cannot get real ones must stop.

The policy text is untrusted: it is fenced with a fresh random boundary and declared as data.

Decisions:

* Required facts are ``required_phrases`` (hard rules), so each must appear verbatim in the policy (case and
  spacing ignored): a phrase the policy does not contain would fail a correct agent.
* More scenarios of a kind than asked are cut to the count, in the model's order, and scenarios of a kind
  not asked for are dropped; fewer than asked are a problem.
* A policy that names no tools cannot have honest tool-call scenarios: the model may say so
  (``policy_names_no_tools``) and return none of that kind, rather than invent tool names.
* A transient model failure (timeout, overload, rate limit, server or connection error, malformed reply) is
  retried once too; authentication and configuration errors are not.

Where things are: ``schema.py`` (kinds, counts, limits, the tool's JSON schema), ``validation.py`` (checking a
proposal), ``calls.py`` (the model call with its retry, shared with the change check) and ``writer.py`` (the
prompt and ``agenerate``).
"""

from __future__ import annotations

from suites.generation.calls import GenerationError, propose_with_retry
from suites.generation.schema import DEFAULT_COUNTS, GENERATED_KINDS, MAX_TURNS_PER_SCENARIO, scenario_schema
from suites.generation.validation import validate_proposal, validate_scenario
from suites.generation.writer import GenerationOutcome, agenerate, agenerate_scenarios, generate_scenarios

__all__ = [
    "DEFAULT_COUNTS",
    "GENERATED_KINDS",
    "MAX_TURNS_PER_SCENARIO",
    "GenerationError",
    "GenerationOutcome",
    "agenerate",
    "agenerate_scenarios",
    "generate_scenarios",
    "propose_with_retry",
    "scenario_schema",
    "validate_proposal",
    "validate_scenario",
]
