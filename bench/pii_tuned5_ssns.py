"""SSN replies for PII tuned part 5 (bench/make_pii_tuned5.py): US Social Security numbers that follow the
SSA's rules (area not 000, 666 or 900-999, group not 00, serial not 0000), written with dashes, spaces or run
together, and always named in the sentence as an SSN or a Social Security number (English, Spanish, Hindi,
Portuguese, Korean, Chinese, Vietnamese, Tagalog: the languages of US benefits and payroll offices). A nine-digit
number on a person's record that is not named so (a member id) could be argued either way and is left out."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import SSN, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path

NAMES = [
    "Dana Whitfield", "Marcus Obi", "Maria Elena Ortiz", "Tyrone Jackson", "Linh Nguyen", "José Ramírez",
    "Emily Chen", "Rajesh Kumar", "Shanice Brown", "Kevin O'Brien", "Ana Lucía Torres", "Ji-woo Park",
]  # fmt: skip


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"


def written_ssn(rng: random.Random) -> tuple[str, str]:
    digits = ssn(rng)
    style = rng.choice(["dashes", "dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return style, f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"


# (setting, language, template): {v} the SSN, {name} the person
SENTENCES = [
    ("hr", "en", "{name}'s Social Security number on the I-9 is {v}."),
    ("hr", "en", "For payroll I need to confirm the SSN: we have {v} for {name}."),
    ("government", "en", "The SSN on the benefits application is {v}; it matches the SSA record."),
    ("banking", "en", "Identity check passed - SSN {v}, date of birth 1986-04-19."),
    ("banking", "en", "The mortgage application lists the co-borrower's Social Security number as {v}."),
    ("healthcare", "en", "Medicare enrollment form: patient {name}, SSN {v}."),
    ("insurance", "en", "The claimant's social security no. is {v}, per the disability claim form."),
    ("education", "en", "The FAFSA was filed with the student's SSN {v}."),
    ("government", "en", "Your Social Security number ({v}) has been added to the tax return."),
    ("hr", "en", "W-2 box a, employee's social security number: {v}"),
    ("utilities", "en", "The credit check for the new electricity account used SSN {v}."),
    ("telecom", "en", "To open the postpaid line, {name} provided the SSN {v}."),
    ("e-commerce", "en", "The store-card application shows Social Security No. {v} for the applicant."),
    ("banking", "en", "SSN: {v} | DOB: 03/12/1979 | Name: {name}"),
    ("insurance", "en", "Life policy beneficiary {name}, social security number {v}."),
    ("hr", "en", "Background check consent received; the SSN submitted was {v}."),
    ("government", "es", "El número de Seguro Social de {name} es {v}."),
    ("hr", "es", "Para la nómina necesitamos confirmar su SSN: tenemos {v}."),
    ("banking", "es", "La solicitud de préstamo indica el número de seguro social {v}."),
    ("healthcare", "es", "Formulario de Medicaid: paciente {name}, SSN {v}."),
    ("government", "es", "Su número de Seguro Social ({v}) ya está en la declaración de impuestos."),
    ("hr", "hi", "{name} का सोशल सिक्योरिटी नंबर (SSN) {v} है।"),
    ("banking", "hi", "लोन आवेदन में SSN {v} दर्ज है।"),
    ("government", "hi", "आपका सोशल सिक्योरिटी नंबर {v} टैक्स रिटर्न में जोड़ दिया गया है।"),
    ("hr", "hi", "पेरोल के लिए हमारे पास {name} का SSN {v} है।"),
    ("government", "pt", "O número do Seguro Social (SSN) de {name} é {v}."),
    ("government", "ko", "{name} 님의 사회보장번호(SSN)는 {v}입니다."),
    ("government", "zh", "{name}的社會安全號碼（SSN）是 {v}。"),
    ("government", "vi", "Số An sinh Xã hội (SSN) của {name} là {v}."),
    ("government", "tl", "Ang Social Security number (SSN) ni {name} ay {v}."),
]


def sentence_row(rng: random.Random, entry: tuple[str, str, str]) -> Line:
    setting, language, text = entry
    style, value = written_ssn(rng)
    values = {"v": (value, SSN), "name": (rng.choice(NAMES), None)}
    return templated(text, values, "ssn", f"lang-{language}", f"setting-{setting}", style)


def structured_row(rng: random.Random, kind: str) -> Line:
    style, value = written_ssn(rng)
    name = rng.choice(NAMES)
    line = Line("ssn", "lang-en", "setting-hr", style, kind)
    if kind == "json":
        line.add(f'Employee record:\n{{"name": "{name}", "ssn": "').add(value, SSN)
        return line.add(f'", "hire_date": "2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"}}')
    if kind == "table":
        line.add("| Employee | SSN | State |\n|---|---|---|\n")
        return line.add(f"| {name} | ").add(value, SSN).add(f" | {rng.choice(['TX', 'CA', 'NY', 'FL', 'WA', 'IL'])} |")
    if kind == "csv":
        line.add("name,ssn,filing_status\n")
        return line.add(f"{name},").add(value, SSN).add(f",{rng.choice(['single', 'married_joint', 'head'])}")
    if kind == "form":
        line.add(f"Form W-4 summary\nEmployee: {name}\nSocial Security number: ").add(value, SSN)
        return line.add(f"\nAllowances: {rng.randint(0, 3)}")
    raise ValueError(kind)


STRUCTURED = ["json", "table", "csv", "form"]


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = [sentence_row(rng, SENTENCES[(i * 7) % len(SENTENCES)]) for i in range(250)]
    lines.extend(structured_row(rng, STRUCTURED[i % len(STRUCTURED)]) for i in range(70))
    return lines
