"""Monitors as YAML, in the OpenPing shape, with errors that name the line.

```yaml
monitors:
  - name: Chat answers
    type: agent
    endpoint: https://yourapp.com/api/chat     # or  agent: "Support bot"  (an agent saved in Trustgate)
    protocol: chat                             # chat (default) or openai (then also  model: ...)
    auth: { bearer: secret.TEST_TOKEN }        # read from TRUSTGATE_SECRET_TEST_TOKEN by the worker
    every: 1h                                  # 30m, 2h, 1d; hourly by default
    samples: 3                                 # per case; passes: 2  (how many must pass)
    target: 90%
    budget: 200000                             # tokens per calendar month
    store: answers                             # or results_only
    judge: { model: sonnet, strictness: balanced }
    alerts: { email: [oncall@example.com], webhook: https://hooks.example.com/trustgate }
    cases:
      - ask: "What's your refund window?"
        name: Refund window                    # optional
        expect:
          - answered: { within: 20s }
          - not_contains: "error"
          - judge: "Gives the 30-day refund window and links the policy."
```

``parse_monitors`` checks the whole file and raises ``YamlImportError`` listing every problem as
(line, message); nothing is saved unless the whole file is good. Anchors and aliases are refused (a small
file could otherwise expand into a huge one).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

from evaluations.agents.models import Agent, Strictness
from evaluations.monitors import validators
from evaluations.monitors.models import Monitor, MonitorJudgeModel, MonitorProtocol, StorageMode
from evaluations.monitors.rules import RuleError, parse_rule, rule_to_yaml
from evaluations.monitors.validators import parse_secret_reference

MAX_YAML_BYTES = 256 * 1024
MONITOR_KEYS = (
    "name", "type", "agent", "endpoint", "protocol", "model", "auth", "every", "samples", "passes", "target",
    "budget", "store", "judge", "alerts", "cases",
)  # fmt: skip
CASE_KEYS = ("ask", "name", "expect")


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


def _line(node: yaml.Node | yaml.Event) -> int:
    mark = node.start_mark  # the parser always sets it; the stubs allow None
    return int(mark.line) + 1 if mark is not None else 1


class _Reader:
    def __init__(self, loader: yaml.SafeLoader) -> None:
        self.loader = loader
        self.errors: list[tuple[int, str]] = []

    def error(self, node: yaml.Node, message: str) -> None:
        self.errors.append((_line(node), message))

    def value(self, node: yaml.Node) -> Any:
        return self.loader.construct_object(node, deep=True)

    def mapping(self, node: yaml.Node, what: str, keys: tuple[str, ...]) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping (key: value lines).")
            return {}
        found: dict[str, tuple[yaml.Node, yaml.Node]] = {}
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

    def integer(self, node: yaml.Node, what: str, minimum: int = 1) -> int | None:
        value = self.value(node) if isinstance(node, yaml.ScalarNode) else None
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.error(node, f"{what} must be a whole number of at least {minimum}.")
            return None
        return value


def _load(text: str) -> tuple[yaml.SafeLoader, yaml.Node | None]:
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise YamlImportError([(1, f"The file is larger than {MAX_YAML_BYTES // 1024} KB.")])
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise YamlImportError(
                    [(_line(event), "Anchors and aliases (& and *) are not supported; write it out.")]
                )
        loader = yaml.SafeLoader(text)
        return loader, loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = int(mark.line) + 1 if mark else 1
        raise YamlImportError([(line, f"Not valid YAML: {exc.problem or exc.context}.")]) from None
    except yaml.YAMLError as exc:
        raise YamlImportError([(1, f"Not valid YAML: {exc}.")]) from None


def parse_monitors(text: str, *, account_id: int) -> list[MonitorDeclaration]:
    """Every monitor declared in ``text``, checked. Raises YamlImportError with every problem found."""
    loader, root = _load(text)
    reader = _Reader(loader)
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
    agents = {a.name: a for a in Agent.objects.filter(account_id=account_id)}
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
    if reader.errors:
        raise YamlImportError(reader.errors)
    return declarations


def _monitor(reader: _Reader, node: yaml.Node, agents: dict[str, Agent]) -> MonitorDeclaration | None:
    fields = reader.mapping(node, "a monitor", MONITOR_KEYS)
    if not fields:
        return None
    data: dict[str, Any] = {}
    if "name" in fields:
        data["name"] = reader.text(fields["name"][1], "name", limit=120)
    else:
        reader.error(node, "A monitor needs a name.")
    if "type" in fields and reader.value(fields["type"][1]) != "agent":
        reader.error(fields["type"][1], "Only type: agent is supported.")

    if ("agent" in fields) == ("endpoint" in fields):
        reader.error(node, "Give either endpoint: (a URL) or agent: (the name of a saved agent), not both or neither.")
    if "agent" in fields:
        agent_name = reader.text(fields["agent"][1], "agent", limit=120)
        agent = agents.get(agent_name)
        if agent_name and agent is None:
            reader.error(fields["agent"][1], f"There is no agent named {agent_name!r} in this workspace.")
        data["agent"] = agent
        data["endpoint_url"] = ""
    if "endpoint" in fields:
        value = fields["endpoint"][1]
        url = reader.text(value, "endpoint", limit=2000)
        if url:
            try:
                data["endpoint_url"] = validators.check_url(url)
            except ValueError as error:
                reader.error(value, str(error))
        data["agent"] = None
    protocol = MonitorProtocol.CHAT
    if "protocol" in fields:
        protocol_value = reader.value(fields["protocol"][1])
        if protocol_value not in MonitorProtocol.values:
            reader.error(fields["protocol"][1], "protocol must be chat or openai.")
        else:
            protocol = MonitorProtocol(protocol_value)
    data["protocol"] = protocol
    data["model_name"] = reader.text(fields["model"][1], "model") if "model" in fields else ""
    if protocol == MonitorProtocol.OPENAI and "endpoint" in fields and not data["model_name"]:
        reader.error(node, "protocol: openai needs  model:  (the model name to send).")

    data["auth_secret"] = ""
    if "auth" in fields:
        auth = reader.mapping(fields["auth"][1], "auth", ("bearer",))
        if "bearer" in auth:
            value = auth["bearer"][1]
            raw = reader.value(value) if isinstance(value, yaml.ScalarNode) else None
            if not isinstance(raw, str) or not raw.startswith("secret."):
                reader.error(
                    value, "Write the key as secret.NAME (e.g. bearer: secret.TEST_TOKEN); keys are never stored."
                )
            else:
                try:
                    data["auth_secret"] = parse_secret_reference(raw)
                except ValueError as error:
                    reader.error(value, str(error))
        else:
            reader.error(fields["auth"][1], "auth needs  bearer: secret.NAME.")

    data["interval_minutes"] = 60
    if "every" in fields:
        try:
            data["interval_minutes"] = validators.parse_every(reader.value(fields["every"][1]))
        except ValueError as error:
            reader.error(fields["every"][1], str(error))
    samples = reader.integer(fields["samples"][1], "samples") if "samples" in fields else 3
    passes = reader.integer(fields["passes"][1], "passes") if "passes" in fields else min(2, samples or 2)
    if samples is not None and passes is not None:
        try:
            validators.check_samples(samples, passes)
            data["samples_per_case"], data["min_passing_samples"] = samples, passes
        except ValueError as error:
            reader.error(fields.get("passes", fields.get("samples", (node, node)))[1], str(error))
    if "target" in fields:
        try:
            data["target_pass_rate"] = validators.parse_target(reader.value(fields["target"][1]))
        except ValueError as error:
            reader.error(fields["target"][1], str(error))
    if "budget" in fields:
        budget = reader.integer(fields["budget"][1], "budget (tokens a month)", minimum=100)
        if budget is not None:
            data["monthly_token_budget"] = budget
    if "store" in fields:
        store = reader.value(fields["store"][1])
        if store not in StorageMode.values:
            reader.error(fields["store"][1], "store must be answers or results_only.")
        else:
            data["storage_mode"] = store
    if "judge" in fields:
        judge = reader.mapping(fields["judge"][1], "judge", ("model", "strictness"))
        if "model" in judge:
            model = reader.value(judge["model"][1])
            if model not in MonitorJudgeModel.values:
                reader.error(judge["model"][1], "judge model must be sonnet, haiku or opus.")
            else:
                data["judge_model"] = model
        if "strictness" in judge:
            strictness = reader.value(judge["strictness"][1])
            if strictness not in Strictness.values:
                reader.error(judge["strictness"][1], "judge strictness must be lenient, balanced or strict.")
            else:
                data["judge_strictness"] = strictness
    data["alert_emails"], data["webhook_url"] = "", ""
    if "alerts" in fields:
        alerts = reader.mapping(fields["alerts"][1], "alerts", ("email", "webhook"))
        if "email" in alerts:
            try:
                data["alert_emails"] = "\n".join(validators.parse_emails(reader.value(alerts["email"][1])))
            except ValueError as error:
                reader.error(alerts["email"][1], str(error))
        if "webhook" in alerts:
            url = reader.text(alerts["webhook"][1], "webhook", limit=2000)
            if url:
                try:
                    data["webhook_url"] = validators.check_url(url, what="The webhook")
                except ValueError as error:
                    reader.error(alerts["webhook"][1], str(error))

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
            for case_node in case_nodes.value:
                case = _case(reader, case_node)
                if case is not None:
                    cases.append(case)
    return MonitorDeclaration(_line(node), data, cases)


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
    if "expect" in fields:
        rules_node = fields["expect"][1]
        if not isinstance(rules_node, yaml.SequenceNode):
            reader.error(rules_node, "expect must be a list of rules (lines starting with - ).")
        else:
            for rule_node in rules_node.value:
                try:
                    case["expect"].append(parse_rule(reader.value(rule_node)))
                except RuleError as error:
                    reader.error(rule_node, str(error))
    return case


def export_monitors(monitors: list[Monitor]) -> str:
    """The monitors as a YAML file ``parse_monitors`` reads back. Secrets appear as secret.NAME only."""
    items = []
    for monitor in monitors:
        item: dict[str, Any] = {"name": monitor.name, "type": "agent"}
        if monitor.agent_id and monitor.agent:
            item["agent"] = monitor.agent.name
        else:
            item["endpoint"] = monitor.endpoint_url
            if monitor.protocol != MonitorProtocol.CHAT:
                item["protocol"] = monitor.protocol
            if monitor.model_name:
                item["model"] = monitor.model_name
        if monitor.auth_secret:
            item["auth"] = {"bearer": f"secret.{monitor.auth_secret}"}
        item["every"] = monitor.every_yaml
        item["samples"] = monitor.samples_per_case
        item["passes"] = monitor.min_passing_samples
        item["target"] = f"{monitor.target_pass_rate}%"
        item["budget"] = monitor.monthly_token_budget
        item["store"] = monitor.storage_mode
        item["judge"] = {"model": monitor.judge_model, "strictness": monitor.judge_strictness}
        alerts: dict[str, Any] = {}
        if monitor.alert_email_list:
            alerts["email"] = monitor.alert_email_list
        if monitor.webhook_url:
            alerts["webhook"] = monitor.webhook_url
        if alerts:
            item["alerts"] = alerts
        item["cases"] = [
            {"name": case.name, "ask": case.ask, "expect": [rule_to_yaml(rule) for rule in case.expect]}
            for case in monitor.cases.all()
        ]
        items.append(item)
    return yaml.safe_dump({"monitors": items}, sort_keys=False, allow_unicode=True, width=100)
