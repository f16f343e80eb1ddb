"""The guarded outbound client itself: what every caller (agents, alert webhooks, a self-hosted judge) gets."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from evaluations.outbound.client import OutboundConnectError, OutboundTimeout, Reply, connect_check, post
from evaluations.outbound.guard import EndpointBlocked


def send(url: str, **overrides: Any) -> Reply:
    values: dict[str, Any] = {"body": b"{}", "headers": {}, "timeout": 5, "max_bytes": 1024}
    values.update(overrides)
    return asyncio.run(post(url, **values))


@pytest.fixture
def private_blocked(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False


@pytest.mark.usefixtures("private_blocked")
def test_a_private_address_is_refused_before_anything_is_sent(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/hook").respond_with_data("should not be reached")

    with pytest.raises(EndpointBlocked, match="public internet addresses"):
        send(httpserver.url_for("/hook"))

    assert httpserver.log == []


@pytest.mark.usefixtures("private_blocked")
def test_allow_private_lets_an_operator_url_reach_a_private_address(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_json({"ok": True})

    reply = send(httpserver.url_for("/v1/chat/completions"), allow_private=True)

    assert (reply.status, json.loads(reply.body), reply.truncated) == (200, {"ok": True}, False)
    assert httpserver.log[0][0].headers["Host"] == f"localhost:{httpserver.port}"


@pytest.mark.usefixtures("private_blocked")
@pytest.mark.parametrize(
    "url", ["http://169.254.169.254/latest/meta-data/", "http://metadata.google.internal/", "ftp://127.0.0.1/"]
)
def test_allow_private_still_refuses_metadata_and_other_schemes(url: str) -> None:
    with pytest.raises(EndpointBlocked):
        send(url, allow_private=True)


def test_a_redirect_is_returned_not_followed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/hook").respond_with_data("", status=307, headers={"Location": "/elsewhere"})
    httpserver.expect_request("/elsewhere").respond_with_data("followed")

    reply = send(httpserver.url_for("/hook"), allow_private=True)

    assert reply.status == 307 and reply.headers["location"] == "/elsewhere"
    assert [request.path for request, _ in httpserver.log] == ["/hook"]


def test_the_reply_is_read_only_up_to_the_cap(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/streamed").respond_with_handler(lambda request: Response(iter([b"x" * 1000] * 5)))

    reply = send(httpserver.url_for("/streamed"), allow_private=True, max_bytes=100)

    assert reply.truncated and reply.body == b"x" * 100


def test_a_reply_declared_too_large_is_not_read(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/big").respond_with_data("x" * 5000)

    reply = send(httpserver.url_for("/big"), allow_private=True, max_bytes=100)

    assert reply.truncated and reply.body == b""


def test_one_deadline_covers_the_whole_exchange(httpserver: HTTPServer) -> None:
    def slow(request: Request) -> Response:
        time.sleep(1.0)
        return Response("late")

    httpserver.expect_request("/slow").respond_with_handler(slow)

    started = time.monotonic()
    with pytest.raises(OutboundTimeout):
        send(httpserver.url_for("/slow"), allow_private=True, timeout=0.3)

    assert time.monotonic() - started < 0.9


def test_a_refused_connection_is_a_connect_error_in_plain_words(unused_tcp_port: int) -> None:
    with pytest.raises(OutboundConnectError) as caught:
        send(f"http://127.0.0.1:{unused_tcp_port}/hook", allow_private=True)

    assert caught.value.cause == "ConnectError"
    assert not caught.value.reason.startswith("[Errno")


def test_connect_check_opens_a_connection_and_sends_nothing(
    httpserver: HTTPServer, unused_tcp_port: int, settings
) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    asyncio.run(connect_check(httpserver.url_for("/agent"), timeout=5))  # something listens: no error
    assert httpserver.log == []  # ... and no request was made
    with pytest.raises(OutboundConnectError) as refused:
        asyncio.run(connect_check(f"http://127.0.0.1:{unused_tcp_port}/agent", timeout=5))
    assert refused.value.reason == "Connection refused"
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    with pytest.raises(EndpointBlocked):
        asyncio.run(connect_check(httpserver.url_for("/agent"), timeout=5))
