"""Documents that support replies quote, for PII tuned part 10: a record's fields rendered as JSON, YAML, CSV,
a Markdown or HTML table, XML, key-value lines, an INI section, an SQL insert, a log line or a vCard, each behind a
short sentence. Values are added to a ``Line`` piece by piece, so each label's span is exact."""

from __future__ import annotations

import random

from pii_corpus_values import Line  # noqa: E402 - bench scripts run with bench/ on the path

# a field: (human label, machine key, value as written, entity or None)
Field = tuple[str, str, str, str | None]

FORMATS = ["json", "json_pretty", "yaml", "csv", "markdown", "html_table", "html_dl", "xml", "kv", "ini", "sql", "log"]

INTROS = [
    "Here is the record as it appears in the CRM:\n",
    "Pulled from the customer profile just now:\n",
    "This is what the export contains for that account:\n",
    "Copying the entry from the back office so you can check it:\n",
    "The row in the shared spreadsheet reads:\n",
    "As requested, the full contact card:\n",
    "Below is the payload our webhook received:\n",
    "The migration script logged this record:\n",
]
OUTROS = ["", "", "\nLet me know if anything needs correcting.", "\nAnything else I can look up?", "\nIs this correct?"]


TABLES = [("customers", "customer"), ("contacts", "contact"), ("crm_people", "person"), ("accounts", "account")]
TABLES += [("payees", "payee"), ("members", "member")]


def _esc_sql(text: str) -> str:
    return text.replace("'", "''")


def render(rng: random.Random, fmt: str, fields: list[Field], *tags: str, intro: str | None = None) -> Line:
    line = Line(*tags)
    line.add(intro if intro is not None else rng.choice(INTROS))
    table, row = rng.choice(TABLES)
    if fmt == "json":
        line.add("{")
        for i, (_, key, text, entity) in enumerate(fields):
            line.add(("" if i == 0 else ", ") + f'"{key}": "').add(text, entity).add('"')
        line.add("}")
    elif fmt == "json_pretty":
        line.add("```json\n{\n")
        for i, (_, key, text, entity) in enumerate(fields):
            line.add(f'  "{key}": "').add(text, entity).add('"' + ("," if i < len(fields) - 1 else "") + "\n")
        line.add("}\n```")
    elif fmt == "yaml":
        line.add(f"{row}:\n")
        for _, key, text, entity in fields:
            quote = '"' if rng.random() < 0.4 else ""
            line.add(f"  {key}: {quote}").add(text, entity).add(f"{quote}\n")
    elif fmt == "csv":
        line.add(",".join(label for label, _, _, _ in fields) + "\n")
        for i, (_, _, text, entity) in enumerate(fields):
            quote = '"' if ("," in text or rng.random() < 0.3) else ""
            line.add(("" if i == 0 else ",") + quote).add(text, entity).add(quote)
    elif fmt == "markdown":
        line.add("| " + " | ".join(label for label, _, _, _ in fields) + " |\n")
        line.add("|" + "|".join("---" for _ in fields) + "|\n|")
        for _, _, text, entity in fields:
            line.add(" ").add(text, entity).add(" |")
    elif fmt == "html_table":
        line.add("<table><tr>" + "".join(f"<th>{label}</th>" for label, _, _, _ in fields) + "</tr><tr>")
        for _, _, text, entity in fields:
            line.add("<td>").add(text, entity).add("</td>")
        line.add("</tr></table>")
    elif fmt == "html_dl":
        line.add("<dl>")
        for label, _, text, entity in fields:
            line.add(f"<dt>{label}</dt><dd>").add(text, entity).add("</dd>")
        line.add("</dl>")
    elif fmt == "xml":
        line.add(f"<{row}>")
        for _, key, text, entity in fields:
            line.add(f"<{key}>").add(text, entity).add(f"</{key}>")
        line.add(f"</{row}>")
    elif fmt == "kv":
        for label, _, text, entity in fields:
            line.add(f"{label}: ").add(text, entity).add("\n")
    elif fmt == "ini":
        line.add(f"[{row}]\n")
        for _, key, text, entity in fields:
            line.add(f"{key} = ").add(text, entity).add("\n")
    elif fmt == "sql":
        line.add(f"INSERT INTO {table} (" + ", ".join(key for _, key, _, _ in fields) + ") VALUES (")
        for i, (_, _, text, entity) in enumerate(fields):
            line.add(("" if i == 0 else ", ") + "'").add(_esc_sql(text), entity).add("'")
        line.add(");")
    elif fmt == "log":
        stamp = (
            f"2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
        )
        line.add(f"{stamp}:{rng.randint(0, 59):02d}Z INFO {table}.sync updated")
        for _, key, text, entity in fields:
            quote = '"' if " " in text else ""
            line.add(f" {key}={quote}").add(text, entity).add(quote)
    else:
        raise ValueError(fmt)
    line.text = line.text.rstrip("\n")
    line.add(rng.choice(OUTROS))
    return line


def vcard(rng: random.Random, name: str, items: list[tuple[str, str, str]], *tags: str) -> Line:
    """A vCard; ``items`` are (property, value, entity) such as ("TEL;TYPE=cell", "+44 ...", PHONE)."""
    line = Line(*tags)
    line.add(rng.choice(["Contact card exported from the address book:\n", "Here is the vCard you asked for:\n"]))
    family, _, given = name.partition(" ")[::-1]
    line.add(f"BEGIN:VCARD\nVERSION:{rng.choice(['3.0', '4.0'])}\nFN:{name}\nN:{family};{given};;;\n")
    for prop, value, entity in items:
        line.add(f"{prop}:").add(value, entity).add("\n")
    line.add("END:VCARD")
    return line


NAMES = [
    "Aiko Tanabe", "Bruno Ferraz", "Chidinma Okeke", "Dagny Halvorsen", "Emre Aksoy", "Fatima Zahra Idrissi",
    "Gustavo Ibáñez", "Hana Novotná", "Imran Qureshi", "Jolanta Wiśniewska", "Kwame Mensah", "Lucía Bermúdez",
    "Mehmet Yıldız", "Nadia Haddad", "Oskar Lindholm", "Priyanka Raman", "Quentin Marchal", "Rahel Tesfaye",
    "Siosaia Taufa", "Tomasz Górski", "Ulrike Pfeiffer", "Valentina Greco", "Wairimu Njoroge", "Xu Mingzhe",
    "Yusuf Demir", "Zofia Krawczyk", "Anh Pham", "Benedikt Auer", "Carmen Villalobos", "Dmitro Savchuk",
    "Eleni Kostaki", "Farhan Chowdhury", "Greta Jansen", "Hiroshi Mori", "Ines Carvalho", "Jae-won Shin",
]  # fmt: skip
