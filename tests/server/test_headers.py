"""The security headers: on every response of every route (the page and its files, the JSON
APIs, refusals, errors, ``/healthz``), Strict-Transport-Security only over https, and a page
that needs no inline script or style for its Content-Security-Policy."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from bigtwo import Game
from bigtwo.server.headers import HEADERS
from bigtwo.server.web import WEB

from .test_server_hostile import _close, _open, _play_to_end, _room


def _assert_headers(response: Any, https: bool = False) -> None:
    where = f"{response.request.method} {response.request.url} ({response.status_code})"
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, f"{name} missing from {where}"
    hsts = response.headers.get("strict-transport-security")
    assert (hsts is not None) == https, f"Strict-Transport-Security {hsts!r} on {where}"
    if https:
        assert hsts.startswith("max-age=") and int(hsts[8:].split(";")[0]) >= 15552000


def _record() -> str:
    game = Game.deal(seed=3)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    return game.record().dumps()


def test_every_route_answers_with_the_security_headers(test_client: TestClient) -> None:
    ws = _open(test_client)
    code = _room(ws, deals=1)["room"]
    ws.send_json({"type": "host", "what": "start"})
    _play_to_end(ws)
    _close(ws)
    found = {"code": code, "number": "1", "name": "classic", "ref": "x", "credential": "x"}
    unknown = {
        "code": "NOSUCHROOM",
        "number": "99",
        "name": "no-such-rules",
        "ref": "nosuchsession",
        "credential": "nosuchpasskey",
    }
    asked = []
    statuses = set()
    for route in test_client.app.routes:  # type: ignore[attr-defined]
        if isinstance(route, Mount):
            paths = ["/", "/index.html", "/js/app.js", "/no/such/file.txt"]
        elif isinstance(route, Route):
            names = re.findall(r"{(\w+)}", route.path)
            paths = [route.path.format(**{n: found[n] for n in names})]
            if names:  # and a refusal
                paths.append(route.path.format(**{n: unknown[n] for n in names}))
        else:  # the WebSocket: no HTTP response to carry headers
            continue
        for path in paths:
            methods = sorted((getattr(route, "methods", None) or {"GET"}) - {"HEAD"})
            for method in methods:
                body = _record() if method == "POST" else None
                got = test_client.request(method, path, content=body)
                _assert_headers(got)
                asked.append(path)
                statuses.add(got.status_code)
            got = test_client.delete(path)  # a method no route allows
            _assert_headers(got)
            statuses.add(got.status_code)
    assert {"/healthz", "/api/lobby", "/api/rules", "/", f"/api/rooms/{code}"} <= set(asked)
    assert {200, 404, 405} <= statuses, statuses
    bad = test_client.post("/api/replay", content=b"not a record")  # a refusal in words
    assert bad.status_code == 400
    _assert_headers(bad)


def test_https_adds_strict_transport_security(test_client: TestClient) -> None:
    for path in ("/", "/healthz", "/api/lobby", "/api/rooms/NOSUCHROOM"):
        _assert_headers(test_client.get(f"https://testserver{path}"), https=True)
        _assert_headers(test_client.get(f"http://testserver{path}"), https=False)


def test_a_handler_that_fails_still_answers_with_the_headers() -> None:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware

    from bigtwo.server.headers import SecurityHeaders

    async def broken(_: Any) -> Any:
        raise RuntimeError("a bug")

    app = Starlette(routes=[Route("/", broken)], middleware=[Middleware(SecurityHeaders)])
    with TestClient(app, raise_server_exceptions=False) as client:
        got = client.get("/")
    assert got.status_code == 500
    _assert_headers(got)


class _Page(HTMLParser):
    """What of a page a Content-Security-Policy without 'unsafe-inline' would block."""

    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        handlers = [n for n in named if n.startswith("on")]
        if handlers:
            self.inline.append(f"<{tag} {handlers[0]}=…>")
        if "style" in named:
            self.inline.append(f"<{tag} style=…>")
        if tag == "style":
            self.inline.append("<style>")
        if tag == "script":
            if named.get("src"):
                self.scripts.append(str(named["src"]))
            else:
                self.inline.append("<script> without src")
        for name in ("href", "src", "action"):
            if (named.get(name) or "").strip().lower().startswith("javascript:"):
                self.inline.append(f"<{tag} {name}=javascript:…>")


def test_the_page_has_no_inline_script_or_style() -> None:
    page = _Page()
    page.feed((WEB / "index.html").read_text(encoding="utf-8"))
    assert page.inline == []
    assert page.scripts and all(not re.match(r"\w+:|//", s) for s in page.scripts)  # its own
    policy = HEADERS["Content-Security-Policy"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
