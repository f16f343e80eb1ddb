"""WebSocket agents through the guarded client (docs/agents.md, WebSocket): ``ws://`` / ``wss://`` URLs pass the
same endpoint guard as ``http://`` / ``https://`` ones, the upgrade request goes to the checked address (Host,
SNI and the certificate check still use the name), a redirect or any answer but 101 is refused, and no message
may be larger than the reply cap.

An open socket belongs to a task of its own (``Socket``), so the conversation that uses it may send and read from
any task and close it from another: anyio's scopes inside httpx-ws must be entered and left by one task.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import wsproto.events
from httpx_ws import AsyncWebSocketClient, HTTPXWSException, WebSocketDisconnect, WebSocketUpgradeError

from evaluations.outbound.client import (
    Client,
    OutboundConnectError,
    OutboundError,
    OutboundProtocolError,
    OutboundTimeout,
    _pinned_request,
    make_client,
)
from evaluations.outbound.guard import EndpointBlocked, resolve_and_check, split_endpoint

HTTP_SCHEME = {"ws": "http", "wss": "https"}


class UpgradeRefused(OutboundError):
    """The server answered the upgrade with another status (a redirect is never followed)."""

    def __init__(self, status: int, location: str) -> None:
        super().__init__(f"HTTP {status}", cause="UpgradeRefused")
        self.status = status
        self.location = location


class SocketClosed(OutboundError):
    """The other side closed the socket (``code``, ``reason``) or it failed."""

    def __init__(self, text: str, *, code: int | None = None) -> None:
        super().__init__(text, cause="SocketClosed")
        self.code = code


def http_url(url: str) -> str:
    """The ``http(s)://`` form of a ``ws(s)://`` URL, for the guard and the upgrade request. Raises
    ``EndpointBlocked`` for any other scheme."""
    parts = urlsplit(url.strip())
    scheme = HTTP_SCHEME.get(parts.scheme.lower())
    if scheme is None:
        shown = f"{parts.scheme}:" if parts.scheme else "no scheme"
        raise EndpointBlocked(f"A WebSocket endpoint URL must start with ws:// or wss:// (it has {shown}).")
    return urlunsplit((scheme, parts.netloc, parts.path, parts.query, ""))


def guard_url(url: str) -> str:
    """The URL the endpoint guard judges: the ``http(s)://`` form of a ``ws(s)://`` URL, any other as it is."""
    return http_url(url) if urlsplit(url.strip()).scheme.lower() in HTTP_SCHEME else url


class Socket:
    """One open WebSocket. ``receive`` returns the next text message (bytes are decoded as UTF-8)."""

    def __init__(self) -> None:
        self._incoming: asyncio.Queue[str | OutboundError] = asyncio.Queue()
        self._outgoing: asyncio.Queue[str | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    async def send_text(self, text: str) -> None:
        if self.closed:
            raise SocketClosed("the socket is closed")
        await self._outgoing.put(text)

    async def receive(self, timeout: float) -> str:
        """The next message; raises ``TimeoutError`` after ``timeout`` seconds, ``SocketClosed`` when it closed."""
        item = await asyncio.wait_for(self._incoming.get(), timeout)
        if isinstance(item, OutboundError):
            self.closed = True
            raise item
        return item

    def discard_pending(self) -> None:
        """Drop the messages no reply has read (late frames of a retried turn). A close among them, or a socket
        task that ended, marks the socket closed."""
        while not self._incoming.empty():
            if isinstance(self._incoming.get_nowait(), OutboundError):
                self.closed = True
        if self._task is None or self._task.done():
            self.closed = True

    async def close(self) -> None:
        if self._task is None:
            return
        self.closed = True
        await self._outgoing.put(None)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._task, 5)
        if not self._task.done():
            self._task.cancel()
        self._task = None

    async def _run(self, client: Client, request: httpx.Request, max_bytes: int, ready: asyncio.Future[None]) -> None:
        ws_client: AsyncWebSocketClient = AsyncWebSocketClient(
            client, max_message_size_bytes=max_bytes, keepalive_ping_interval_seconds=None
        )
        try:
            async with ws_client.connect(
                str(request.url), headers=dict(request.headers), extensions=request.extensions
            ) as ws:
                ready.set_result(None)
                pump = asyncio.ensure_future(self._pump(ws))
                try:
                    while (text := await self._outgoing.get()) is not None:
                        await ws.send_text(text)
                finally:
                    pump.cancel()
        except WebSocketUpgradeError as exc:
            status = exc.response.status_code
            _settle(ready, self._incoming, UpgradeRefused(status, exc.response.headers.get("location", "")))
        except (httpx.TimeoutException, TimeoutError) as exc:
            _settle(ready, self._incoming, OutboundTimeout(str(exc) or "timeout", cause=type(exc).__name__))
        except httpx.ConnectError as exc:
            _settle(ready, self._incoming, OutboundConnectError(str(exc) or "connect error", cause="ConnectError"))
        except httpx.RemoteProtocolError as exc:
            _settle(ready, self._incoming, OutboundProtocolError(str(exc), cause="RemoteProtocolError"))
        except (httpx.HTTPError, HTTPXWSException, OSError) as exc:
            _settle(ready, self._incoming, SocketClosed(str(exc) or type(exc).__name__))

    async def _pump(self, ws: Any) -> None:
        try:
            while True:
                event = await ws.receive()
                if isinstance(event, wsproto.events.TextMessage):
                    self._incoming.put_nowait(str(event.data))
                elif isinstance(event, wsproto.events.BytesMessage):
                    self._incoming.put_nowait(bytes(event.data).decode("utf-8", errors="replace"))
        except WebSocketDisconnect as exc:
            self._incoming.put_nowait(SocketClosed(exc.reason or "closed", code=exc.code))
        except HTTPXWSException as exc:
            self._incoming.put_nowait(SocketClosed(str(exc) or type(exc).__name__))


def _settle(ready: asyncio.Future[None], incoming: asyncio.Queue[str | OutboundError], error: OutboundError) -> None:
    if not ready.done():
        ready.set_exception(error)
    else:
        incoming.put_nowait(error)


async def open_websocket(
    url: str, *, headers: dict[str, str], timeout: float, max_bytes: int, client: Client | None = None
) -> Socket:
    """Open a WebSocket to ``url`` (``ws://`` or ``wss://``) through the endpoint guard, within ``timeout``.

    Raises ``EndpointBlocked`` / ``EndpointUnresolvable`` (nothing was sent), ``UpgradeRefused`` (a redirect or
    another status), ``OutboundTimeout``, ``OutboundConnectError`` or another ``OutboundError``. Close the socket
    with ``Socket.close``; a client made here lives as long as the socket.
    """
    target = http_url(url)
    scheme, host, port = split_endpoint(target)
    socket = Socket()
    own = client is None
    pool = make_client() if client is None else client
    try:
        async with asyncio.timeout(timeout):
            address = await resolve_and_check(host, port)
            request = _pinned_request(target, scheme, host, address, b"", headers, timeout)
            ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            socket._task = asyncio.ensure_future(socket._run(pool, request, max_bytes, ready))
            if own:
                socket._task.add_done_callback(lambda _task: asyncio.ensure_future(pool.aclose()))
            await ready
    except TimeoutError:
        await socket.close()
        raise OutboundTimeout(f"no WebSocket within {timeout:g} s", cause="TimeoutError") from None
    except BaseException:
        await socket.close()
        raise
    return socket
