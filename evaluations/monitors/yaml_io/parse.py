"""Reading a monitors file: every monitor checked, every problem reported with its line (nothing half-read)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import yaml

from evaluations.agents.selectors import agent_list_for_account
from evaluations.core import storable, yamlsafe
from evaluations.llm.status import judge_model_choices, judge_model_unavailable
from evaluations.monitors import validators
from evaluations.monitors.models import SECRET_CHANNELS, MonitorJudgeModel, MonitorProtocol, StorageMode
from evaluations.monitors.rules import RuleError, parse_rule
from evaluations.monitors.selectors import monitor_channel_kinds
from evaluations.scoring.choices import Strictness
from evaluations.scoring.rules.markers import clean_contact_text, clean_marker_text

if TYPE_CHECKING:
    from evaluations.agents.models import Agent

MONITOR_KEYS = (
    "name", "type", "agent", "endpoint", "protocol", "model", "auth", "every", "samples", "passes", "target",
    "budget", "store", "judge", "alerts", "allowed_contacts", "secret_markers", "cases",
)  # fmt: skip
CASE_KEYS = ("ask", "name", "expect")
# Monitor import words two of the loader's refusals its own way, as it always has (people may match on them).
_REFUSALS = {
    yamlsafe.Problem.SYNTAX: "Not valid YAML: {detail}.",
    yamlsafe.Problem.ALIAS: "Anchors and aliases (& and *) are not supported; write it out.",
}

Fields = dict[str, tuple[yaml.Node, yaml.Node]]


class YamlImportError(Exception):
    def __init__(self, errors: list[tuple[int, str]]) -> None:
        self.errors = sorted(errors)
        super().__init__("; ".join(f"line {line}: {message}" for line, message in self.errors))

    @property
    def lines(self) -> list[str]:
        return [f"Line {line}: {message}" for line, message in self.errors]


@dataclasses.dataclass
class MonitorDeclaration:
    line: int
    data: dict[str, Any]
    cases: list[dict[str, Any]]


class _Reader:
    def __init__(self, document: yamlsafe.Document) -> None:
        self.document = document
        self.errors: list[tuple[int, str]] = []

    def error(self, node: yaml.Node, message: str) -> None:
        self.errors.append((yamlsafe.node_line(node), message))

    def value(self, node: yaml.Node) -> Any:
        return self.document.value(node)

    def mapping(self, node: yaml.Node, what: str, keys: tuple[str, ...]) -> Fields:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping (key: value lines).")
            return {}
        found: Fields = {}
        for key_node, value_node in node.value:
            key = str(self.value(key_node)) if isinstance(key_node, yaml.ScalarNode) else ""
            if key not in keys:
                self.error(key_node, f"Unknown key {key!r} in {what}; expected one of: {', '.join(keys)}.")
            elif key in found:
                self.error(key_node, f"{key} is given twice in {what}.")
            else:
                found[key] = (key_node, value_node)
        return found

    def text(self, node: yaml.Node, what: str, *, required: bool = True, limit: int = 200) -> str:
        value = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if value is None or isinstance(value, bool) or not str(value).strip():
            if required or value is not None:
                self.error(node, f"{what} must be text.")
            return ""
        text = str(value).strip()
        if len(text) > limit:
            self.error(node, f"{what} may be at most {limit} characters.")
        return text

    def integer(self, node: yaml.Node, what: str, minimum: int = 1, maximum: int | None = None) -> int | None:
        value = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.error(node, f"{what} must be a whole number of at least {minimum}.")
            return None
        if maximum is not None and value > maximum:
            self.error(node, f"{what} must be a whole number from {minimum} to {maximum:,}.")
            return None
        return value

    def choice(self, node: yaml.Node, allowed: list[str], message: str) -> str | None:
        value = self.value(node)
        if value not in allowed:
            self.error(node, message)
            return None
        return str(value)

    def checked(self, node: yaml.Node, check: Callable[[Any], Any]) -> Any:
        """``check(value)``, or None with its ValueError reported at the node."""
        try:
            return check(self.value(node))
        except ValueError as error:
            self.error(node, str(error))
            return None


def _load(text: str) -> yamlsafe.Document:
    try:
        return yamlsafe.load(text)
    except yamlsafe.YamlRefused as refused:
        message = _REFUSALS.get(refused.problem, refused.message).format(detail=refused.detail)
        raise YamlImportError([(refused.line or 1, message)]) from None


def parse_monitors(text: str, *, account_id: int) -> list[MonitorDeclaration]:
    """Every monitor declared in ``text``, checked. Raises YamlImportError with every problem found."""
    document = _load(text)
    reader = _Reader(document)
    root = document.root
    if root is None:
        raise YamlImportError([(1, "The file is empty; start with  monitors:  and a list of monitors.")])
    top = reader.mapping(root, "the file", ("monitors",))
    if "monitors" not in top:
        if not reader.errors:
            reader.error(root, "The file must start with  monitors:  followed by a list of monitors.")
        raise YamlImportError(reader.errors)
    items = top["monitors"][1]
    if not isinstance(items, yaml.SequenceNode) or not items.value:
        reader.error(items, "monitors must be a list with at least one monitor (lines starting with - name:).")
        raise YamlImportError(reader.errors)
    agents = {a.name: a for a in agent_list_for_account(account_id=account_id)}
    declarations: list[MonitorDeclaration] = []
    names: dict[str, int] = {}
    for node in items.value:
        declaration = _monitor(reader, node, agents)
        if declaration is None:
            continue
        name = declaration.data["name"]
        if name in names:
            reader.error(node, f"The monitor name {name!r} is used twice (first on line {names[name]}).")
        names[name] = declaration.line
        declarations.append(declaration)
    _check_kept_channels(reader, declarations, account_id)
    if reader.errors:
        raise YamlImportError(reader.errors)
    return declarations


def _check_kept_channels(reader: _Reader, declarations: list[MonitorDeclaration], account_id: int) -> None:
    """``slack: keep`` (what an export writes, never the URL itself) keeps the stored channel: there must be one."""
    stored = monitor_channel_kinds(account_id=account_id, names=[d.data["name"] for d in declarations])
    for declaration in declarations:
        for kind, line in declaration.data.pop("keep_lines", {}).items():
            if kind not in stored.get(declaration.data["name"], set()):
                reader.errors.append(
                    (line, f"{kind}: keep keeps the stored {kind} channel, but this monitor has none in this "
                     "workspace; give the URL or key instead.")
                )  # fmt: skip


def _monitor(reader: _Reader, node: yaml.Node, agents: dict[str, Agent]) -> MonitorDeclaration | None:
    fields = reader.mapping(node, "a monitor", MONITOR_KEYS)
    if not fields:
        return None
    data: dict[str, Any] = {}
    if "name" in fields:
        data["name"] = reader.text(fields["name"][1], "name", limit=120)
        if found := storable.name_problem(data["name"], field="The name"):
            reader.error(fields["name"][1], found)
    else:
        reader.error(node, "A monitor needs a name.")
    if "type" in fields and reader.value(fields["type"][1]) != "agent":
        reader.error(fields["type"][1], "Only type: agent is supported.")
    _target(reader, node, fields, agents, data)
    _auth(reader, fields, data)
    _schedule(reader, node, fields, data)
    _judge_and_alerts(reader, fields, data)
    _contacts_and_markers(reader, fields, data)
    cases: list[dict[str, Any]] = []
    if "cases" not in fields:
        reader.error(node, "A monitor needs cases: a list of questions (- ask: ...).")
    else:
        case_nodes = fields["cases"][1]
        if not isinstance(case_nodes, yaml.SequenceNode) or not case_nodes.value:
            reader.error(case_nodes, "cases must be a list with at least one case (- ask: ...).")
        elif len(case_nodes.value) > validators.MAX_CASES:
            reader.error(case_nodes, f"A monitor may have at most {validators.MAX_CASES} cases.")
        else:
            cases = [case for case in (_case(reader, n) for n in case_nodes.value) if case is not None]
    return MonitorDeclaration(yamlsafe.node_line(node), data, cases)


def _target(reader: _Reader, node: yaml.Node, fields: Fields, agents: dict[str, Agent], data: dict[str, Any]) -> None:
    """What to ask: a saved agent by name, or an endpoint (with its protocol and model)."""
    if ("agent" in fields) == ("endpoint" in fields):
        reader.error(node, "Give either endpoint: (a URL) or agent: (the name of a saved agent), not both or neither.")
    if "agent" in fields:
        agent_name = reader.text(fields["agent"][1], "agent", limit=120)
        agent = agents.get(agent_name)
        if agent_name and agent is None:
            reader.error(fields["agent"][1], f"There is no agent named {agent_name!r} in this workspace.")
        data["agent"] = agent
        data["endpoint_url"] = ""
    protocol = MonitorProtocol.CHAT
    if "protocol" in fields:
        chosen = reader.choice(
            fields["protocol"][1], MonitorProtocol.values, "protocol must be chat, openai, responses, a2a or websocket."
        )
        protocol = MonitorProtocol(chosen) if chosen else protocol
    data["protocol"] = protocol
    if "endpoint" in fields:
        value = fields["endpoint"][1]
        url = reader.text(value, "endpoint", limit=2000)
        if url:
            try:
                data["endpoint_url"] = validators.check_url(url, websocket=protocol == MonitorProtocol.WEBSOCKET)
            except ValueError as error:
                reader.error(value, str(error))
        data["agent"] = None
    data["model_name"] = reader.text(fields["model"][1], "model") if "model" in fields else ""
    needs_model = protocol in (MonitorProtocol.OPENAI, MonitorProtocol.RESPONSES)
    if needs_model and "endpoint" in fields and not data["model_name"]:
        reader.error(node, f"protocol: {protocol} needs  model:  (the model name to send).")


def _auth(reader: _Reader, fields: Fields, data: dict[str, Any]) -> None:
    data["auth_secret"] = ""
    if "auth" not in fields:
        return
    auth = reader.mapping(fields["auth"][1], "auth", ("bearer",))
    if "bearer" not in auth:
        reader.error(fields["auth"][1], "auth needs  bearer: secret.NAME.")
        return
    value = auth["bearer"][1]
    raw = reader.value(value) if isinstance(value, yaml.ScalarNode) else None
    if not isinstance(raw, str) or not raw.startswith("secret."):
        reader.error(value, "Write the key as secret.NAME (e.g. bearer: secret.TEST_TOKEN); keys are never stored.")
        return
    name = reader.checked(value, validators.parse_secret_reference)
    if name is not None:
        data["auth_secret"] = name


def _schedule(reader: _Reader, node: yaml.Node, fields: Fields, data: dict[str, Any]) -> None:
    """How often, how many samples must pass, the target, the budget and what is stored."""
    data["interval_minutes"] = 60
    if "every" in fields:
        minutes = reader.checked(fields["every"][1], validators.parse_every)
        if minutes is not None:
            data["interval_minutes"] = minutes
    samples = reader.integer(fields["samples"][1], "samples") if "samples" in fields else 3
    passes = reader.integer(fields["passes"][1], "passes") if "passes" in fields else min(2, samples or 2)
    if samples is not None and passes is not None:
        try:
            validators.check_samples(samples, passes)
            data["samples_per_case"], data["min_passing_samples"] = samples, passes
        except ValueError as error:
            reader.error(fields.get("passes", fields.get("samples", (node, node)))[1], str(error))
    if "target" in fields:
        target = reader.checked(fields["target"][1], validators.parse_target)
        if target is not None:
            data["target_pass_rate"] = target
    if "budget" in fields:
        budget = reader.integer(
            fields["budget"][1], "budget (tokens a month)", minimum=100, maximum=validators.MAX_TOKEN_BUDGET
        )
        if budget is not None:
            data["monthly_token_budget"] = budget
    if "store" in fields:
        store = reader.choice(fields["store"][1], StorageMode.values, "store must be answers or results_only.")
        if store is not None:
            data["storage_mode"] = store


def _judge_and_alerts(reader: _Reader, fields: Fields, data: dict[str, Any]) -> None:
    if "judge" in fields:
        judge = reader.mapping(fields["judge"][1], "judge", ("model", "strictness"))
        if "model" in judge:
            usable = [value for value, _ in judge_model_choices()]
            message = f"judge model must be {', '.join(usable[:-1])} or {usable[-1]}."
            model = reader.choice(judge["model"][1], MonitorJudgeModel.values, message)
            if model is not None and (reason := judge_model_unavailable(model)):
                reader.error(judge["model"][1], reason)
            elif model is not None:
                data["judge_model"] = model
        if "strictness" in judge:
            message = "judge strictness must be lenient, balanced or strict."
            strictness = reader.choice(judge["strictness"][1], Strictness.values, message)
            if strictness is not None:
                data["judge_strictness"] = strictness
    data["alert_emails"] = ""
    data["webhook_signing_key"] = validators.CHANNEL_KEEP  # left out: the stored (or a generated) key
    data["channels"] = {kind: "" for kind in SECRET_CHANNELS}  # left out: no such channel
    if "alerts" in fields:
        alerts = reader.mapping(fields["alerts"][1], "alerts", ("email", *SECRET_CHANNELS, "webhook_key"))
        if "webhook_key" in alerts:
            node = alerts["webhook_key"][1]
            key = reader.text(node, "webhook_key", limit=200)
            if key and key != validators.CHANNEL_KEEP and len(key) < 16:
                reader.error(node, "webhook_key must be 16 characters or more (e.g. from openssl rand -hex 24).")
            elif key:
                data["webhook_signing_key"] = key
        if "email" in alerts:
            emails = reader.checked(alerts["email"][1], validators.parse_emails)
            if emails is not None:
                data["alert_emails"] = "\n".join(emails)
        for kind in SECRET_CHANNELS:
            if kind not in alerts:
                continue
            node = alerts[kind][1]
            value = reader.text(node, kind, limit=2000)
            if value == validators.CHANNEL_KEEP:
                data["channels"][kind] = value
                data.setdefault("keep_lines", {})[kind] = yamlsafe.node_line(node)
            elif value:
                try:
                    data["channels"][kind] = validators.check_channel(kind, value)
                except ValueError as error:
                    reader.error(node, str(error))


def _lines(reader: _Reader, node: yaml.Node, what: str) -> list[str] | None:
    value = reader.value(node)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        reader.error(node, f"{what} must be a list of text, e.g. [support@acme.example, +1 555 0100].")
        return None
    return value


def _contacts_and_markers(reader: _Reader, fields: Fields, data: dict[str, Any]) -> None:
    """As in runs (docs/scoring.md): allowed contacts pass no_pii; a secret marker in an answer fails it. An export
    writes ``secret_markers: keep`` (the stored markers are kept), never the markers."""
    data["allowed_contacts"] = data["secret_markers"] = ""
    if "allowed_contacts" in fields:
        node = fields["allowed_contacts"][1]
        contacts = _lines(reader, node, "allowed_contacts")
        if contacts is not None:
            checked = reader.checked(node, lambda _: clean_contact_text("\n".join(contacts)))
            data["allowed_contacts"] = "\n".join(checked or [])
    if "secret_markers" in fields:
        node = fields["secret_markers"][1]
        if reader.value(node) == validators.CHANNEL_KEEP:
            data["secret_markers"] = validators.CHANNEL_KEEP
            return
        markers = _lines(reader, node, "secret_markers")
        if markers is not None:
            data["secret_markers"] = reader.checked(node, lambda _: clean_marker_text("\n".join(markers))) or ""


def _case(reader: _Reader, node: yaml.Node) -> dict[str, Any] | None:
    fields = reader.mapping(node, "a case", CASE_KEYS)
    if not fields:
        return None
    if "ask" not in fields:
        reader.error(node, "A case needs  ask:  (the question to send).")
        return None
    case: dict[str, Any] = {
        "ask": reader.text(fields["ask"][1], "ask", limit=validators.MAX_ASK_CHARS),
        "name": reader.text(fields["name"][1], "name", limit=200) if "name" in fields else "",
        "expect": [],
    }
    try:
        validators.check_ask(case["ask"])
    except ValueError as error:
        reader.error(fields["ask"][1], str(error))
    if "expect" in fields:
        rules_node = fields["expect"][1]
        if not isinstance(rules_node, yaml.SequenceNode):
            reader.error(rules_node, "expect must be a list of rules (lines starting with - ).")
        else:
            for rule_node in rules_node.value:
                try:
                    case["expect"].append(parse_rule(reader.value(rule_node)))
                except RuleError as error:
                    # The line of the very key at fault (a $ref deep in a schema), else of the rule.
                    line = yamlsafe.Document(rule_node, None).line_of(error.path) or yamlsafe.node_line(rule_node)
                    reader.errors.append((line, str(error)))
    return case
