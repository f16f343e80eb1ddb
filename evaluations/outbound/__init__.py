"""The one guarded outbound HTTP client (client.py: endpoint guard, connect to the checked address, no redirects,
size and time limits), secret masking, and the one factory for SDK clients (sdk.py) with its Bedrock error map."""
