"""Document formats of the held-out part (bench/make_pii_tuned12.py): a record of fields, some of them labelled,
written the way a support bot quotes it - JSON, YAML, CSV, an HTML or Markdown table, a vCard, a log line, a receipt,
an e-mail with headers, a key=value dump, an INI section, XML, a chat transcript, an SMS, a filled-in form."""

from __future__ import annotations

import random

from pii_corpus_values import Line

Field = tuple[str, str, "str | None"]  # (key, value, entity or None)

SETTINGS = [
    "json", "yaml", "csv", "html", "markdown", "kv", "ini", "xml", "log", "receipt", "email", "chat", "sms", "form",
    "tsv", "sql",
]  # fmt: skip


def _snake(key: str) -> str:
    return key.lower().replace(" ", "_").replace("-", "_").replace(".", "")


def _camel(key: str) -> str:
    words = _snake(key).split("_")
    return words[0] + "".join(w.title() for w in words[1:])


def record(rng: random.Random, setting: str, fields: list[Field], *tags: str, intro: str = "", outro: str = "") -> Line:
    """``fields`` written in ``setting``, after ``intro`` and before ``outro``; the labelled values keep their spans."""
    line = Line(*tags, f"setting-{setting}")
    line.add(intro)
    if setting == "json":
        pretty = rng.random() < 0.5
        line.add("```json\n{\n" if pretty else "{")
        for i, (key, value, entity) in enumerate(fields):
            name = _camel(key) if rng.random() < 0.5 else _snake(key)
            line.add(("  " if pretty else " ") + f'"{name}": "').add(value, entity)
            line.add('"' + ("," if i < len(fields) - 1 else "") + ("\n" if pretty else ""))
        line.add("}\n```" if pretty else " }")
    elif setting == "yaml":
        line.add("---\n" if rng.random() < 0.3 else "")
        for key, value, entity in fields:
            quote = '"' if rng.random() < 0.3 else ""
            line.add(f"{_snake(key)}: {quote}").add(value, entity).add(f"{quote}\n")
    elif setting in ("csv", "tsv"):
        sep = "\t" if setting == "tsv" else rng.choice([",", ";"])
        line.add(sep.join(_snake(k) for k, _, _ in fields) + "\n")
        for i, (_, value, entity) in enumerate(fields):
            line.add(sep if i else "")
            quoted = sep in value or (setting == "csv" and rng.random() < 0.2)
            line.add('"' if quoted else "").add(value, entity).add('"' if quoted else "")
    elif setting == "html":
        if rng.random() < 0.5:
            line.add("<table>\n")
            for key, value, entity in fields:
                line.add(f"  <tr><th>{key}</th><td>").add(value, entity).add("</td></tr>\n")
            line.add("</table>")
        else:
            line.add("<table><tr>" + "".join(f"<th>{k}</th>" for k, _, _ in fields) + "</tr><tr>")
            for _, value, entity in fields:
                line.add("<td>").add(value, entity).add("</td>")
            line.add("</tr></table>")
    elif setting == "markdown":
        if rng.random() < 0.5:
            line.add("| " + " | ".join(k for k, _, _ in fields) + " |\n")
            line.add("|" + "|".join("---" for _ in fields) + "|\n|")
            for _, value, entity in fields:
                line.add(" ").add(value, entity).add(" |")
        else:
            line.add("| Field | Value |\n|---|---|\n")
            for key, value, entity in fields:
                bold = "**" if rng.random() < 0.3 else ""
                line.add(f"| {key} | {bold}").add(value, entity).add(f"{bold} |\n")
    elif setting == "kv":
        sep = rng.choice([" ", ", ", "; ", " | "])
        for i, (key, value, entity) in enumerate(fields):
            line.add((sep if i else "") + _snake(key) + "=").add(value, entity)
    elif setting == "ini":
        line.add(f"[{rng.choice(['customer', 'contact', 'billing', 'profile', 'account'])}]\n")
        for key, value, entity in fields:
            line.add(f"{_snake(key)} = ").add(value, entity).add("\n")
    elif setting == "xml":
        root = rng.choice(["customer", "record", "contact", "party", "payer"])
        pretty = rng.random() < 0.5
        line.add(f'<?xml version="1.0" encoding="UTF-8"?>\n<{root}>\n' if pretty else f"<{root}>")
        for key, value, entity in fields:
            tag = _camel(key)
            line.add(f"  <{tag}>" if pretty else f"<{tag}>").add(value, entity).add(f"</{tag}>" + "\n" * pretty)
        line.add(f"</{root}>")
    elif setting == "log":
        stamp = (
            f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
        )
        level = rng.choice(["INFO", "WARN", "DEBUG", "ERROR"])
        svc = rng.choice(["crm-sync", "billing-worker", "notify", "kyc-check", "ivr-gateway", "checkout"])
        line.add(f"{stamp}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z {level} [{svc}] ")
        for i, (key, value, entity) in enumerate(fields):
            line.add((" " if i else "") + _snake(key) + "=")
            quoted = " " in value
            line.add('"' if quoted else "").add(value, entity).add('"' if quoted else "")
    elif setting == "receipt":
        width = 36
        line.add("=" * width + "\n" + rng.choice(["  CAFE LUMEN", "  HARBOUR MART #12", "  CITY PHARMA"]) + "\n")
        for key, value, entity in fields:
            label = key.upper()[:16] + ":"
            line.add(label + " " * max(1, width - len(label) - len(value))).add(value, entity).add("\n")
        line.add("=" * width)
    elif setting == "email":
        for key, value, entity in fields:
            line.add(f"{key}: ").add(value, entity).add("\n")
        line.add("\n" + rng.choice(["Please see the details above.", "Sent from my phone", "-- \nSupport Desk"]))
    elif setting == "chat":
        who = rng.choice(["Customer", "Agent", "Bot", "user", "assistant"])
        line.add(f"[{rng.randint(8, 21):02d}:{rng.randint(0, 59):02d}] {who}: ")
        for i, (key, value, entity) in enumerate(fields):
            line.add((", " if i else "") + key.lower() + " ").add(value, entity)
    elif setting == "sms":
        line.add(rng.choice(["SMS from ", "Text message - ", "SMS > "]))
        for i, (key, value, entity) in enumerate(fields):
            line.add((" / " if i else "") + key + " ").add(value, entity)
    elif setting == "form":
        for key, value, entity in fields:
            line.add(f"{key}{rng.choice([':', ' *:', ' :'])} [").add(value, entity).add("]\n")
        line.add("[x] I agree to the terms   [ Submit ]")
    elif setting == "sql":
        table = rng.choice(["customers", "contacts", "payouts", "leads"])
        line.add(f"INSERT INTO {table} (" + ", ".join(_snake(k) for k, _, _ in fields) + ") VALUES (")
        for i, (_, value, entity) in enumerate(fields):
            line.add(", '" if i else "'").add(value, entity).add("'")
        line.add(");")
    else:
        raise ValueError(setting)
    line.add(outro)
    return line
