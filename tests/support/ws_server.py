"""A loopback WebSocket agent (wsproto over plain sockets, one thread per connection), started once per session.

``server.handle(text, connection)`` returns the frames to answer a message with, each after its delay (a str is a
text frame; ``CLOSE`` closes the socket). ``server.reject`` answers the upgrade with a status instead (a redirect).
Every upgrade request's headers are kept in ``server.upgrades``, every message in ``server.messages``.

On ``AUTH_PATH`` the agent wants an auth frame first, ``{"type": "auth", "token": server.auth_token}``: it answers
``{"type": "auth_ok"}``, or, for any other first frame, an error frame and a close (1008). Auth frames are kept in
``server.auth_frames``, not in ``messages``. ``server.connections`` counts every connection made.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Message, RejectConnection, Request, TextMessage

CLOSE = object()
AUTH_PATH = "/ws-auth"
Frames = Sequence[tuple[float, Any]]  # (delay in seconds, a str frame or CLOSE)


class WsServer:
    def __init__(self) -> None:
        self.handle: Callable[[str, int], Frames] = lambda text, n: [(0.0, f"echo: {text}")]
        self.reject: tuple[int, dict[str, str]] | None = None
        self.upgrades: list[dict[str, str]] = []
        self.messages: list[tuple[int, str]] = []  # (connection number, text)
        self.auth_token = ""
        self.auth_frames: list[tuple[int, str]] = []
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, path: str = "/ws") -> str:
        return f"ws://127.0.0.1:{self.listener.getsockname()[1]}{path}"

    def reset(self) -> None:
        self.handle = lambda text, n: [(0.0, f"echo: {text}")]
        self.reject = None
        self.upgrades, self.messages, self.auth_frames = [], [], []
        self.auth_token = ""

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._serve, args=(conn, self.connections), daemon=True).start()

    def _serve(self, conn: socket.socket, number: int) -> None:
        ws = WSConnection(ConnectionType.SERVER)
        pending = ""
        needs_auth = False
        try:
            while True:
                data = conn.recv(65536)
                if not data:
                    return
                ws.receive_data(data)
                for event in ws.events():
                    if isinstance(event, Request):
                        self.upgrades.append({k.decode(): v.decode() for k, v in event.extra_headers})
                        self.upgrades[-1]["host"] = event.host
                        needs_auth = event.target == AUTH_PATH
                        if self.reject is not None:
                            status, headers = self.reject
                            pairs = [(k.encode(), v.encode()) for k, v in headers.items()]
                            conn.sendall(ws.send(RejectConnection(status_code=status, headers=pairs)))
                            return
                        conn.sendall(ws.send(AcceptConnection()))
                    elif isinstance(event, Message):
                        pending += event.data if isinstance(event, TextMessage) else event.data.decode()
                        if not event.message_finished:
                            continue
                        text, pending = pending, ""
                        if needs_auth:
                            if not self._authenticate(conn, ws, number, text):
                                return
                            needs_auth = False
                            continue
                        self.messages.append((number, text))
                        for delay, frame in self.handle(text, number):
                            if delay:
                                time.sleep(delay)
                            if frame is CLOSE:
                                conn.sendall(ws.send(CloseConnection(code=1011, reason="agent crashed")))
                                return
                            conn.sendall(ws.send(TextMessage(data=frame)))
                    elif isinstance(event, CloseConnection):
                        conn.sendall(ws.send(event.response()))
                        return
        except OSError:
            return
        finally:
            conn.close()

    def _authenticate(self, conn: socket.socket, ws: WSConnection, number: int, text: str) -> bool:
        self.auth_frames.append((number, text))
        try:
            frame = json.loads(text)
        except ValueError:
            frame = None
        if isinstance(frame, dict) and frame.get("type") == "auth" and frame.get("token") == self.auth_token:
            conn.sendall(ws.send(TextMessage(data=json.dumps({"type": "auth_ok"}))))
            return True
        conn.sendall(ws.send(TextMessage(data=json.dumps({"type": "error", "code": 401, "error": "invalid token"}))))
        conn.sendall(ws.send(CloseConnection(code=1008, reason="invalid token")))
        return False

    def close(self) -> None:
        self.listener.close()
