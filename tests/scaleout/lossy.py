"""A TCP proxy in front of PostgreSQL that can lose the reply to a commit: the transaction is
committed on the server, and the connection then drops before the client hears so (what a
network fault or a server crash at that moment does). The client only knows that it doesn't
know; it must find out, not guess.

It reads the server's side of PostgreSQL's wire protocol (a type byte, then a length that
counts itself) and, when asked, drops both sides instead of passing on the next
``CommandComplete`` whose tag is ``COMMIT``; or it can make the database unreachable for a
while (`Lossy.go_away`). Clients must connect without TLS and GSSAPI
(`Lossy.url` says so), so that the server speaks in those messages from its first byte."""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

COMMIT_DONE = b"C"  # CommandComplete
COMMIT_TAG = b"COMMIT\x00"


class Lossy:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        self.target = (parts.hostname, parts.port)
        self.listening = socket.create_server(("127.0.0.1", 0))
        port = self.listening.getsockname()[1]
        where = f"{parts.username}@127.0.0.1:{port}" if parts.username else f"127.0.0.1:{port}"
        self.url = urlunsplit(
            parts._replace(netloc=where, query="sslmode=disable&gssencmode=disable")
        )
        self.lose = threading.Event()  # set: lose the next commit's reply
        self.losing = threading.Lock()  # one connection's thread at a time takes ``lose``
        self.then: Callable[[], object] | None = None  # run once the commit's reply is lost
        self.lost = 0  # commits whose reply was lost
        self.closing = False
        self.away = False  # set: the database is unreachable (see `go_away`)
        self.carried: set[socket.socket] = set()  # both ends of each connection carried
        self.carrying = threading.Lock()
        self.accepting = threading.Thread(target=self._accept, daemon=True)
        self.accepting.start()

    def lose_next_commit(self, then: Callable[[], object] | None = None) -> None:
        """Lose the next commit's reply; ``then`` runs after the commit, before the client
        learns that its connection is gone (another process's change in that moment)."""
        self.then = then
        self.lose.set()

    def go_away(self) -> None:
        """The database unreachable, as for a long outage: every connection is dropped, and
        new ones are dropped as they arrive, until `come_back`."""
        self.away = True
        with self.carrying:
            carried, self.carried = self.carried, set()
        _drop(*carried)

    def come_back(self) -> None:
        self.away = False

    def _losing(self) -> bool:
        """Whether to lose this commit's reply (taken by one connection only)."""
        with self.losing:
            if not self.lose.is_set():
                return False
            self.lose.clear()
            self.lost += 1
            return True

    def close(self) -> None:
        """Stop accepting and drop every connection carried. (Closing a listening socket
        does not wake a thread blocked in its ``accept`` on Linux; shutting it down does.)"""
        self.closing = True
        _drop(self.listening)
        with self.carrying:
            carried, self.carried = self.carried, set()
        _drop(*carried)

    def _accept(self) -> None:
        while not self.closing:
            try:
                client, _ = self.listening.accept()
            except OSError:
                return
            if self.away:
                _drop(client)
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:  # the server is away: so is this client's connection
                _drop(client)
                continue
            with self.carrying:
                if self.closing:  # closed meanwhile: carry nothing more
                    _drop(client, server)
                    return
                self.carried |= {client, server}
            threading.Thread(target=self._upstream, args=(client, server), daemon=True).start()
            threading.Thread(target=self._downstream, args=(server, client), daemon=True).start()

    def _release(self, *socks: socket.socket) -> None:
        with self.carrying:
            self.carried.difference_update(socks)
        _drop(*socks)

    def _upstream(self, client: socket.socket, server: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                server.sendall(data)
        self._release(client, server)

    def _downstream(self, server: socket.socket, client: socket.socket) -> None:
        with contextlib.suppress(OSError):
            for message in _messages(server):
                if message[:1] == COMMIT_DONE and message[5:] == COMMIT_TAG and self._losing():
                    if self.then is not None:
                        self.then()
                    break  # committed on the server; the client never hears so
                client.sendall(message)
        self._release(client, server)


def _messages(sock: socket.socket) -> Iterator[bytes]:
    """The server's messages, whole, as they arrive."""
    buffer = b""
    while data := sock.recv(65536):
        buffer += data
        while len(buffer) >= 5:
            (length,) = struct.unpack("!I", buffer[1:5])
            if len(buffer) < 1 + length:
                break
            yield buffer[: 1 + length]
            buffer = buffer[1 + length :]


def _drop(*socks: socket.socket) -> None:
    for sock in socks:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()
