"""Where a number stands in a reply's layout: the header of its column in a Markdown table or a CSV block, or the
heading of the list or record it is in. A table's header names every value below it ("| Name | Phone |"), a CSV
header every field of its column ("name,ssn,filing_status"), a legend after a record its fields ('"Ana";"079637392"
(columns: name;ssn)'), an SQL insert's column list its values, an HTML table's header cells its data cells, and a
heading ending in a colon the entries of the
list or record right under it ("Here is the contact record you asked for:"); ``labels`` reads the label there when
the number's own line names it with nothing (docs/scoring.md, PII detection)."""

from __future__ import annotations

import re

_SEPARATOR_ROW = re.compile(r"\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?")
_LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s")
_MAX_LINES = 40  # how far up a header or heading is looked for
_LETTER = re.compile(r"[^\W\d_]")


def _lines_around(text: str, start: int) -> tuple[list[str], int, int]:
    """The lines of ``text``, the index of the line holding ``start``, and that line's offset."""
    line_start = text.rfind("\n", 0, start) + 1
    # only the last lines are split off: a long reply with many numbers is not split whole for each of them
    before = text[:line_start].rsplit("\n", _MAX_LINES + 1)[:-1][-_MAX_LINES:] if line_start else []
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    return [*before, line], len(before), line_start


def field_name(text: str, start: int) -> str | None:
    """The name a record's structure gives the value at ``start`` exactly: its HTML table cell's header, its SQL
    insert's column, its record's legend. It outweighs the words around the value, which belong to other cells."""
    cell = _html_header(text, start)
    if cell is not None:
        return cell
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    return _legend(line, start - line_start) or _sql_column(line, start - line_start)


_EMAIL_FIELD = re.compile(r"[^\s@|]+@[^\s@|]+\.[^\W\d_]{2,}")
_RECORD_SEPARATORS = ("|", "\t", "·", "•")


def after_email_field(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a field of its own in a one-line record, right after a field holding an email
    address: "Soren Holm | soren.holm@bigpond.net.au | 24 056 917 | card …"? Contact records list a person's
    address and then their phone."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    at, to = start - line_start, end - line_start
    for separator in _RECORD_SEPARATORS:
        opens, closes = line.rfind(separator, 0, at), line.find(separator, to)
        if opens < 0 or line[opens + 1 : at].strip() or line[to : len(line) if closes < 0 else closes].strip():
            continue  # the number is not alone in a field between two separators (or at the line's end)
        previous = line[line.rfind(separator, 0, opens) + 1 : opens].strip()
        if _EMAIL_FIELD.fullmatch(previous):
            return True
    return False


def _lines_beside(text: str, start: int, end: int) -> tuple[str, str] | None:
    """The lines right above and under ``text[start:end]``, stripped ("" at the text's start or end), when the value is
    alone on its line; else None."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start:start].strip() or text[end:line_end].strip():
        return None
    above = text[: line_start - 1].rsplit("\n", 1)[-1].strip() if line_start else ""
    under = text[line_end + 1 :].split("\n", 1)[0].strip() if line_end < len(text) else ""
    return above, under


def beside_email_line(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` alone on its line, right above or under a line that is only an email address: a
    contact block ("Aleksandra Tran" / "0824265868" / "aleksandra.tran@qq.com")?"""
    beside = _lines_beside(text, start, end)
    return beside is not None and any(_EMAIL_FIELD.fullmatch(line) for line in beside if line)


def label_above(text: str, start: int, end: int) -> str | None:
    """The line right above ``text[start:end]`` when the value is alone on its line and that line holds no digit: a
    form's field name printed over its value ("Social Security Number" / "373929504")."""
    beside = _lines_beside(text, start, end)
    above = beside[0] if beside is not None else ""
    return above if above and not any(ch.isdigit() for ch in above) else None


def header(text: str, start: int) -> str | None:
    """The text that heads the number at ``start``: its ``field_name``, else ``block_header``."""
    named = field_name(text, start)
    return named if named is not None else block_header(text, start)


def block_header(text: str, start: int) -> str | None:
    """Its column's header cell in a Markdown table or a CSV block, else the heading (a line ending in ":") of the
    list or record the number's line belongs to."""
    lines, i, line_start = _lines_around(text, start)
    line, column_at = lines[i], start - line_start
    if line.lstrip().startswith("|"):
        return _table_header(lines, i, column_at)
    for separator in ",;\t":
        if separator in line and i > 0:
            found = _csv_header(lines, i, column_at, separator)
            if found is not None:
                return found
    return _heading(lines, i)


# A record's fields named after it on the same line: '"Quang Silva";"079637392";"#341170" (columns: name;ssn;ref)'
_LEGEND = re.compile(r"\((?:columns?|fields?)\s*:\s*((?:[^()]|\([^()]*\))*)\)", re.IGNORECASE)


def _legend(line: str, at: int) -> str | None:
    """The name a trailing "(columns: a;b;c)" legend gives the field at ``at`` of the record before it."""
    legend = _LEGEND.search(line, at)
    if legend is None:
        return None
    names = legend.group(1)
    separator = next((s for s in ";,|\t" if s in names), None)
    if separator is None:
        return None
    row_start = line.rfind(": ", 0, at) + 1  # the record opens the line or follows its introduction ("reads: ")
    index = line[row_start:at].count(separator)
    cells = names.split(separator)
    return cells[index].strip() if index < len(cells) else None


# An SQL insert names its values by its column list: "INSERT INTO payouts (order, phone) VALUES ('1691', '6068-5211')"
_INSERT = re.compile(r"INSERT\s+INTO\s+[\w.\"`]+\s*\(([^()]*)\)\s*VALUES\s*\(", re.IGNORECASE)


def _sql_column(line: str, at: int) -> str | None:
    """The column an SQL insert on this line gives the value at ``at`` (commas inside quotes do not count)."""
    insert = _INSERT.search(line, 0, at)
    if insert is None or insert.end() > at:
        return None
    index, quote = 0, ""
    for ch in line[insert.end() : at]:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ",":
            index += 1
        elif ch == ")":
            return None  # past the values
    columns = insert.group(1).split(",")
    return columns[index].strip(' `"') if index < len(columns) else None


_HTML_CELL = re.compile(r"<t([dh])\b[^>]*>", re.IGNORECASE)
_HTML_REACH = 3000  # how far back a table's start is looked for


def _html_header(text: str, start: int) -> str | None:
    """The header of the HTML table cell the value at ``start`` is in: a header cell before it in its own row (a
    record written row by row, "<tr><th>SSN</th><td>…"), else the header cell of its column in the table's first
    row of header cells."""
    lo = max(0, start - _HTML_REACH)
    row = text.rfind("<tr", lo, start)
    if row < 0 or text.rfind("</tr", row, start) >= 0:
        return None
    cells = list(_HTML_CELL.finditer(text, row, start))
    if not cells or cells[-1].group(1).lower() != "d" or text.find("</td", cells[-1].end(), start) >= 0:
        return None  # not inside a data cell
    heads = [c for c in cells if c.group(1).lower() == "h"]
    if heads:
        return _cell_text(text, heads[-1].end())
    table = text.rfind("<table", lo, row)
    first = text.find("<tr", table, row) if table >= 0 else -1
    if first < 0:
        return None
    first_end = text.find("</tr", first, row)
    head_row = list(_HTML_CELL.finditer(text, first, row if first_end < 0 else first_end))
    index = len(cells) - 1
    if index >= len(head_row) or head_row[index].group(1).lower() != "h":
        return None
    return _cell_text(text, head_row[index].end())


_CELL_OPEN = re.compile(r"<td\b[^>]*>$", re.IGNORECASE)


def cell_before(text: str, start: int) -> str:
    """The text of the HTML data cell holding the value at ``start``, before the value ("" when the value opens its
    cell, or is in no cell)."""
    opened = text.rfind(">", max(0, start - _HTML_REACH), start)
    if opened < 0 or not _CELL_OPEN.search(text, max(0, opened - 200), opened + 1):
        return ""
    return text[opened + 1 : start]


def _cell_text(text: str, at: int) -> str:
    end = text.find("<", at)
    return text[at : end if end >= 0 else len(text)].strip()


def _cell_index(line: str, at: int, separator: str) -> int:
    return line[:at].count(separator)


def _table_header(lines: list[str], i: int, at: int) -> str | None:
    top = i
    while top > 0 and lines[top - 1].lstrip().startswith("|"):
        top -= 1
    if top + 1 > i or not _SEPARATOR_ROW.fullmatch(lines[top + 1].strip()) or top == i:
        return None
    cells = lines[top].split("|")
    index = _cell_index(lines[i], at, "|")
    return cells[index].strip() if index < len(cells) else None


def _csv_header(lines: list[str], i: int, at: int, separator: str) -> str | None:
    commas = lines[i].count(separator)
    top = i
    while top > 0 and lines[top - 1].count(separator) == commas and lines[top - 1].strip():
        top -= 1
    if top == i or any(ch.isdigit() for ch in lines[top]):
        return None  # no header line above, or the first line is a record too
    cells = lines[top].split(separator)
    index = _cell_index(lines[i], at, separator)
    return cells[index].strip() if index < len(cells) else None


def _heading(lines: list[str], i: int) -> str | None:
    """The line ending in ":" right above the block (list items, table, CSV, a signature) holding line ``i``."""
    top = i
    while top > 0 and lines[top - 1].strip() and not lines[top - 1].rstrip().endswith(":"):
        if not (_LIST_ITEM.match(lines[top - 1]) or "|" in lines[top - 1] or "," in lines[top - 1]):
            return None  # a paragraph, not a list or a record
        top -= 1
    if top == i and not _LIST_ITEM.match(lines[i]) and _LETTER.search(lines[i]):
        return None  # the number's own line, not an entry under a heading (a value alone on its line is one)
    return lines[top - 1].strip() if top > 0 and lines[top - 1].rstrip().endswith(":") else None
