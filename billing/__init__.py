"""Workspaces (accounts), members and their roles, personal API keys (stored hashed) and the append-only
credit ledger. Billing is handed usage numbers; it reads no transcripts."""
