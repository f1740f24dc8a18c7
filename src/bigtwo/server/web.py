"""The browser table: its static files (``bigtwo/web``, shipped in the package) at ``/``, and
``/api/rules``, the presets and the rule options in words and the server's default pace of the
bots and rest between deals, for its form that opens a room."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..rules.catalogue import OPTIONS
from ..rules.config import Rules
from .protocol import PAUSE

WEB = Path(__file__).resolve().parent.parent / "web"
# the page loads nothing but its own files and talks only to its own server
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none';"
    " base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Page(StaticFiles):
    """The page's files, each sent with `HEADERS`."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers.update(HEADERS)
        return response


def web_routes(pace: str = "normal", pause: float = PAUSE) -> list[BaseRoute]:
    """The routes to add after the app's own: the page is the catch-all at ``/``; ``pace`` is
    the bots' pace a room gets when its ``create`` names none (`Settings.bot_pace`), ``pause``
    its rest between deals (`Settings.pause`)."""

    async def rules(_: Request) -> Response:
        presets = [{"name": n, "players": Rules.preset(n).players} for n in Rules.presets()]
        options = [{"name": name, "meaning": meaning} for name, (_, meaning) in OPTIONS.items()]
        body = {"presets": presets, "options": options, "pace": pace, "pause": pause}
        return JSONResponse(body)

    return [
        Route("/api/rules", rules),
        Mount("/", Page(directory=WEB, html=True), name="web"),
    ]
