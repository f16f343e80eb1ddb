"""Add to suite: a test case proposed from a conversation the product shows (a report's, a review card's, a monitor
sample's), PII masked, edited by the member and added to one of the workspace's suites as a new version."""
