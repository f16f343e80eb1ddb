"""The one guarded outbound HTTP client: endpoint (SSRF) guard, connect to the checked address, no redirects,
size and time limits, secret masking in errors. Agents, alert webhooks and model URLs all go through it."""
