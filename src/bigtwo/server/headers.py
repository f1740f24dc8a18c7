"""The security headers every HTTP response carries (the page, its files, the JSON APIs,
errors, ``/healthz``, ``/metrics``), set in one place: an ASGI middleware outside everything
else the app does, so that no route can forget them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# The page loads nothing but its own files (no inline script or style, no other origin) and
# talks only to its own server; no other site may frame it (clickjacking) or learn which
# room's address a player came from.
POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none';"
    " frame-ancestors 'none'; form-action 'self'"
)
# Powerful features the game never uses, off for the page and anything it could load (the
# sign-in's passkeys, publickey-credentials-*, keep their default: this origin). Only
# features browsers know: Chromium warns on every page load of one it doesn't (bluetooth).
FEATURES = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(),"
    " midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": FEATURES,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}
# Only over https (directly, or through a proxy trusted to say so: uvicorn's
# FORWARDED_ALLOW_IPS and X-Forwarded-Proto): sent over plain http it would be ignored at
# best, and a LAN server that never has a certificate must not be pinned to https.
HSTS = ("strict-transport-security", "max-age=31536000; includeSubDomains")
_RAW = [(name.lower().encode(), value.encode()) for name, value in HEADERS.items()]
_HSTS = (HSTS[0].encode(), HSTS[1].encode())
_FAILED = b"the server failed to answer this request"


class SecurityHeaders:
    """Adds `HEADERS` (and `HSTS` over https) to every HTTP response of ``app``, replacing
    any of the same name. A request whose handler raised before answering is answered 500
    here, with them, and the error goes on to be logged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = [*_RAW, _HSTS] if scope.get("scheme") == "https" else _RAW
        names = {name for name, _ in extra}
        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in names]
                message["headers"] = kept + extra
            await send(message)

        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            if started:
                raise
            await with_headers(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                }
            )
            await send({"type": "http.response.body", "body": _FAILED})
            raise
