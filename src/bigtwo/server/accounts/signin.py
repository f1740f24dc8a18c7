"""Accounts: passkeys (register, sign in, list, remove), recovery codes, and passwords
where an operator turned them on. A guest who registers a passkey (or sets a password)
becomes an account with the same person id. Signing in starts a new session (the one
before is revoked and its sockets closed, so a cookie planted before cannot follow the
sign-in); a failed attempt says only that it failed, and attempts are limited per address
and per account (`limits`)."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from types import ModuleType
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .credentials import Credentials
from .directory import Directory
from .guard import own_origin
from .limits import Attempts
from .refusals import Refused
from .routes import (
    EndSession,
    address_of,
    agent_summary,
    body_of,
    me_body,
    no_store,
    set_cookie,
    signed_in,
)

NAME_LIMIT = 64
PASSWORD = (10, 200)  # the length a password may have
FAILED = "that didn't sign you in: check it and try again"
FAIL_DELAY = 0.25  # seconds a failed attempt waits, the same whatever failed


def rp_id(request: Request) -> str:
    """The passkeys' relying party: the host name the browser asked for (no port)."""
    host = request.headers.get("host", "")
    return host[1 : host.index("]")] if host.startswith("[") else host.rsplit(":", 1)[0]


def passkeys_module() -> ModuleType:
    from . import passkeys  # imported when first used: it needs the webauthn library

    return passkeys


def signin_routes(
    directory: Directory,
    credentials: Credentials,
    end_session: EndSession,
    allowed: tuple[str, ...],
    passwords: bool,
    attempts: Attempts | None = None,
) -> list[BaseRoute]:
    tries = attempts or Attempts(directory.engine)

    def origins(request: Request) -> list[str]:
        return [own_origin(request.scope, request.headers), *allowed]

    async def signed_in_as(request: Request, person: str, how: str) -> Response:
        """A new session for ``person`` on this browser, in place of the one it had."""
        before = signed_in(request)
        await run_in_threadpool(directory.revoke, before.person.id, before.ref, person)
        await end_session([before.id])
        agent = agent_summary(request.headers.get("user-agent", ""))
        session, secret = await run_in_threadpool(
            directory.open_session, person, agent, address_of(request)
        )
        await run_in_threadpool(directory.log, "signed_in", person, person, how=how)
        response = no_store(JSONResponse(me_body(session, secret, {"passwords": passwords})))
        set_cookie(request, response, secret)
        return response

    async def limited(request: Request, account: str | None = None) -> None:
        wait = await run_in_threadpool(tries.admit, address_of(request), account)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise Refused(
                429,
                "too_many_attempts",
                f"too many sign-in attempts: wait {seconds} seconds and try again",
                seconds=seconds,
            )

    async def failed(account: str | None) -> Refused:
        if account is not None:
            await run_in_threadpool(tries.failed, account)
        await asyncio.sleep(FAIL_DELAY)
        return Refused(401, "sign_in_failed", FAILED)

    # -- passkeys ------------------------------------------------------------------------------
    async def register_begin(request: Request) -> Response:
        session = signed_in(request)
        person = session.person
        existing = [p["id"] for p in await run_in_threadpool(credentials.passkeys, person.id)]
        text, challenge = passkeys_module().register_options(
            rp_id(request), person.id, person.handle, person.display_name, existing
        )
        await run_in_threadpool(credentials.put_challenge, session.id, "register", challenge)
        return no_store(Response(text, media_type="application/json"))

    async def register_finish(request: Request) -> Response:
        session = signed_in(request)
        body = await body_of(request)
        name = body.get("name") or "passkey"
        if not isinstance(name, str) or len(name) > NAME_LIMIT:
            raise Refused(400, "bad_request", "a passkey's name is up to 64 characters")
        passkeys = passkeys_module()
        challenge = await run_in_threadpool(credentials.take_challenge, session.id, "register")
        if challenge is None:
            raise Refused(400, "passkey_failed", "the passkey couldn't be checked: try again")
        try:
            made = passkeys.check_registration(
                body.get("credential"), challenge, rp_id(request), origins(request)
            )
        except passkeys.PasskeyError:
            raise Refused(
                400, "passkey_failed", "the passkey couldn't be checked: try again"
            ) from None
        added = await run_in_threadpool(
            credentials.add_passkey,
            session.person.id,
            made.credential,
            made.public_key,
            made.sign_count,
            name.strip() or "passkey",
        )
        person = await run_in_threadpool(directory.person, session.person.id)
        assert person is not None
        return JSONResponse({"person": person.public(), "passkey": added})

    async def sign_in_begin(request: Request) -> Response:
        session = signed_in(request)
        text, challenge = passkeys_module().sign_in_options(rp_id(request))
        await run_in_threadpool(credentials.put_challenge, session.id, "sign_in", challenge)
        return no_store(Response(text, media_type="application/json"))

    async def sign_in_finish(request: Request) -> Response:
        session = signed_in(request)
        await limited(request)
        body = await body_of(request)
        passkeys = passkeys_module()
        credential = body.get("credential")
        challenge = await run_in_threadpool(credentials.take_challenge, session.id, "sign_in")
        found = passkeys.credential_id(credential)
        row = None if found is None else await run_in_threadpool(credentials.passkey, found)
        if challenge is None or row is None:
            raise await failed(None)
        person = await run_in_threadpool(directory.person, row.person)
        try:
            count = passkeys.check_sign_in(
                credential,
                challenge,
                rp_id(request),
                origins(request),
                row.public_key,
                row.sign_count,
            )
        except passkeys.PasskeyError:
            raise await failed(row.person) from None
        if person is None or person.suspended:
            raise await failed(row.person)
        await run_in_threadpool(credentials.used_passkey, row.id, count)
        return await signed_in_as(request, person.id, "passkey")

    async def passkey_list(request: Request) -> Response:
        session = signed_in(request)
        found = await run_in_threadpool(credentials.passkeys, session.person.id)
        return no_store(JSONResponse({"passkeys": found}))

    async def passkey_remove(request: Request) -> Response:
        session = signed_in(request)
        credential = request.path_params["credential"]
        why = await run_in_threadpool(credentials.remove_passkey, session.person.id, credential)
        if why == "no_passkey":
            raise Refused(404, "no_passkey", "you have no such passkey")
        if why == "last_passkey":
            raise Refused(
                409, "last_passkey", "that is your only passkey: add another before removing it"
            )
        return JSONResponse({"removed": credential})

    # -- recovery codes ------------------------------------------------------------------------
    def account_of(request: Request) -> str:
        session = signed_in(request)
        if session.person.kind != "account":
            raise Refused(
                403, "account_needed", "only an account can do that: create one with a passkey"
            )
        return session.person.id

    async def recovery_make(request: Request) -> Response:
        person = account_of(request)
        codes = await run_in_threadpool(credentials.new_recovery_codes, person)
        return no_store(JSONResponse({"codes": codes}))

    async def recovery_left(request: Request) -> Response:
        person = signed_in(request).person.id
        return no_store(
            JSONResponse({"left": await run_in_threadpool(credentials.recovery_left, person)})
        )

    async def recover(request: Request) -> Response:
        """Sign in with a handle and one of its recovery codes."""
        signed_in(request)
        body = await body_of(request)
        handle, code = body.get("handle"), body.get("code")
        if not isinstance(handle, str) or not isinstance(code, str) or len(code) > 64:
            raise Refused(400, "bad_request", "a recovery needs a handle and a code")
        await limited(request, handle)
        person = await run_in_threadpool(directory.person_by_handle, handle)
        ok = (
            person is not None
            and person.kind == "account"
            and not person.suspended
            and await run_in_threadpool(credentials.use_recovery_code, person.id, code)
        )
        if person is None or not ok:
            raise await failed(handle)
        return await signed_in_as(request, person.id, "recovery_code")

    # -- passwords (an operator's choice) ------------------------------------------------------
    hasher: Callable[[], Any] = _hasher

    def passwords_on() -> None:
        if not passwords:
            raise Refused(404, "passwords_off", "this server doesn't use passwords")

    async def password_set(request: Request) -> Response:
        passwords_on()
        session = signed_in(request)
        body = await body_of(request)
        password = body.get("password")
        low, high = PASSWORD
        if not isinstance(password, str) or not low <= len(password) <= high:
            raise Refused(400, "bad_password", "a password is 10 to 200 characters")
        hashed = await run_in_threadpool(hasher().hash, password)
        await run_in_threadpool(credentials.set_password, session.person.id, hashed)
        person = await run_in_threadpool(directory.person, session.person.id)
        assert person is not None
        return JSONResponse({"person": person.public()})

    async def password_sign_in(request: Request) -> Response:
        passwords_on()
        signed_in(request)
        body = await body_of(request)
        handle, password = body.get("handle"), body.get("password")
        if not isinstance(handle, str) or not isinstance(password, str) or len(password) > 200:
            raise Refused(400, "bad_request", "signing in needs a handle and a password")
        await limited(request, handle)
        person = await run_in_threadpool(directory.person_by_handle, handle)
        stored = (
            None
            if person is None
            else await run_in_threadpool(credentials.password_hash, person.id)
        )
        ok = await run_in_threadpool(_verify, hasher(), stored, password)
        if person is None or stored is None or not ok or person.suspended:
            raise await failed(handle)
        if hasher().check_needs_rehash(stored):
            rehashed = await run_in_threadpool(hasher().hash, password)
            await run_in_threadpool(
                credentials.set_password, person.id, rehashed, "password_rehashed"
            )
        return await signed_in_as(request, person.id, "password")

    return [
        Route("/api/passkeys/register/begin", register_begin, methods=["POST"]),
        Route("/api/passkeys/register/finish", register_finish, methods=["POST"]),
        Route("/api/passkeys/sign-in/begin", sign_in_begin, methods=["POST"]),
        Route("/api/passkeys/sign-in/finish", sign_in_finish, methods=["POST"]),
        Route("/api/me/passkeys", passkey_list, methods=["GET"]),
        Route("/api/me/passkeys/{credential}/remove", passkey_remove, methods=["POST"]),
        Route("/api/me/recovery-codes", recovery_left, methods=["GET"]),
        Route("/api/me/recovery-codes", recovery_make, methods=["POST"]),
        Route("/api/recover", recover, methods=["POST"]),
        Route("/api/me/password", password_set, methods=["POST"]),
        Route("/api/password/sign-in", password_sign_in, methods=["POST"]),
    ]


_HASHER: list[Any] = []


def _hasher() -> Any:
    """argon2-cffi's hasher (argon2id, its recommended costs), made when first needed."""
    if not _HASHER:
        from ...extras import require

        require("server", "passwords", ["argon2"])
        from argon2 import PasswordHasher

        _HASHER.append(PasswordHasher())
    return _HASHER[0]


def _verify(hasher: Any, stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one hashed in ``stored``; with none stored, a hash is
    checked all the same, so that the time taken doesn't tell which handles have one."""
    from argon2.exceptions import Argon2Error, InvalidHashError

    if not _DUMMY:
        _DUMMY.append(hasher.hash("not anyone's password"))
    try:
        hasher.verify(_DUMMY[0] if stored is None else stored, password)
    except (Argon2Error, InvalidHashError):
        return False
    return stored is not None


_DUMMY: list[str] = []  # a hash of no one's password
