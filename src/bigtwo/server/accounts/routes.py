"""``/api/me``: who I am (a first visit becomes a guest here), renaming myself, my devices
(sessions) and revoking one, signing out. Each state-changing route has passed `Guard`'s
CSRF check before it runs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .directory import Directory, Session
from .guard import COOKIE, csrf_token, secret_of, secure, session_of
from .people import display_problem, handle_problem
from .refusals import Refused

COOKIE_AGE = 400 * 86400  # seconds: the most a browser keeps a cookie
EndSession = Callable[[list[str]], Awaitable[int]]  # close ended sessions' sockets, everywhere


async def body_of(request: Request) -> dict[str, Any]:
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError:
        raise Refused(400, "bad_request", "the request's body is not JSON") from None
    if not isinstance(body, dict):
        raise Refused(400, "bad_request", "the request's body is not a JSON object")
    return body


def signed_in(request: Request) -> Session:
    session = session_of(request)
    if session is None:
        raise Refused(401, "signed_out", "you are not signed in here: reload the page")
    return session


def set_cookie(request: Request, response: Response, secret: str) -> None:
    response.set_cookie(
        COOKIE,
        secret,
        max_age=COOKIE_AGE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure(request.scope),
    )


def no_store(response: Response) -> Response:
    """A person's own answers are never kept by a cache between them and the server."""
    response.headers["Cache-Control"] = "no-store"
    return response


def me_body(session: Session, secret: str, extra: dict[str, Any]) -> dict[str, Any]:
    return {
        "person": session.person.public(),
        "session": session.ref,
        "csrf": csrf_token(secret),
        **extra,
    }


def agent_summary(agent: str) -> str:
    """A browser's ``User-Agent`` in a few words for the devices page (``Firefox, Linux``);
    the string's start where neither is known.

    >>> agent_summary("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
    'Firefox, Linux'
    """
    browsers = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"))
    browser = next((name for mark, name in browsers if mark in agent), "")
    if not browser and "Safari/" in agent:
        browser = "Safari"
    systems = (
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    )
    system = next((name for mark, name in systems if mark in agent), "")
    said = ", ".join(w for w in (browser, system) if w)
    return said or agent[:60]


def address_of(request: Request) -> str:
    return request.client.host if request.client else ""


def account_routes(
    directory: Directory, end_session: EndSession, extra: Callable[[Session], dict[str, Any]]
) -> list[BaseRoute]:
    """The routes; ``extra`` adds to ``GET /api/me``'s answer what the server offers (which
    ways to sign in) and what other parts know of the session's person (an operator?): it
    may read the database, and runs in a worker thread."""

    async def me(request: Request) -> Response:
        """Who I am; a first visit (or a cookie no longer good) becomes a new guest."""
        session, secret = session_of(request), secret_of(request)
        if session is not None and secret is not None:
            more = await run_in_threadpool(extra, session)
            return no_store(JSONResponse(me_body(session, secret, more)))
        agent = agent_summary(request.headers.get("user-agent", ""))
        fresh, new_secret = await run_in_threadpool(directory.new_guest, agent, address_of(request))
        more = await run_in_threadpool(extra, fresh)
        response = no_store(JSONResponse(me_body(fresh, new_secret, more)))
        set_cookie(request, response, new_secret)
        return response

    async def rename(request: Request) -> Response:
        session = signed_in(request)
        body = await body_of(request)
        handle, display = body.get("handle"), body.get("display_name")
        if handle is not None and handle_problem(handle):
            raise Refused(
                400, "bad_handle", "a handle is 3 to 20 letters, digits, _ or -", field="handle"
            )
        if display is not None and display_problem(display):
            raise Refused(400, "bad_display_name", "a display name is up to 32 characters")
        if not await run_in_threadpool(directory.rename, session.person.id, handle, display):
            raise Refused(409, "handle_taken", "that handle is taken: choose another")
        person = await run_in_threadpool(directory.person, session.person.id)
        assert person is not None  # signed in: the person exists
        return JSONResponse({"person": person.public()})

    async def sessions(request: Request) -> Response:
        session = signed_in(request)
        rows = await run_in_threadpool(directory.sessions, session.person.id)
        listed = [
            {**{k: v for k, v in r.items() if k != "id"}, "current": r["id"] == session.id}
            for r in rows
        ]
        return JSONResponse({"sessions": listed})

    async def revoke(request: Request) -> Response:
        session = signed_in(request)
        ref = request.path_params["ref"]
        person = session.person.id
        ended = await run_in_threadpool(directory.revoke, person, ref, person)
        if ended is None:
            raise Refused(404, "no_session", "you have no such session", ref=ref)
        closed = await end_session([ended])
        response = JSONResponse({"revoked": ref, "closed": closed})
        if ended == session.id:
            response.delete_cookie(COOKIE, path="/")
        return response

    async def sign_out(request: Request) -> Response:
        session = signed_in(request)
        person = session.person.id
        await run_in_threadpool(directory.revoke, person, session.ref, person)
        closed = await end_session([session.id])
        response = JSONResponse({"signed_out": True, "closed": closed})
        response.delete_cookie(COOKIE, path="/")
        return response

    return [
        Route("/api/me", me, methods=["GET"]),
        Route("/api/me", rename, methods=["POST"]),
        Route("/api/me/sessions", sessions, methods=["GET"]),
        Route("/api/me/sessions/{ref}/revoke", revoke, methods=["POST"]),
        Route("/api/signout", sign_out, methods=["POST"]),
    ]
