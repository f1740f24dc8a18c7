"""The web app: ``/ws`` (the protocol), ``/healthz``, the lobby, the records of finished deals
and their replays (`replay`), and the rules in words over HTTP. Every frame is checked by
`protocol.parse` before the hub sees it; each connection has a rate limit, and each address a
cap on connections."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..errors import BigTwoError
from . import room_log
from .accounts import (
    Attempts,
    Credentials,
    Directory,
    Guard,
    Refused,
    Session,
    account_routes,
    refused,
    session_of,
    signin_routes,
)
from .collector import Collector
from .connection import Connection
from .headers import SecurityHeaders
from .history import history_routes, is_operator
from .hub import Hub
from .metrics import CONTENT_TYPE, allowed, networks
from .protocol import (
    INBOUND,
    VERSION,
    Act,
    Chat,
    Create,
    Hello,
    Host,
    Join,
    Leave,
    Ping,
    Pong,
    ProtocolError,
    Ready,
    Rematch,
    Resume,
    Unwatch,
    Unwatched,
    Vote,
    Watch,
    Why,
    encode,
    http_error,
    language,
    parse,
    refusal,
    upgrade,
)
from .replay import replay_routes
from .review import Reviews, review_routes
from .rulebook import rulebook_routes
from .settings import Settings
from .store import DATABASE_FAILED, DatabaseError, Store, first_line
from .web import web_routes

log = logging.getLogger("bigtwo.server")
PER_ADDRESS = 32  # open connections from one address
UPGRADE = 4426  # the close code after `Upgrade` (HTTP's 426 Upgrade Required, as a 4xxx)
SIGNED_OUT = 4401  # the close code of a socket whose session was revoked (401, as a 4xxx)
IDLE = 60.0  # seconds without a frame (pings included) before a connection is dropped


class Bucket:
    """A token bucket: ``take`` is false once a connection sends faster than ``rate`` a
    second on average, or more than twice that at once."""

    def __init__(self, rate: float) -> None:
        self.rate, self.burst = rate, 2 * rate
        self.tokens, self.at = self.burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def make_app(url: str, settings: Settings | None = None) -> Starlette:
    """The app on the database at ``url`` (a SQLAlchemy URL)."""
    hub = Hub(Store(url), settings or Settings())
    directory = Directory(hub.store.engine)
    hub.seat_kept = directory.keeps_seat
    attempts = Attempts(hub.store.engine)  # sign-in attempts, per address and account
    reviews = Reviews(hub.settings.reviews)
    open_by_address: Counter[str] = Counter()

    def offers(session: Session) -> dict[str, object]:
        """What ``GET /api/me`` adds: the ways to sign in, and whether this is an operator
        (whose page shows the operator's page)."""
        operator = is_operator(hub.store.engine, session.person.id)
        return {"passwords": hub.settings.passwords, "operator": operator}

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await hub.open()
        collector = Collector()
        collector.start()
        collecting = asyncio.create_task(collector.run())
        sweeping = asyncio.create_task(hub.sockets.sweep_sessions(directory.still_live))
        yield
        sweeping.cancel()
        collecting.cancel()
        collector.stop()
        await reviews.close()
        await hub.close()
        hub.store.close()

    async def healthz(_: Request) -> Response:
        return PlainTextResponse(
            "ok" if not hub.closing else "closing", status_code=200 if not hub.closing else 503
        )

    async def lobby(_: Request) -> Response:
        return JSONResponse({"rooms": await hub.open_rooms()})

    scrapers = networks(hub.settings.metrics_from)

    async def metrics(request: Request) -> Response:
        if not allowed(request.client.host if request.client else None, scrapers):
            return PlainTextResponse("metrics are not served to your address", status_code=403)
        rooms = await hub.room_counts()
        text = hub.metrics.text(rooms, sum(open_by_address.values()))
        return Response(text, media_type=None, headers={"content-type": CONTENT_TYPE})

    async def socket(ws: WebSocket) -> None:
        address = ws.client.host if ws.client else "?"
        if open_by_address[address] >= PER_ADDRESS:
            await ws.close(code=1008, reason="too many connections from your address")
            room_log.line(None, None, "connect", error="too_many_connections")
            return
        await ws.accept()
        lang = language(ws.query_params, ws.headers)
        if ws.query_params.get("protocol") != str(VERSION):  # an older page or program
            await ws.send_text(encode(upgrade(lang)))
            await ws.close(code=UPGRADE, reason=f"this server speaks protocol {VERSION}")
            room_log.line(None, None, "connect", error="upgrade")
            return
        open_by_address[address] += 1
        session = session_of(ws)
        conn = Connection(ws.send_text, address, lang=lang)
        if session is not None:  # the page's socket: its person, closed if the session ends
            conn.person, conn.session = session.person.id, session.id
            conn.suspended = session.person.suspended
            conn.close = lambda: ws.close(code=SIGNED_OUT, reason="signed out")
        hub.sockets.track(conn)
        bucket = Bucket(hub.settings.rate)
        await conn.tell(Hello(lang=conn.lang))
        loop = asyncio.get_running_loop()
        try:
            # one deadline moved on at each frame: cheaper than a `wait_for` (a task) a frame
            async with asyncio.timeout(IDLE) as idle:
                while True:
                    frame = await ws.receive()
                    idle.reschedule(loop.time() + IDLE)
                    if frame["type"] == "websocket.disconnect":
                        break
                    await _answer(hub, conn, frame.get("text") or frame.get("bytes") or "", bucket)
        except (TimeoutError, WebSocketDisconnect):
            pass
        except RuntimeError:  # Starlette's word for a socket used after it closed; else a bug
            if ws.client_state == WebSocketState.CONNECTED == ws.application_state:
                log.exception("room=%s the connection failed", conn.room)
        finally:
            open_by_address[address] -= 1
            hub.sockets.untrack(conn)
            await hub.leave_socket(conn)
            with contextlib.suppress(Exception):
                await ws.close()

    async def database_failed(request: Request, exc: Exception) -> Response:
        hub.metrics.database_errors += 1
        log.warning("the database failed: %s", first_line(exc))
        lang = language(request.query_params, request.headers)
        return http_error(503, "storage", DATABASE_FAILED, lang)

    app = Starlette(
        routes=[
            Route("/healthz", healthz),
            Route("/api/lobby", lobby),
            Route("/metrics", metrics),
            *replay_routes(hub),
            *review_routes(hub, reviews),
            *rulebook_routes(hub),
            *account_routes(directory, hub.sockets.end_sessions, offers),
            *history_routes(hub.store, directory, hub.sockets.end_sessions),
            *signin_routes(
                directory,
                Credentials(hub.store.engine),
                hub.sockets.end_sessions,
                hub.settings.allowed_origins,
                hub.settings.passwords,
                attempts,
            ),
            WebSocketRoute("/ws", socket),
            *web_routes(
                hub.settings.bot_pace, hub.settings.pause
            ),  # last: the page is the catch-all at /
        ],
        lifespan=lifespan,
        exception_handlers={DatabaseError: database_failed, Refused: refused},
        middleware=[
            Middleware(SecurityHeaders),  # outermost: on every response, errors included
            # the page's files travel at about a third of their size (benchmarks/page_weight.py)
            Middleware(GZipMiddleware, minimum_size=1024),
            # who is asking, and refusals of what another site's page makes a browser send
            Middleware(Guard, directory=directory, allowed=hub.settings.allowed_origins),
        ],
    )
    app.state.hub = hub
    app.state.attempts = attempts
    return app


async def _answer(hub: Hub, conn: Connection, body: str | bytes, bucket: Bucket) -> None:
    """One frame: handled, or refused with an error message; logged either way (a ping
    only when refused: heartbeats are no room's events)."""
    started, room, seat = time.perf_counter(), conn.room, conn.seat
    msg: Any = None
    refused: ProtocolError | None = None
    try:
        if not bucket.take():
            raise ProtocolError("rate_limited", "slow down: too many messages")
        msg = parse(body)
        await _handle(hub, conn, msg)
    except ProtocolError as exc:
        refused = exc
    except BigTwoError as exc:
        refused = ProtocolError("bad_input", str(exc), **exc.params)
    except DatabaseError as exc:  # away past the retries: the connection stays, refused
        hub.metrics.database_errors += 1
        log.warning("room=%s the database failed: %s", conn.room, first_line(exc))
        refused = ProtocolError("storage", DATABASE_FAILED)
    if refused is not None:  # with the id of the request it answers
        hub.metrics.refusals[refused.code] += 1
        known = hub.rooms.get(conn.room) if conn.room is not None else None
        names = known.names if known is not None else ()
        await conn.tell(refusal(refused, refused.id if msg is None else msg.id, conn.lang, names))
    elif isinstance(msg, Ping):
        return
    elif isinstance(msg, Act):
        hub.metrics.actions += 1
    if conn.room is not None:  # where it ended up (a leave: where it was)
        room, seat = conn.room, conn.seat
    room_log.request(room, seat, msg, started, refused)


async def _pong(hub: Hub, conn: Connection, _: Ping) -> None:
    await conn.tell(Pong())


async def _unwatch(hub: Hub, conn: Connection, _: Unwatch) -> None:
    """The room's messages stop; a seat stays its player's."""
    code = conn.room
    if code is None:
        raise ProtocolError("not_watching", "this connection follows no room")
    await hub.leave_socket(conn)
    await conn.tell(Unwatched(room=code))


# Each request type's handler: a new type is its model (`protocol`), a line here, its test.
HANDLERS: dict[type, Callable[[Hub, Connection, Any], Awaitable[None]]] = {
    Ping: _pong,
    Create: Hub.create,
    Join: lambda hub, conn, m: hub.join(conn, m.room, m.name, m.seat),
    Resume: lambda hub, conn, m: hub.resume(conn, m.room, m.token, m.last),
    Watch: lambda hub, conn, m: hub.watch(conn, m.room, m.last, m.name),
    Unwatch: _unwatch,
    Act: Hub.act,
    Why: lambda hub, conn, m: hub.why(conn, m.action),
    Host: Hub.host,
    Leave: lambda hub, conn, _: hub.leave(conn),
    Vote: lambda hub, conn, m: hub.vote(conn, m.yes),
    Ready: lambda hub, conn, _: hub.ready(conn),
    Rematch: lambda hub, conn, m: hub.ask_rematch(conn, m.yes),
    Chat: lambda hub, conn, m: hub.chat(conn, m.text),
}
assert set(HANDLERS) == set(INBOUND.values()), "every request type has its handler"


async def _handle(hub: Hub, conn: Connection, msg: Any) -> None:
    await HANDLERS[type(msg)](hub, conn, msg)
