"""Agents: the Agent model (endpoint, protocol, judge choice), its forms and pages, and the services that
create, update, delete and Test request an agent; selectors scope agents to the user's workspaces."""
