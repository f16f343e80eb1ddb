"""The endpoint guard (docs/agents.md endpoint safety): blocked vectors, resolution, pinning, redirects."""

from __future__ import annotations

import asyncio
import datetime
import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from pytest_httpserver import HTTPServer

from evaluations.connectors import (
    AgentConfig,
    AgentError,
    Conversation,
    ErrorKind,
    Protocol,
    send_message,
    send_message_sync,
)
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable, resolve_and_check, validate_endpoint_url

FAKE_DNS = {
    "public.example": ["93.184.216.34"],
    "dual.example": ["2606:4700::1111", "93.184.216.34"],
    "mixed.example": ["93.184.216.34", "10.0.0.5"],
    "rebind.example": ["127.0.0.1"],
    "v6only.example": ["2606:4700::1111"],
    "mapped.example": ["::ffff:10.1.2.3"],
    "agent.test": ["127.0.0.1"],
    "vm": ["10.0.0.7"],  # a single-label name on a private network
    "agent.example": ["93.184.216.34"],
}


@pytest.fixture
def fake_dns(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """Names resolve from FAKE_DNS only, so no test depends on (or reaches) a real resolver."""

    def getaddrinfo(host: str, port: Any, family: int = 0, type: int = 0, proto: int = 0, flags: int = 0) -> Any:  # noqa: A002
        if host not in FAKE_DNS:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        infos = []
        for address in FAKE_DNS[host]:
            fam = socket.AF_INET6 if ":" in address else socket.AF_INET
            sockaddr = (address, int(port or 0), 0, 0) if fam == socket.AF_INET6 else (address, int(port or 0))
            infos.append((fam, socket.SOCK_STREAM, 6, "", sockaddr))
        return infos

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return getaddrinfo


@pytest.fixture
def private_blocked(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False


@pytest.fixture
def private_allowed(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


BLOCKED_URLS = [
    "http://127.0.0.1/",
    "http://127.1/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://017700000001/",
    "http://0x7f.0.0.1/",
    "http://0/",
    "http://0.0.0.0:8080/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://[::ffff:192.168.1.1]/",
    "http://100.64.0.1/",
    "http://100.127.255.254/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://METADATA.google.internal./",
    "http://metadata/",
    "http://instance-data/latest/",
    "http://localhost/",
    "http://localhost./",
    "http://LOCALHOST:8000/",
    "http://api.localhost/",
    "http://rebind.example/",
    "http://mixed.example/",
    "http://mapped.example/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fec0::1]/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    "http://192.0.2.10/",
    "http://[::]/",
    "ftp://example.com/file",
    "file:///etc/passwd",
    "gopher://example.com/",
    "javascript:alert(1)",
    "example.com/agent",
    "http:///agent",
    "http://user:pass@example.com/",
    "http://user@public.example/",
    "http://public.example:99999/",
]


@pytest.mark.usefixtures("private_blocked")
@pytest.mark.parametrize("url", BLOCKED_URLS)
def test_unsafe_endpoint_is_blocked(url: str, fake_dns: Any) -> None:
    with pytest.raises(EndpointBlocked) as excinfo:
        validate_endpoint_url(url)
    assert str(excinfo.value).endswith(".")  # a sentence, not a traceback


@pytest.mark.usefixtures("private_blocked")
@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("http://10.0.0.1/", "10.0.0.1 is a private address; agent endpoints must be public internet addresses."),
        ("http://127.1/", "loopback"),
        ("http://0x7f000001/", "loopback"),
        ("http://100.64.0.1/", "carrier-grade NAT"),
        ("http://[::ffff:127.0.0.1]/", "loopback address in IPv6 form"),
        ("http://169.254.169.254/", "cloud metadata"),
        ("http://metadata.google.internal/", "cloud metadata"),
        ("ftp://example.com/", "must start with http:// or https://"),
        ("http://user:pass@example.com/", "user name or password"),
        ("http://mixed.example/", "mixed.example (10.0.0.5) is a private address"),
        ("http://nowhere.example/", "could not be resolved"),
    ],
)
def test_block_messages_say_why(url: str, fragment: str, fake_dns: Any) -> None:
    with pytest.raises(EndpointBlocked, match=fragment.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        validate_endpoint_url(url)


@pytest.mark.usefixtures("private_blocked")
@pytest.mark.parametrize(
    "url",
    ["http://8.8.8.8/", "https://8.8.8.8:8443/v1/chat", "http://[2606:4700:4700::1111]/", "https://public.example/a"],
)
def test_public_endpoints_are_accepted(url: str, fake_dns: Any) -> None:
    validate_endpoint_url(url)  # IP literals are checked without DNS or any connection


@pytest.mark.usefixtures("private_blocked")
def test_unresolvable_name_is_its_own_error(fake_dns: Any) -> None:
    with pytest.raises(EndpointUnresolvable):
        validate_endpoint_url("https://nowhere.example/")
    with pytest.raises(EndpointUnresolvable):
        asyncio.run(resolve_and_check("nowhere.example", 443))


@pytest.mark.usefixtures("private_blocked")
def test_resolve_and_check_returns_one_checked_address(fake_dns: Any) -> None:
    assert asyncio.run(resolve_and_check("public.example", 443)) == "93.184.216.34"
    assert asyncio.run(resolve_and_check("dual.example", 443)) == "93.184.216.34"  # IPv4 preferred
    assert asyncio.run(resolve_and_check("v6only.example", 443)) == "2606:4700::1111"
    assert asyncio.run(resolve_and_check("8.8.8.8", 80)) == "8.8.8.8"
    assert asyncio.run(resolve_and_check("[2606:4700:4700::1111]", 80)) == "2606:4700:4700::1111"


@pytest.mark.usefixtures("private_blocked")
@pytest.mark.parametrize("host", ["mixed.example", "rebind.example", "127.1", "0177.0.0.1", "localhost", "::1"])
def test_resolve_and_check_refuses_if_any_address_is_private(host: str, fake_dns: Any) -> None:
    with pytest.raises(EndpointBlocked):
        asyncio.run(resolve_and_check(host, 80))


@pytest.mark.usefixtures("private_allowed")
@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/", "http://10.0.0.1/", "http://localhost/", "http://[::1]/"])
def test_allow_private_setting_lifts_the_address_rule(url: str) -> None:
    validate_endpoint_url(url)


@pytest.mark.usefixtures("private_allowed")
@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/",
        "http://[fd00:ec2::254]/",
        "http://[::ffff:169.254.169.254]/",
        "http://metadata.google.internal/",
        "http://metadata/",
        "http://instance-data/",
        "ftp://127.0.0.1/",
        "http://user:pass@127.0.0.1/",
    ],
)
def test_allow_private_keeps_metadata_scheme_and_credential_checks(url: str) -> None:
    with pytest.raises(EndpointBlocked):
        validate_endpoint_url(url)


@pytest.mark.usefixtures("private_allowed")
@pytest.mark.parametrize(
    "url",
    ["http://vm:9101/chat", "http://2130706433:9101/", "http://0x7f000001/", "http://127.1:8000/", "http://10.1/",
     "http://0177.0.0.1/", "http://[::1]:9101/"],
)  # fmt: skip
def test_allow_private_accepts_single_label_hosts_and_numeric_ipv4_forms(url: str, fake_dns: Any) -> None:
    validate_endpoint_url(url)


@pytest.mark.usefixtures("private_allowed")
@pytest.mark.parametrize(
    "url", ["http://0xa9fea9fe/", "http://2852039166/", "http://169.254.43518/", "http://0251.0376.0251.0376/"]
)
def test_numeric_forms_of_the_metadata_address_stay_blocked(url: str) -> None:
    with pytest.raises(EndpointBlocked, match="cloud metadata"):
        validate_endpoint_url(url)


@pytest.mark.usefixtures("private_allowed")
@pytest.mark.parametrize(
    "url",
    ["http://vm/a b", "http://vm/a\tb", "http://v\nm/", "http://vm/\x00", "http://vm/a\u2028b", "http://vm/a\x85b",
     "http://vm /", "http://vm/a\u00a0b"],
)  # fmt: skip
def test_spaces_and_control_characters_are_refused_not_dropped(url: str, fake_dns: Any) -> None:
    """urlsplit silently drops tabs and line breaks: the URL used would not be the one the user sees."""
    with pytest.raises(EndpointBlocked, match="contains a space or a control character"):
        validate_endpoint_url(url)


# Through the connector ------------------------------------------------------------------------------------


def _config(url: str, **overrides: Any) -> AgentConfig:
    return AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=url, timeout_seconds=5, **overrides)


@pytest.mark.usefixtures("private_allowed")
def test_request_to_localhost_is_pinned_and_keeps_the_host_header(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent", method="POST").respond_with_json({"answer": "hi"})
    url = f"http://localhost:{httpserver.port}/agent"

    reply = send_message_sync(_config(url), Conversation(), "hello")

    assert reply.text == "hi"
    request, _ = httpserver.log[0]
    assert request.headers["Host"] == f"localhost:{httpserver.port}"


@pytest.mark.usefixtures("private_allowed")
def test_connection_goes_to_the_checked_address_not_a_second_lookup(httpserver: HTTPServer, fake_dns: Any) -> None:
    """agent.test resolves (once, through the guard) to 127.0.0.1; httpx never resolves the name itself."""
    httpserver.expect_request("/agent").respond_with_json({"answer": "pinned"})

    reply = send_message_sync(_config(f"http://agent.test:{httpserver.port}/agent"), Conversation(), "hi")

    assert reply.text == "pinned"
    assert httpserver.log[0][0].headers["Host"] == f"agent.test:{httpserver.port}"


@pytest.mark.usefixtures("private_blocked")
def test_blocked_endpoint_is_an_agent_error_and_sends_nothing(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"answer": "should not be reached"})

    with pytest.raises(AgentError) as excinfo:
        send_message_sync(_config(f"http://127.0.0.1:{httpserver.port}/agent"), Conversation(), "hi")

    assert excinfo.value.kind == ErrorKind.BLOCKED
    assert "public internet addresses" in excinfo.value.message
    assert httpserver.log == []


@pytest.mark.usefixtures("private_allowed")
def test_redirect_is_not_followed_even_with_private_allowed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_data(
        "", status=302, headers={"Location": "http://127.0.0.1/admin"}
    )
    httpserver.expect_request("/admin").respond_with_json({"answer": "followed"})

    with pytest.raises(AgentError) as excinfo:
        send_message_sync(_config(httpserver.url_for("/agent")), Conversation(), "hi")

    error = excinfo.value
    assert error.kind == ErrorKind.HTTP_STATUS
    assert error.status_code == 302
    assert error.message == (
        "The agent answered with a redirect to http://127.0.0.1/admin; Trustgate does not follow redirects — "
        "use the final URL as the endpoint."
    )
    assert [request.path for request, _ in httpserver.log] == ["/agent"]


def _certificate_for(name: str, directory: Any) -> tuple[str, str]:
    """A self-signed certificate for ``name``: (cert path, key path)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / f"{name}.pem", directory / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return str(cert_path), str(key_path)


@pytest.fixture
def tls_agent(tmp_path: Any) -> Iterator[tuple[int, str, list[str]]]:
    """An HTTPS agent on 127.0.0.1 with a certificate for agent.test: (port, CA file, Host headers seen)."""
    cert, key = _certificate_for("agent.test", tmp_path)
    hosts: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            hosts.append(self.headers["Host"])
            body = b'{"answer": "secure"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield server.server_port, cert, hosts
    server.shutdown()
    server.server_close()


def _send_tls(url: str, ca_file: str) -> Any:
    async def run() -> Any:
        context = ssl.create_default_context(cafile=ca_file)
        async with httpx.AsyncClient(verify=context, trust_env=False, follow_redirects=False) as client:
            return await send_message(_config(url), Conversation(), "hi", client=client)

    return asyncio.run(run())


@pytest.mark.usefixtures("private_allowed")
def test_https_connects_to_the_checked_address_and_verifies_the_host_name(
    tls_agent: tuple[int, str, list[str]], fake_dns: Any
) -> None:
    """The socket goes to 127.0.0.1, but SNI and certificate checks use agent.test."""
    port, ca_file, hosts = tls_agent

    reply = _send_tls(f"https://agent.test:{port}/agent", ca_file)

    assert reply.text == "secure"
    assert hosts == [f"agent.test:{port}"]


@pytest.mark.usefixtures("private_allowed")
def test_https_certificate_for_another_name_is_refused(tls_agent: tuple[int, str, list[str]]) -> None:
    port, ca_file, hosts = tls_agent

    with pytest.raises(AgentError) as excinfo:
        _send_tls(f"https://127.0.0.1:{port}/agent", ca_file)

    assert excinfo.value.kind == ErrorKind.CONNECTION
    assert "certificate" in excinfo.value.message.lower()
    assert hosts == []


# One set of URL rules at every entry point ---------------------------------------------------------------------

SAME_ANSWER_CASES = [
    # (private endpoints allowed, URL, None when accepted or a fragment of the one error)
    (True, "http://vm:9101/chat", None),
    (True, "http://2130706433:9101/chat", None),
    (True, "http://0x7f000001/chat", None),
    (True, "http://127.1:8000/chat", None),
    (True, "http://10.1/chat", None),
    (True, "http://169.254.169.254/latest/meta-data/", "cloud metadata"),
    (True, "http://0xa9fea9fe/", "cloud metadata"),
    (True, "http://2852039166/", "cloud metadata"),
    (True, "http://[::ffff:169.254.169.254]/", "cloud metadata"),
    (True, "http://metadata.google.internal/", "cloud metadata"),
    (True, "http://metadata/computeMetadata/v1/", "cloud metadata"),
    (True, "ftp://vm/chat", "must start with http:// or https://"),
    (True, "http://user:pw@vm:9101/chat", "user name or password"),
    (True, "http://vm:9101/a b", "space or a control character"),
    (True, "http://nowhere.example/chat", "could not be resolved"),
    (False, "http://vm:9101/chat", "vm (10.0.0.7) is a private address"),
    (False, "http://2130706433/chat", "loopback"),
    (False, "http://169.254.169.254/", "cloud metadata"),
    (False, "https://agent.example/chat", None),
]


def _agent_form_answer(client: Any, url: str) -> list[str] | None:
    from django.urls import reverse

    from evaluations.agents.models import Agent
    from tests.agents.test_agents import form_data

    response = client.post(reverse("evaluations:agent-create"), form_data(endpoint_url=url))
    if response.status_code == 302:
        assert Agent.objects.get(name="Shop bot").endpoint_url == url
        return None
    return list(response.context["form"].errors.get("endpoint_url", ["(no endpoint error)"]))


def _api_answer(api: Any, suite: Any, url: str) -> list[str] | None:
    response = api.post("/api/v1/aiagent/runs", {"suite": suite.pk, "endpoint_url": url})
    if response.status_code == 202:
        return None
    assert response.status_code == 400, response.content
    return list(response.json()["endpoint_url"])


def _monitor_answer(account_id: int, url: str, field: str) -> list[str] | None:
    from evaluations.monitors.forms import MonitorForm
    from tests.monitors.test_monitors_views import form_data

    form = MonitorForm(form_data(**{field: url}), account_id=account_id)
    form.is_valid()
    return [str(message) for message in form.errors[field]] if field in form.errors else None


@pytest.mark.parametrize(("allow_private", "url", "expected"), SAME_ANSWER_CASES)
def test_every_entry_point_gives_the_same_answer(
    client, alice, acme, agent, api, settings, fake_dns, allow_private, url, expected
) -> None:
    """The agent form, the CI API's endpoint_url, and the monitor form's endpoint and webhook apply the endpoint
    guard's rules and nothing else: the same URL gets the same answer, with one error when refused."""
    from suites.services import suite_create

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = allow_private
    suite = suite_create(
        account=acme,
        agent=agent,
        name="S",
        scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"], "required_phrases": ["hi"]}],
    )
    client.force_login(alice)

    answers = {
        "agent form": _agent_form_answer(client, url),
        "CI API endpoint_url": _api_answer(api, suite, url),
        "monitor endpoint": _monitor_answer(acme.pk, url, "endpoint_url"),
        "monitor webhook": _monitor_answer(acme.pk, url, "channel_webhook"),
    }

    if expected is None:
        assert answers == dict.fromkeys(answers), answers
    else:
        first = answers["agent form"]
        assert first is not None and len(first) == 1 and expected in first[0], answers
        assert all(answer == first for answer in answers.values()), answers
