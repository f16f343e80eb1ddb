"""Any other path under the API is a JSON 404, including one with a line break in it (docs/ci.md)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nothing-here", "/api/v1/aiagent/runs%0A", "/api/v1/aiagent/runs/1%0A", "/api/v1/a%0Ab", "/api/v1/%0D%0A"],
)
def test_an_unknown_api_path_is_a_json_404_with_where_the_operations_are(client, path) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["detail"] == "No such API operation; the operations are listed at /api/v1/schema/."
