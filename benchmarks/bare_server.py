"""A bare WebSocket server with a stand-in engine: the yardstick `benchmarks/server.py
--bare` measures under the same load as the real server, in alternating runs, for what the
transport, the event loop and a durable write cost on this machine with no game behind them.

It speaks the part of protocol 2 the benchmark's clients use (``docs/protocol.md``): ``create``
is answered ``welcome``, ``host start`` with a whole ``state``; each ``act`` is stored (a row of
a few hundred bytes in SQLite, WAL, ``synchronous=FULL``, 1 KB pages, changes that arrive
during a commit going together in the next one, on one writer thread), then acknowledged,
then answered with an ``update``: the patch of the person's move and three stand-in bots'
replies, picked at random, and the next offers. The same uvicorn settings and middleware-free
Starlette app as `bigtwo serve` otherwise; nothing is checked, nobody else is told.

Run by `benchmarks/server.py --bare`; alone: ``python benchmarks/bare_server.py --port P
--database FILE``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import orjson
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

CARDS = [f"{r}{s}" for r in "3456789TJQKA2" for s in "DCHS"]


class Store:
    """One SQLite connection on one writer thread, with group commit."""

    def __init__(self, path: str) -> None:
        self.pool = ThreadPoolExecutor(1)
        self.pending: list[tuple[tuple[str, int, str], asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None
        self.conn = self.pool.submit(self._open, path).result()

    @staticmethod
    def _open(path: str) -> sqlite3.Connection:
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        for pragma in ("page_size=1024", "journal_mode=WAL", "synchronous=FULL"):
            conn.execute(f"PRAGMA {pragma}")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS changes (room TEXT, seq INTEGER, body TEXT,"
            " PRIMARY KEY (room, seq))"
        )
        return conn

    async def write(self, room: str, seq: int, body: str) -> None:
        future = asyncio.get_running_loop().create_future()
        self.pending.append(((room, seq, body), future))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending:
            batch, self.pending = self.pending, []
            await loop.run_in_executor(self.pool, self._commit, [row for row, _ in batch])
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    def _commit(self, rows: list[tuple[str, int, str]]) -> None:
        self.conn.execute("BEGIN")
        self.conn.executemany("INSERT OR REPLACE INTO changes VALUES (?, ?, ?)", rows)
        self.conn.execute("COMMIT")


def offers(rng: random.Random) -> list[str]:
    return ["pass", *rng.sample(CARDS, 8)]


async def table(ws: WebSocket, store: Store, code: str) -> None:
    rng = random.Random(code)
    seq, plays = 0, 0
    state: dict[str, Any] = {}
    while True:
        msg = orjson.loads(await ws.receive_text())
        kind = msg.get("type")
        if kind == "create":
            await ws.send_text(orjson.dumps({"type": "welcome", "room": code, "seat": 0}).decode())
        elif kind == "host":
            seq += 1
            state = {
                "seq": seq,
                "seat": 0,
                "awaiting": [0],
                "offers": offers(rng),
                "counts": [13, 13, 13, 13],
                "plays": [],
                "room": {"code": code, "status": "playing"},
            }
            await ws.send_text(orjson.dumps({"type": "state", **state}).decode())
        elif kind == "act":
            base, seq = seq, seq + 1
            moves = [msg["action"], *(rng.choice(CARDS) for _ in range(3))]
            plays += 4
            patch = [
                ["+", ["plays"], [{"seat": i, "move": m} for i, m in enumerate(moves)]],
                ["=", ["counts"], [13 - plays // 4 % 13] * 4],
                ["=", ["offers"], offers(rng)],
            ]
            body = orjson.dumps({"action": msg, "patch": patch}).decode()
            await store.write(code, seq, body)
            await ws.send_text(orjson.dumps({"type": "ack", "id": msg["id"]}).decode())
            update = {"type": "update", "base": base, "seq": seq, "patch": patch}
            await ws.send_text(orjson.dumps(update).decode())


def make_app(database: str) -> Starlette:
    store = Store(database)
    rooms = iter(range(1, 1 << 62))

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await table(ws, store, f"R{next(rooms)}")

    async def healthz(request: Any) -> PlainTextResponse:
        return PlainTextResponse("ok")

    return Starlette(routes=[Route("/healthz", healthz), WebSocketRoute("/ws", socket)])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--database", required=True, help="the SQLite file")
    args = p.parse_args()
    uvicorn.run(
        make_app(args.database),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_ping_interval=None,  # as `bigtwo serve`: its clients ping
    )


if __name__ == "__main__":
    main()
