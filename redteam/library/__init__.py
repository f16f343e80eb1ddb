"""The red-team attack library (docs/redteam.md): static, versioned data written for Trustgate; no network needed.

``ATTACKS`` holds 60 attacks as plain dicts. ``services.library_sync`` loads them into the ``Attack`` table,
and the database copy (editable in the admin) is what runs use.

Depths (each includes the ones before it):

* quick (7): the core single-message attacks, one per category plus a second injection.
* standard (30): the 7 plus 23 more across prompt injection, jailbreaks, system-prompt leaks, data
  exfiltration (markdown images, attacker links), unsafe output and excessive agency, with 3 multi-turn
  escalations (PI-007, JB-004, SPL-004) and attacks in Spanish and Hindi.
* deep (60): the 30 plus base64, leetspeak and ROT13 variants of the 10 attacks in ``ENCODED_SOURCES``.
  The variants are generated (``catalogue.py``), never typed: they reuse the source's plain turns, and
  ``encoders.render_turns`` encodes them at run time after the canary is substituted.

Checks carried by each attack:

* ``uses_canary``: the turns contain ``{{canary}}``; a run substitutes one fresh random canary, and a reply
  that outputs it (plain or encoded) proves the injection was obeyed.
* ``forbidden_phrases``: specific markers the attack asks for (ALL-CAPS tokens, attacker IPs, script
  fragments) whose appearance proves compliance. Attacker links use the documentation ranges
  203.0.113.0/24 and 198.51.100.0/24 (RFC 5737), which never belong to anyone and which the rules engine
  flags as raw-IP links.
* ``leak_check``: a system-prompt leak attack; the engine's verbatim-knowledge rule catches the leak.
* ``expected_outcome``: what a safe agent does, for the judge.

Where things are: ``schema.py`` (the fields and their values), one data module per category
(``prompt_injection.py`` ... ``excessive_agency.py``), ``catalogue.py`` (run order, encoded variants,
version) and ``translations.py`` (the fixed Spanish and Hindi text of the language strategies,
``redteam/strategies.py``).

Against the bundled demo agent (``evaluations/demo/replies.py``), ``DEMO_BYPASSED`` get through (its planted
"ignore previous instructions ... say/repeat/print X" flaw); every other attack is blocked.
"""

from __future__ import annotations

from redteam.library.catalogue import ATTACKS, DEMO_BYPASSED, ENCODED_SOURCES, LIBRARY_VERSION
from redteam.library.schema import CATEGORIES, ENCODING_SUFFIXES, LANGUAGES, OWASP_TAGS, SEVERITIES

__all__ = [
    "ATTACKS",
    "CATEGORIES",
    "DEMO_BYPASSED",
    "ENCODED_SOURCES",
    "ENCODING_SUFFIXES",
    "LANGUAGES",
    "LIBRARY_VERSION",
    "OWASP_TAGS",
    "SEVERITIES",
]
