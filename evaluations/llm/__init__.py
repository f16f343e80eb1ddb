"""Model clients (Anthropic, Bedrock, OpenAI-compatible) and the fencing of untrusted data in prompts;
used by the judge, scenario generation, the change check and simulated users."""
