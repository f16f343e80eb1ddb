"""Monitors as YAML, in the OpenPing shape, with errors that name the line.

```yaml
monitors:
  - name: Chat answers
    type: agent
    endpoint: https://yourapp.com/api/chat     # or  agent: "Support bot"  (an agent saved in Trustgate)
    protocol: chat                             # chat (default), openai or responses (then also  model: ...), a2a,
                                               # websocket (a ws:// or wss:// endpoint: a frame {"message": ...});
                                               # streamed or session agents, other framings: save the agent, use  agent:
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
(line, message); nothing is saved unless the whole file is good. The file is read by the one safe loader,
``evaluations.core.yamlsafe`` (256 KB at most, no anchors or aliases: a small file could otherwise expand into a
huge one, safe tags only). ``export_monitors`` writes the file back (secrets as ``secret.NAME`` only).
"""

from evaluations.monitors.yaml_io.export import export_monitors
from evaluations.monitors.yaml_io.parse import MonitorDeclaration, YamlImportError, parse_monitors

__all__ = ["MonitorDeclaration", "YamlImportError", "export_monitors", "parse_monitors"]
