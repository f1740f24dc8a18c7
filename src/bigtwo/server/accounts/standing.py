"""A person suspended or restored by an operator: the flag and the audit log (`Directory`),
and, for a suspension, the hub told to close each of their open sockets at once (a session
check at each request stops the rest). The operator's commands and page call this."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from .directory import Directory
from .routes import EndSession


async def set_suspended(
    directory: Directory, end_session: EndSession, person: str, suspended: bool, actor: str | None
) -> int | None:
    """Suspend (True) or restore ``person``; the sockets closed (None: no such person).
    Only this process's sockets close (with ``--workers``, those of the others stay open
    until they drop, though their session signs nobody in any more)."""
    sessions = await run_in_threadpool(directory.set_suspended, person, suspended, actor)
    if sessions is None:
        return None
    closed = 0
    if suspended:
        for session in sessions:
            closed += await end_session(session)
    return closed
