"""Test request runs in a web thread, so a slow agent must not hold it: the whole exchange ends at the Test request
deadline, however the agent trickles its bytes, and only a few wait at once (one per user, a few per web process);
past that the member gets a sentence at once and nothing is sent (docs/agents.md)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest
from django.db import connection
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.agents.services import agent_test_request
from tests.agents.test_agents import form_data


class SlowAgent:
    """A simple-chat agent on 127.0.0.1 that sends its status line and then one byte of its body every 0.2 s: no
    single read waits long, so only a deadline on the whole exchange ends it. ``release`` makes it finish."""

    def __init__(self) -> None:
        self.connected = threading.Event()
        self.released = threading.Event()
        self.connections = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}/chat"

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            self.connections += 1
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        body = b'{"reply": "Ships in 3 business days."}'
        padded = body + b" " * 200
        with conn:
            _read_request(conn)  # all of it: closing with unread bytes would reset the connection
            self.connected.set()
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
            conn.sendall(f"Content-Length: {len(padded)}\r\n\r\n".encode())
            sent = 0
            for _ in range(300):  # at most 60 s, then it gives up by itself
                if self.released.is_set() or self._stop.is_set():
                    break
                try:
                    conn.sendall(padded[sent : sent + 1])
                except OSError:
                    return  # the client gave up
                sent += 1
                self._stop.wait(0.2)
            try:
                conn.sendall(padded[sent:])
            except OSError:
                pass

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()


def _read_request(conn: socket.socket) -> None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")),
        0,
    )
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return
        body += chunk


@pytest.fixture
def slow_agent(settings) -> Iterator[SlowAgent]:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    agent = SlowAgent()
    yield agent
    agent.close()


def post_test(client, endpoint: str, timeout: int = 30):
    data = {**form_data(endpoint_url=endpoint, timeout_seconds=timeout), "test_message": "How long is shipping?"}
    return client.post(reverse("evaluations:agent-test-request"), data, headers={"HX-Request": "true"})


def test_an_agent_that_trickles_its_reply_is_cut_at_the_test_request_deadline(
    client, alice, slow_agent, settings
) -> None:
    settings.TRUSTGATE_TEST_REQUEST_TIMEOUT = 1
    client.force_login(alice)
    html = post_test(client, slow_agent.url, timeout=120).content.decode()
    assert "No reply." in html
    assert "No whole reply within 1 s, the longest Test request waits" in html
    assert "the agent&#x27;s own timeout, 120 s" in html
    slow_agent.released.set()  # the next request of the same member is not refused as still waiting
    html = post_test(client, slow_agent.url).content.decode()
    assert "Reply received" in html and "Ships in 3 business days." in html


@pytest.mark.django_db(transaction=True)
def test_while_one_waits_the_same_member_and_a_full_process_get_a_sentence_at_once(
    client, alice, bob, slow_agent, settings
) -> None:
    settings.TRUSTGATE_TEST_REQUEST_TIMEOUT = 10
    settings.TRUSTGATE_TEST_REQUESTS_WAITING = 1
    agent = Agent(account=alice.memberships.get().account, endpoint_url=slow_agent.url, timeout_seconds=30)
    first: dict[str, object] = {}

    def wait_for_the_slow_agent() -> None:
        try:
            first["reply"] = agent_test_request(agent=agent, message="hi", api_key="", user_id=alice.pk)
        finally:
            connection.close()

    waiting = threading.Thread(target=wait_for_the_slow_agent)
    waiting.start()
    try:
        assert slow_agent.connected.wait(5), "the first test request reached its agent"
        client.force_login(alice)
        html = post_test(client, slow_agent.url).content.decode()
        assert "Your previous test request is still waiting for its agent (at most 10 s)" in html
        client.force_login(bob)
        html = post_test(client, slow_agent.url).content.decode()
        assert "Other test requests on this server are still waiting for their agents" in html
        assert slow_agent.connections == 1  # neither refused request was sent
    finally:
        slow_agent.released.set()
        waiting.join(timeout=15)
    assert "Ships in 3 business days." in first["reply"].text  # type: ignore[attr-defined]
    html = post_test(client, slow_agent.url).content.decode()  # bob, now that nothing waits
    assert "Reply received" in html
