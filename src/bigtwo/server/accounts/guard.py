"""The middleware in front of the app: it finds who is asking from the session cookie, and
refuses what a page on another site could make a browser send with it.

- ``/api/...`` requests and ``/ws`` carry their session (``scope["state"]``) for
  `person_of`; the page's files are served without a look-up.
- A state-changing request (POST, PUT, PATCH, DELETE; not `STATELESS`) must come from the
  page: its Origin, when sent, one this server allows; ``Sec-Fetch-Site``, when sent,
  ``same-origin``; and the session's token in ``X-CSRF-Token`` (read from ``GET /api/me``,
  which a page elsewhere can't read). Refused: 403, a JSON error in the person's language.
- A WebSocket that brings the cookie is accepted only from an allowed Origin (cross-site
  WebSocket hijacking: a browser sends the cookie with a socket any page opens). A socket
  without a cookie (a program: `bigtwo.client`, an invite token) is let through as before:
  it speaks for nobody but its seat tokens.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from ..protocol import http_error, language
from .directory import Directory, Session
from .people import Person
from .refusals import Refused

COOKIE = "bigtwo_session"
CSRF_HEADER = "x-csrf-token"
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
# POSTs that change nothing and speak for nobody, open to programs as to the page: the replay
# and the review of an uploaded record are worked out and sent back, nothing stored
STATELESS = frozenset({"/api/replay", "/api/review"})
REFUSED_SOCKET = 1008  # policy violation: the handshake is answered 403


def csrf_token(secret: str) -> str:
    """The session's token for state-changing requests: derived from the cookie's secret, so
    nothing more is stored, and useless without the cookie."""
    return hmac.new(secret.encode(), b"csrf", hashlib.sha256).hexdigest()


def session_of(conn: HTTPConnection) -> Session | None:
    """The session of a request or socket that passed `Guard` (None: none, or not live)."""
    found = conn.scope.get("state", {}).get("session")
    return found if isinstance(found, Session) else None


def secret_of(conn: HTTPConnection) -> str | None:
    found = conn.scope.get("state", {}).get("secret")
    return found if isinstance(found, str) else None


def person_of(conn: HTTPConnection) -> Person | None:
    """Who is asking: the person of the request's or socket's session (None: nobody signed
    in, a program, or a revoked or unknown cookie). The one way the server learns it."""
    session = session_of(conn)
    return None if session is None else session.person


def own_origin(scope: Scope, headers: Headers) -> str:
    """This server's origin as the browser sees it: the scheme (``https`` where uvicorn
    trusted a proxy's ``X-Forwarded-Proto``) and the ``Host`` the browser asked for."""
    scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
    return f"{scheme}://{headers.get('host', '')}"


def secure(scope: Scope) -> bool:
    """Did the request come over TLS (to this process, or to a trusted proxy)?"""
    return scope["scheme"] in ("https", "wss")


class Guard:
    def __init__(self, app: ASGIApp, directory: Directory, allowed: Iterable[str] = ()) -> None:
        self.app, self.directory = app, directory
        self.allowed = frozenset(o.rstrip("/") for o in allowed)

    def origin_ok(self, scope: Scope, headers: Headers) -> bool:
        origin = headers.get("origin")
        return origin is None or origin in self.allowed or origin == own_origin(scope, headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or (
            kind == "http" and not scope["path"].startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        secret = _cookie(headers)
        if kind == "websocket" and secret is not None and not self.origin_ok(scope, headers):
            await send({"type": "websocket.close", "code": REFUSED_SOCKET, "reason": "origin"})
            return
        session = None
        if secret is not None:
            session = await run_in_threadpool(self.directory.session, secret)
        state = scope.setdefault("state", {})
        state["session"], state["secret"] = session, secret if session is not None else None
        if kind == "http" and scope["method"] not in SAFE and scope["path"] not in STATELESS:
            problem = self.forged(scope, headers, secret if session is not None else None)
            if problem is not None:
                lang = language(QueryParams(scope.get("query_string", b"")), headers)
                refusal = http_error(problem.status, problem.code, problem.message, lang)
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def forged(self, scope: Scope, headers: Headers, secret: str | None) -> Refused | None:
        """Why a state-changing request may not be the page's own."""
        site = headers.get("sec-fetch-site")
        if not self.origin_ok(scope, headers) or site not in (None, "same-origin", "none"):
            return Refused(
                403, "bad_origin", "this request came from another site, and was refused"
            )
        sent = headers.get(CSRF_HEADER, "")
        if secret is None or not hmac.compare_digest(sent.encode(), csrf_token(secret).encode()):
            return Refused(
                403, "csrf", "this request lacked the page's token: reload the page and try again"
            )
        return None


def _cookie(headers: Headers) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE and value:
            return value
    return None
