"""The guarded HTTP client: every outbound request Trustgate makes (agents, alert webhooks, a self-hosted judge).

``post`` checks the URL with the endpoint guard, resolves the host once and connects to that checked address (no
second DNS lookup, so no DNS-rebinding window) while the Host header, TLS SNI and the certificate check still
use the name. It never follows a redirect, gives the whole exchange (lookup included) one deadline and reads
the reply only up to a byte cap. Transport failures become ``OutboundError``s, so callers never handle httpx's
exceptions; guard refusals stay ``EndpointBlocked`` / ``EndpointUnresolvable``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
from collections.abc import AsyncIterator, Callable, Coroutine
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

from evaluations.outbound.guard import resolve_and_check, split_endpoint
from evaluations.outbound.sdk import ssl_context

# A connection pool, made by ``make_client``; callers hold it but never use it to send anything themselves.
Client = httpx.AsyncClient
Headers = httpx.Headers

STREAM_PREVIEW_BYTES = 4096  # what a streamed reply keeps of its start, for the raw preview
# Once a streamed reply is complete, what is left of its body (an SSE stream's closing chunk) is still read for this
# long, at most this much, so that the connection goes back to the pool instead of being closed: reconnecting for
# every turn cost a TCP connect on each (docs/benchmarks.md). A stream that goes on after its end is cut as before.
STREAM_DRAIN_SECONDS = 0.025
STREAM_DRAIN_BYTES = 65536
_ERRNO_PREFIX = re.compile(r"^\[Errno -?\d+\]\s*")


class OutboundError(Exception):
    """No HTTP reply could be had. ``str(error)`` is the transport's own words; ``cause`` names its error."""

    def __init__(self, text: str, *, cause: str) -> None:
        super().__init__(text)
        self.cause = cause

    @property
    def reason(self) -> str:
        """The transport's words without an ``[Errno 111]`` prefix, for sentences shown to users."""
        return _ERRNO_PREFIX.sub("", str(self))


class OutboundTimeout(OutboundError):
    """The deadline passed before the reply was read."""


class OutboundConnectError(OutboundError):
    """No connection (refused, unreachable, TLS handshake or certificate failure)."""

    @property
    def is_certificate_error(self) -> bool:
        return "CERTIFICATE_VERIFY_FAILED" in str(self)


class OutboundProtocolError(OutboundError):
    """The server closed the connection without a complete HTTP reply."""


@dataclasses.dataclass(frozen=True)
class Reply:
    status: int
    headers: Headers
    body: bytes  # at most the cap
    truncated: bool  # the reply was larger than the cap (or declared so), and ``body`` is cut

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


def make_client() -> Client:
    """A connection pool for ``post``: no redirects, no proxies from the environment, and a cookie jar that stores
    nothing (each agent conversation carries its own cookies)."""
    return httpx.AsyncClient(
        follow_redirects=False,
        trust_env=False,
        cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
        limits=httpx.Limits(max_connections=100, max_keepalive_connections=20, keepalive_expiry=30),
        timeout=httpx.Timeout(30.0),
        verify=ssl_context(),  # shared: building a context per run loads the CA bundle each time
    )


def reason_phrase(status: int) -> str:
    """``Not Found`` for 404; "" for a status without one."""
    return httpx.codes.get_reason_phrase(status)


async def post(
    url: str,
    *,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    max_bytes: int,
    client: Client | None = None,
    allow_private: bool = False,
) -> Reply:
    """POST ``body`` to ``url`` through the endpoint guard and return the reply, read up to ``max_bytes``.

    A redirect is returned as it is (a 3xx reply), never followed. ``allow_private`` is for URLs from the
    server's own settings: it lifts the public-address rule, and only that. Raises ``EndpointBlocked`` /
    ``EndpointUnresolvable`` (nothing was sent), ``OutboundTimeout``, ``OutboundConnectError``,
    ``OutboundProtocolError`` or another ``OutboundError``. Uses ``client``'s connections when given.
    """
    url = url.strip()
    scheme, host, port = split_endpoint(url, allow_private=allow_private)
    try:
        async with asyncio.timeout(timeout):
            address = await resolve_and_check(host, port, allow_private=allow_private)
            request = _pinned_request(url, scheme, host, address, body, headers, timeout)
            if client is None:
                async with make_client() as own_client:
                    return await _send(own_client, request, max_bytes)
            return await _send(client, request, max_bytes)
    except (TimeoutError, httpx.TimeoutException) as exc:
        raise OutboundTimeout(str(exc).strip() or type(exc).__name__, cause=type(exc).__name__) from None
    except httpx.ConnectError as exc:
        raise OutboundConnectError(_text(exc), cause=type(exc).__name__) from None
    except httpx.RemoteProtocolError as exc:
        raise OutboundProtocolError(_text(exc), cause=type(exc).__name__) from None
    except httpx.HTTPError as exc:
        raise OutboundError(_text(exc), cause=type(exc).__name__) from None


async def post_stream(
    url: str,
    *,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    max_bytes: int,
    feed: Callable[[bytes], bool],
    client: Client | None = None,
    on_sent: Callable[[], None] | None = None,
) -> Reply:
    """``post`` for a streamed reply: a 2xx body is handed to ``feed`` piece by piece as it arrives (nothing is
    kept but the first ``STREAM_PREVIEW_BYTES`` for the preview), until ``feed`` returns True (the reply is
    complete: the rest is not read), the stream ends, or more than ``max_bytes`` arrived in all (``truncated``).
    Any other status is read whole up to the cap, as ``post`` reads it, and ``feed`` is never called. After the
    reply is complete, the end of the body is read briefly (``STREAM_DRAIN_SECONDS``) to keep the connection. The one
    deadline covers the whole exchange, so a stream that stalls raises ``OutboundTimeout``; ``feed`` may raise,
    and its exception passes through with the connection closed. ``on_sent`` is called as the request starts to
    leave on its connection (after any connection set-up), for a time to first token that is the agent's."""
    url = url.strip()
    scheme, host, port = split_endpoint(url)
    try:
        async with asyncio.timeout(timeout) as deadline:
            address = await resolve_and_check(host, port)
            request = _pinned_request(url, scheme, host, address, body, headers, timeout)
            if on_sent is not None:
                request.extensions["trace"] = _sent_trace(on_sent)
            if client is None:  # its connection is closed with it: nothing to keep, so nothing more is read
                async with make_client() as own_client:
                    return await _send_streamed(own_client, request, max_bytes, feed, until=0.0)
            return await _send_streamed(client, request, max_bytes, feed, until=deadline.when() or 0.0)
    except (TimeoutError, httpx.TimeoutException) as exc:
        raise OutboundTimeout(str(exc).strip() or type(exc).__name__, cause=type(exc).__name__) from None
    except httpx.ConnectError as exc:
        raise OutboundConnectError(_text(exc), cause=type(exc).__name__) from None
    except httpx.RemoteProtocolError as exc:
        raise OutboundProtocolError(_text(exc), cause=type(exc).__name__) from None
    except httpx.HTTPError as exc:
        raise OutboundError(_text(exc), cause=type(exc).__name__) from None


async def get(url: str, *, headers: dict[str, str], timeout: float, max_bytes: int) -> Reply:
    """GET ``url`` through the endpoint guard, as ``post`` sends (checked address, no redirects, one deadline, the
    byte cap): an A2A agent card. Raises what ``post`` raises."""
    url = url.strip()
    scheme, host, port = split_endpoint(url)
    try:
        async with asyncio.timeout(timeout):
            address = await resolve_and_check(host, port)
            request = _pinned_request(url, scheme, host, address, b"", headers, timeout, method="GET")
            async with make_client() as own_client:
                return await _send(own_client, request, max_bytes)
    except (TimeoutError, httpx.TimeoutException) as exc:
        raise OutboundTimeout(str(exc).strip() or type(exc).__name__, cause=type(exc).__name__) from None
    except httpx.ConnectError as exc:
        raise OutboundConnectError(_text(exc), cause=type(exc).__name__) from None
    except httpx.HTTPError as exc:
        raise OutboundError(_text(exc), cause=type(exc).__name__) from None


async def connect_check(url: str, *, timeout: float) -> None:
    """Open a TCP connection to the endpoint's checked address (the address ``post`` would use) and close it at
    once, sending nothing: whether anything listens there. Raises ``EndpointBlocked`` / ``EndpointUnresolvable``,
    ``OutboundTimeout`` or ``OutboundConnectError`` (refused, unreachable)."""
    _scheme, host, port = split_endpoint(url.strip())
    try:
        async with asyncio.timeout(timeout):
            address = await resolve_and_check(host, port)
            _reader, writer = await asyncio.open_connection(address, port)
    except TimeoutError:
        raise OutboundTimeout(f"no connection within {timeout:g} s", cause="TimeoutError") from None
    except OSError as exc:  # asyncio words it "Connect call failed (...)": the errno's own words are plainer
        text = os.strerror(exc.errno) if exc.errno else _text(exc)
        raise OutboundConnectError(text, cause=type(exc).__name__) from None
    writer.close()
    try:
        await writer.wait_closed()
    except OSError:
        pass  # closed by the other side first: it was listening, which is all this asks


def _text(exc: Exception) -> str:
    return str(exc).strip() or type(exc).__name__


def _pinned_request(
    url: str,
    scheme: str,
    host: str,
    address: str,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    method: str = "POST",
) -> httpx.Request:
    parts = urlsplit(url)
    address_host = f"[{address}]" if ":" in address else address
    netloc = f"{address_host}:{parts.port}" if parts.port else address_host
    pinned_url = urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))
    host_for_header = f"[{host}]" if ":" in host else host
    headers = {
        "Accept-Encoding": "identity",  # the size cap counts wire bytes; no decompression bombs
        **headers,
        "Host": f"{host_for_header}:{parts.port}" if parts.port else host_for_header,
    }
    extensions: dict[str, Any] = {"timeout": httpx.Timeout(timeout).as_dict()}
    if scheme == "https" and host != address:
        extensions["sni_hostname"] = host  # TLS verifies the certificate against the name, not the IP
    # A bare Request (not client.build_request), so the client adds no cookies or default headers.
    if method == "GET":
        return httpx.Request("GET", pinned_url, headers=headers, extensions=extensions)
    return httpx.Request(method, pinned_url, headers=headers, content=body, extensions=extensions)


async def _send(client: Client, request: httpx.Request, max_bytes: int) -> Reply:
    response = await client.send(request, stream=True, follow_redirects=False)
    try:
        declared = response.headers.get("content-length", "")
        if response.is_success and declared.isdigit() and int(declared) > max_bytes:
            return Reply(response.status_code, response.headers, b"", True)
        received = bytearray()
        truncated = False
        async for chunk in response.aiter_bytes():
            received.extend(chunk)
            if len(received) > max_bytes:
                truncated = True
                break
        return Reply(response.status_code, response.headers, bytes(received[:max_bytes]), truncated)
    finally:
        await response.aclose()


def _sent_trace(on_sent: Callable[[], None]) -> Callable[[str, dict[str, Any]], Coroutine[Any, Any, None]]:
    async def trace(event: str, info: dict[str, Any]) -> None:
        if event == "http11.send_request_headers.started":
            on_sent()

    return trace


async def _send_streamed(
    client: Client, request: httpx.Request, max_bytes: int, feed: Callable[[bytes], bool], until: float
) -> Reply:
    response = await client.send(request, stream=True, follow_redirects=False)
    try:
        if not response.is_success:
            received = bytearray()
            async for chunk in response.aiter_bytes():
                received.extend(chunk)
                if len(received) > max_bytes:
                    break
            return Reply(response.status_code, response.headers, bytes(received[:max_bytes]), len(received) > max_bytes)
        preview = bytearray()
        total = 0
        chunks = response.aiter_bytes()
        async for chunk in chunks:
            total += len(chunk)
            if len(preview) < STREAM_PREVIEW_BYTES:
                preview.extend(chunk[: STREAM_PREVIEW_BYTES - len(preview)])
            if total > max_bytes:
                return Reply(response.status_code, response.headers, bytes(preview), True)
            if feed(chunk):
                await _drain(chunks, until)
                break
        return Reply(response.status_code, response.headers, bytes(preview), False)
    finally:
        await response.aclose()


async def _drain(chunks: AsyncIterator[bytes], until: float) -> None:
    """Read the rest of a complete streamed reply if it ends at once (else it is left, and the connection closed),
    within the exchange's deadline ``until`` (loop time): a complete reply never turns into a timeout here."""
    now = asyncio.get_running_loop().time()
    ends = min(now + STREAM_DRAIN_SECONDS, until - 0.005)
    if ends <= now:
        return
    left = STREAM_DRAIN_BYTES
    try:
        async with asyncio.timeout_at(ends):
            async for chunk in chunks:
                left -= len(chunk)
                if left < 0:
                    return
    except (TimeoutError, httpx.HTTPError):
        return
