"""A person's own data over HTTP, each route for the person signed in and nobody else (the
session is the only way a route learns whose data to read: no route takes a person's id):

- ``GET /api/me/games?page=P&size=N``: their deals, the latest first;
- ``GET /api/me/stats``: by preset, and their points over time;
- ``GET /api/me/profile``, ``POST /api/me/profile``: the profile (`profile`);
- ``GET /api/me/export``: everything about them as a JSON download;
- ``POST /api/me/delete`` with ``{"handle": …}`` (their own, typed again): the account goes.

And the operator's (``/api/admin/…``, refused to everyone else as 404, so that the page
names nothing to them): what needs attention, an action on a person by handle, and the
audit log's latest lines (``GET /api/admin/audit?size=N``).
"""

from __future__ import annotations

import time
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..accounts import Directory, Refused
from ..accounts.guard import COOKIE, session_of
from ..accounts.routes import EndSession, body_of, no_store, signed_in
from ..store import Store
from . import admin, games, profile


def _number(request: Request, name: str, default: int, most: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not (text.isascii() and text.isdigit()) or int(text) > most:  # int('²') fails
        raise Refused(400, "bad_field", f"{name} is a whole number from 0 to {most}", field=name)
    return int(text)


def history_routes(store: Store, directory: Directory, end_session: EndSession) -> list[BaseRoute]:
    engine = store.engine

    async def my_games(request: Request) -> Response:
        person = signed_in(request).person.id
        page = _number(request, "page", 0, 1_000_000)
        size = max(1, _number(request, "size", games.PAGE, games.MAX_PAGE))
        found = await run_in_threadpool(games.games, engine, person, page, size)
        return no_store(JSONResponse(found))

    async def my_stats(request: Request) -> Response:
        person = signed_in(request).person.id
        return no_store(JSONResponse(await run_in_threadpool(games.stats, engine, person)))

    async def my_profile(request: Request) -> Response:
        person = signed_in(request).person.id

        def read() -> dict[str, Any]:
            with engine.connect() as conn:
                return profile.read(conn, person)

        return no_store(JSONResponse({"profile": await run_in_threadpool(read)}))

    async def set_profile(request: Request) -> Response:
        person = signed_in(request).person.id
        body = await body_of(request)
        for field, value in body.items():
            problem = profile.problem(field, value)
            if problem is not None:
                raise Refused(400, "bad_field", problem, field=field)

        def write() -> dict[str, Any]:
            with engine.begin() as conn:
                was = profile.read(conn, person)
                now = profile.write(conn, person, body)
            if was["dataset"] != now["dataset"]:  # a consent given or withdrawn: kept
                directory.log(
                    "dataset_" + ("given" if now["dataset"] else "withdrawn"), person, person
                )
            return now

        return JSONResponse({"profile": await run_in_threadpool(write)})

    async def my_export(request: Request) -> Response:
        person = signed_in(request).person
        found = await run_in_threadpool(games.export, engine, directory, person.id)
        response = no_store(JSONResponse(found))
        day = time.strftime("%Y-%m-%d", time.gmtime())
        name = f"bigtwo-{person.handle}-{day}.json"
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    async def delete_me(request: Request) -> Response:
        session = signed_in(request)
        body = await body_of(request)
        if body.get("handle") != session.person.handle:
            raise Refused(
                400, "confirm_handle", "type your handle to confirm that you delete your account"
            )
        person = session.person.id
        sessions = await run_in_threadpool(games.delete, engine, person, person)
        await end_session(sessions)
        response = JSONResponse({"deleted": True})
        response.delete_cookie(COOKIE, path="/")
        return response

    async def operator(request: Request) -> str:
        """The operator asking (their person id); 404 for anyone else, someone with no
        session included (a 401 would say that the route is there)."""
        session = session_of(request)
        if session is None or not await run_in_threadpool(
            admin.is_operator, engine, session.person.id
        ):
            raise Refused(404, "not_found", "there is no such page")
        return session.person.id

    async def attention(request: Request) -> Response:
        await operator(request)
        found = await run_in_threadpool(admin.attention, directory, store)
        return no_store(JSONResponse(found))

    async def audit(request: Request) -> Response:
        await operator(request)
        size = max(1, _number(request, "size", admin.RECENT, admin.MAX_RECENT))
        lines = await run_in_threadpool(admin.recent, directory, size)
        return no_store(JSONResponse({"lines": lines}))

    async def operate(request: Request) -> Response:
        actor = await operator(request)
        body = await body_of(request)
        action, handle = body.get("action"), body.get("handle")
        reason = body.get("reason", "")
        if action not in admin.ACTIONS or not isinstance(handle, str):
            raise Refused(
                400, "bad_request", f"action is one of {', '.join(admin.ACTIONS)}, with a handle"
            )
        if not isinstance(reason, str) or len(reason) > 200:
            raise Refused(400, "bad_field", "a reason is up to 200 characters", field="reason")
        try:
            ended = await run_in_threadpool(admin.act, directory, action, handle, actor, reason)
        except admin.AdminError as exc:
            raise Refused(409 if exc.code != "no_person" else 404, exc.code, exc.message) from None
        closed = await end_session(ended)
        return JSONResponse({"done": action, "handle": handle, "closed": closed})

    return [
        Route("/api/me/games", my_games, methods=["GET"]),
        Route("/api/me/stats", my_stats, methods=["GET"]),
        Route("/api/me/profile", my_profile, methods=["GET"]),
        Route("/api/me/profile", set_profile, methods=["POST"]),
        Route("/api/me/export", my_export, methods=["GET"]),
        Route("/api/me/delete", delete_me, methods=["POST"]),
        Route("/api/admin/attention", attention, methods=["GET"]),
        Route("/api/admin/audit", audit, methods=["GET"]),
        Route("/api/admin/act", operate, methods=["POST"]),
    ]
